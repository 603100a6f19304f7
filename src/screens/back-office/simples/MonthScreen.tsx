import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatDateTime, formatMoney } from '@/lib/format'
import { todayInBrazil } from '@/schemas/finance-common'
import type { MonthGuide } from '@/schemas/simples/api'
import { companyQueryOptions } from '@/services/companies'
import { payrollKeys, payrollQueryOptions } from '@/services/payroll'
import { monthQueryOptions, useCloseMonth } from '@/services/simples'
import { PayrollForm, PayrollSummary } from '@/screens/payroll'
import {
  competenceLabel,
  GuideBox,
  LatePaymentDialog,
  MissingList,
  MonthBreakdown,
  MonthFigures,
  monthStateOf,
  OVERDUE_LABEL,
} from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Alert, Badge } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { Stat } from '@/ui/Stat'
import { companyLabel } from '../CompanyPicker'
import { PayrollRiskForm } from './PayrollRiskForm'
import { RevenueHistoryForm } from './RevenueHistoryForm'
import { LateCloseDialog, type LateClose } from './LateCloseDialog'

/**
 * /app/admin/simples/$companyId: one company's month for the accountant — the payroll to enter
 * (partners and employees; RAT and FAP for Annex IV), the revenue from before us its RBT12 needs,
 * the calculation (revenue by activity, RBT12, fator R, DAS by tax, the year's limits), what is
 * missing, and "Fechar o mês", which freezes it and publishes the DAS (and the DCTFWeb DARF and
 * the FGTS guide).
 */
export function MonthScreen({ companyId, period }: { companyId: string; period: string }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const { data: month } = useSuspenseQuery(monthQueryOptions(companyId, period))
  const { data: payroll } = useSuspenseQuery(payrollQueryOptions(companyId, period))
  const close = useCloseMonth()
  const queryClient = useQueryClient()
  const label = companyLabel(company)
  const today = todayInBrazil()
  const state = monthStateOf(month, today)
  // A DAS already past due: the close is confirmed first, and its guide then offered updated.
  const [late, setLate] = useState<LateClose | null>(null)
  const [updating, setUpdating] = useState<MonthGuide | null>(null)
  function askToClose() {
    if (state.overdue && month.das.dueDate)
      setLate({ period, dueDate: month.das.dueDate, count: 1, amount: month.das.amount })
    else closeMonth()
  }
  function closeMonth() {
    setLate(null)
    close.mutate(
      { companyId, period },
      {
        onSuccess: (closed) => {
          // The payroll is locked by the close and now shows the guides it made.
          void queryClient.invalidateQueries({ queryKey: payrollKeys.company(companyId) })
          notify.success(
            closed.guide
              ? `Mês fechado: DAS de ${formatMoney(closed.guide.amount)} publicado para ${label}.`
              : `Mês fechado sem DAS a pagar para ${label}.`,
          )
          if (closed.guide?.overdue) setUpdating(closed.guide)
        },
        onError: (error) => notify.error(error.message),
      },
    )
  }
  return (
    <>
      <PageHeader
        title={`Apuração de ${competenceLabel(period)}`}
        description={
          <>
            <Link to="/app/admin/companies/$companyId" params={{ companyId }}>
              {label}
            </Link>{' '}
            · {month.regime === 'mei' ? 'MEI (DAS-MEI fixo)' : 'Simples Nacional (PGDAS-D)'} ·{' '}
            <Link to="/app/admin/simples" search={{ competencia: period }}>
              voltar ao fechamento
            </Link>
          </>
        }
        actions={
          month.status === 'open' && (
            <Button
              onClick={askToClose}
              loading={close.isPending}
              disabled={month.missing.length > 0}
            >
              Fechar o mês
            </Button>
          )
        }
      />
      <div className="stack">
        <Card className="stack">
          <h2>
            DAS de {competenceLabel(period)}{' '}
            <Badge tone={state.overdue ? 'warning' : state.tone}>{state.label}</Badge>
            {state.overdue && (
              <>
                {' '}
                <Badge tone="danger">{OVERDUE_LABEL}</Badge>
              </>
            )}
          </h2>
          {month.guide ? (
            <GuideBox companyId={companyId} guide={month.guide} />
          ) : (
            <Stat
              size="md"
              value={formatMoney(month.das.amount)}
              testId="das-amount"
              note={
                month.status === 'open'
                  ? `Calculado agora${state.due ? `; ${state.due}` : ''}.${state.overdue ? ' Fechado agora, a guia sai vencida: com multa e juros até o dia do pagamento.' : ''}`
                  : 'Mês fechado sem DAS a pagar.'
              }
            />
          )}
          {month.closedAt && <p className="muted">Fechado em {formatDateTime(month.closedAt)}.</p>}
          {month.status === 'open' &&
            (month.missing.length > 0 ? (
              <Alert tone="warning" title="Para fechar o mês, falta:">
                <MissingList missing={month.missing} />
              </Alert>
            ) : (
              <Alert tone="success" title="Pronto para fechar">
                Fechar o mês congela o cálculo e publica a guia para o cliente.
              </Alert>
            ))}
          {month.lateInvoices.length > 0 && (
            <Alert tone="warning" title="Notas emitidas depois do fechamento">
              <ul>
                {month.lateInvoices.map((invoice) => (
                  <li key={invoice.id}>
                    NFS-e {invoice.number ?? '—'} de {formatDate(invoice.date)}:{' '}
                    {formatMoney(invoice.totalValue)}
                    {invoice.issuedAt ? `, emitida em ${formatDateTime(invoice.issuedAt)}` : ''}
                  </li>
                ))}
              </ul>
              Confira e retifique o PGDAS-D se for preciso.
            </Alert>
          )}
        </Card>
        {month.regime === 'simples' && (
          <Card className="stack">
            <h2>Folha do mês</h2>
            <PayrollForm
              key={`${period}-${payroll.updatedAt ?? ''}`}
              companyId={companyId}
              payroll={payroll}
              audience="accountant"
              subjectToFatorR={month.subjectToFatorR}
            />
            {payroll.risk.needed && <PayrollRiskForm companyId={companyId} risk={payroll.risk} />}
            {payroll.entered && <PayrollSummary companyId={companyId} payroll={payroll} />}
            {payroll.guides.map((guide) => (
              <GuideBox key={guide.documentId} companyId={companyId} guide={guide} />
            ))}
          </Card>
        )}
        {month.regime === 'simples' && month.status === 'open' && (
          <Card className="stack">
            <h2>Receita de antes do sistema</h2>
            <RevenueHistoryForm companyId={companyId} missingMonths={month.missingMonths} />
          </Card>
        )}
        <Card className="stack">
          <h2>Cálculo</h2>
          <MonthFigures month={month} />
          <MonthBreakdown month={month} />
        </Card>
      </div>
      <LateCloseDialog
        late={late}
        today={today}
        busy={close.isPending}
        onConfirm={closeMonth}
        onOpenChange={(open) => !open && setLate(null)}
      />
      {updating && (
        <LatePaymentDialog
          companyId={companyId}
          guide={updating}
          open
          onOpenChange={(open) => !open && setUpdating(null)}
        />
      )}
    </>
  )
}
