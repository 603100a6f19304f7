import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCount, formatMoney } from '@/lib/format'
import { reconciliationSummaryQueryOptions } from '@/services/bank-statements'
import { buttonClass } from '@/ui/Button'
import { Stat, StatGrid } from '@/ui/Stat'
import { PanelCard } from './PanelCard'

/**
 * Conciliação: the issued invoices whose payment has not shown up in a statement yet, and the
 * money that came in this month without an invoice (revenue the accountant must hear about).
 */
export function ReconciliationCard({ companyId }: { companyId: string }) {
  return (
    <PanelCard
      id="conciliacao"
      title="Conciliação bancária"
      description="Notas e extratos, lado a lado"
      actions={
        <Link
          to="/app/bank-statements/reconciliation"
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
        >
          Ver conciliação
        </Link>
      }
    >
      <ReconciliationFigures companyId={companyId} />
    </PanelCard>
  )
}

function ReconciliationFigures({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(reconciliationSummaryQueryOptions({ companyId }))
  const lines = data.tabs.unmatched + data.tabs.suggested + data.tabs.matched
  return (
    <StatGrid min={160}>
      <Stat
        label="Notas a receber"
        value={formatCount(data.invoicesNotReceived.count, 'nota', 'notas')}
        note={
          data.invoicesNotReceived.count > 0
            ? `${formatMoney(data.invoicesNotReceived.amount)} emitidos sem pagamento no extrato`
            : 'Toda nota emitida já tem o pagamento no extrato'
        }
        size="md"
      />
      <Stat
        label="Entradas sem nota neste mês"
        value={formatCount(data.creditsWithoutInvoice.count, 'entrada', 'entradas')}
        note={
          data.creditsWithoutInvoice.count > 0 ? (
            <Link to="/app/bank-statements/reconciliation">
              {formatMoney(data.creditsWithoutInvoice.amount)} a explicar
            </Link>
          ) : (
            creditsNote(data.credits.count, lines)
          )
        }
        size="md"
      />
    </StatGrid>
  )
}

/** With nothing to explain: no statement at all, none this month, or every credit explained. */
function creditsNote(creditsThisMonth: number, linesEver: number) {
  if (linesEver === 0) return 'Nenhum extrato importado'
  if (creditsThisMonth === 0) return 'Nenhuma entrada no extrato deste mês'
  return 'Toda entrada do mês tem nota ou explicação'
}
