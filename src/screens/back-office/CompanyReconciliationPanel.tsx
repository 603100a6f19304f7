import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCount, formatMoney, formatMonthYear } from '@/lib/format'
import { todayInBrazil } from '@/schemas/finance-common'
import {
  reconciliationQueryOptions,
  reconciliationSummaryQueryOptions,
  type ListReconciliationInput,
} from '@/services/bank-statements'
import { Card } from '@/ui/Layout'
import { TextField } from '@/ui/Field'
import { ListView } from '@/ui/List'
import { Stat, StatGrid } from '@/ui/Stat'
import { ReconciliationLines } from '@/screens/bank-statements'
import styles from './BackOffice.module.css'

/** Credits without an invoice a page shows. */
export const CREDITS_PAGE_SIZE = 10

/** The month the tab shows: the one in the address, else this month in São Paulo. */
export const reconciliationMonth = (mes: string | undefined) => mes ?? todayInBrazil().slice(0, 7)

/** The page of the month's credits without an invoice the tab lists. */
export const creditsWithoutInvoiceInput = (
  companyId: string,
  month: string,
  page: number,
): ListReconciliationInput => ({
  companyId,
  status: 'unmatched',
  side: 'credit',
  period: month,
  limit: CREDITS_PAGE_SIZE,
  offset: (page - 1) * CREDITS_PAGE_SIZE,
})

const percent = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—'

/**
 * The accountant's view of a company's bank reconciliation for a month: how much of the money in
 * is matched to invoices, the tax payments matched to guides, the invoices still to be received,
 * and the credits no invoice explains — revenue the month's DAS must include.
 */
export function CompanyReconciliationPanel({
  companyId,
  mes,
  page,
  onChange,
}: {
  companyId: string
  mes: string | undefined
  page: number
  onChange: (next: { mes?: string; semNota?: number }) => void
}) {
  const month = reconciliationMonth(mes)
  const { data: summary } = useSuspenseQuery(
    reconciliationSummaryQueryOptions({ companyId, period: month }),
  )
  const { data: credits } = useSuspenseQuery(
    reconciliationQueryOptions(creditsWithoutInvoiceInput(companyId, month, page)),
  )
  const monthName = formatMonthYear(`${month}-15`)
  return (
    <div className="stack">
      <Card>
        <div className={styles.cardHeader}>
          <h2 className={styles.cardTitle}>Conciliação de {monthName}</h2>
          <div style={{ width: 200 }}>
            <TextField
              label="Mês"
              type="month"
              value={month}
              max={todayInBrazil().slice(0, 7)}
              onChange={(event) =>
                event.target.value && onChange({ mes: event.target.value, semNota: undefined })
              }
            />
          </div>
        </div>
        <StatGrid min={180}>
          <Stat
            label="Entradas conciliadas"
            value={percent(summary.matchedCredits.amount, summary.credits.amount)}
            note={`${formatMoney(summary.matchedCredits.amount)} de ${formatMoney(summary.credits.amount)} (${formatCount(summary.matchedCredits.count, 'entrada', 'entradas')} de ${summary.credits.count})`}
            size="md"
          />
          <Stat
            label="Receita sem nota"
            value={formatMoney(summary.creditsWithoutInvoice.amount)}
            note={`${formatCount(summary.creditsWithoutInvoice.count, 'entrada', 'entradas')} a explicar: o mês só fecha quando cada uma tiver nota ou explicação`}
            size="md"
          />
          <Stat
            label="Sugestões a confirmar"
            value={formatCount(summary.suggestedCredits.count, 'entrada', 'entradas')}
            note={formatMoney(summary.suggestedCredits.amount)}
            size="md"
          />
          <Stat
            label="Impostos pagos conciliados"
            value={`${summary.matchedTaxDebits.count} de ${summary.taxDebits.count}`}
            note={formatMoney(summary.matchedTaxDebits.amount)}
            size="md"
          />
          <Stat
            label="Notas a receber (todos os meses)"
            value={formatCount(summary.invoicesNotReceived.count, 'nota', 'notas')}
            note={formatMoney(summary.invoicesNotReceived.amount)}
            size="md"
          />
        </StatGrid>
      </Card>
      <section aria-labelledby="receita-sem-nota" className="stack">
        <h2 id="receita-sem-nota" className={styles.cardTitle}>
          Receita sem nota em {monthName}
        </h2>
        <ListView
          summary={{ noun: ['entrada sem nota', 'entradas sem nota'] }}
          list={credits}
          empty={{
            title: 'Nenhuma entrada sem nota neste mês',
            description:
              'Toda entrada do extrato tem uma nota emitida, uma sugestão ou uma explicação.',
          }}
          pager={{
            page,
            pageSize: CREDITS_PAGE_SIZE,
            label: 'Páginas da receita sem nota',
            onPage: (next) => onChange({ semNota: next > 1 ? next : undefined }),
          }}
        >
          <ReconciliationLines
            companyId={companyId}
            rows={credits.data}
            label={`Receita sem nota em ${monthName}`}
            audience="accountant"
          />
        </ListView>
      </section>
    </div>
  )
}
