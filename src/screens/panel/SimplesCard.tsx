import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import { FATOR_R_THRESHOLD, payrollToReachFatorR, perMonthRoundedUp } from '@/kernel/tax/facts'
import type { SimplesMonthView } from '@/schemas/simples/api'
import { monthQueryOptions } from '@/services/simples'
import {
  competenceLabel,
  competenceShort,
  GuideBox,
  MissingList,
  MonthBreakdown,
  MonthFigures,
  monthStateOf,
  monthsUpTo,
} from '@/screens/simples'
import { Button, buttonClass } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { Meter } from '@/ui/Meter'
import { Stat } from '@/ui/Stat'
import { DeclareRevenueDialog } from './DeclareRevenueDialog'
import { PanelCard } from './PanelCard'
import { formatPercent } from './months'
import styles from './PanelScreen.module.css'

/**
 * Simples Nacional (ME/EPP): the DAS of a month — its guide to pay once the accountant closed it,
 * its preview while open — with the breakdown by activity and by tax, RBT12 and the fator R.
 */
export function SimplesCard({
  companyId,
  period,
  today,
  onPeriodChange,
}: {
  companyId: string
  period: string
  /** `YYYY-MM-DD` in Brazil. */
  today: string
  onPeriodChange: (period: string) => void
}) {
  const choices = monthsUpTo(today.slice(0, 7), 12)
  return (
    <PanelCard
      id="simples-nacional"
      title="Simples Nacional"
      description="O DAS do mês, por atividade e por tributo"
      wide
      actions={
        <label className={styles.periodPicker}>
          <span>Competência</span>
          <select value={period} onChange={(event) => onPeriodChange(event.target.value)}>
            {choices.map((month) => (
              <option key={month} value={month}>
                {competenceLabel(month)}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <SimplesMonth companyId={companyId} period={period} today={today} />
    </PanelCard>
  )
}

/**
 * The preview of an open month's DAS, its due date said relative to today: past it, the guide the
 * accountant publishes comes with multa and juros for the day it is paid.
 */
function previewNote(month: SimplesMonthView, today: string) {
  const state = monthStateOf(month, today)
  if (!state.due) return 'Prévia: a guia sai quando a contabilidade fechar o mês.'
  if (state.overdue)
    return `Prévia: ${state.due}. A contabilidade ainda não fechou o mês: a guia vai sair com multa e juros para o dia em que você pagar.`
  return `Prévia: ${state.due}. A guia, com a linha para pagar, sai quando a contabilidade fechar o mês.`
}

function SimplesMonth({
  companyId,
  period,
  today,
}: {
  companyId: string
  period: string
  today: string
}) {
  const { data: month } = useSuspenseQuery(monthQueryOptions(companyId, period))
  const [declaring, setDeclaring] = useState(false)
  // The months before us are the accountant's to declare: the client is asked for what they hold.
  const clientMissing = month.missing.filter(
    (item) => item.code !== 'month-not-over' && item.code !== 'revenue-history-missing',
  )
  return (
    <div className="stack">
      <section aria-labelledby="das-do-mes" className={styles.subsection}>
        <h3 id="das-do-mes" className={styles.subTitle}>
          DAS de {competenceLabel(period)}
        </h3>
        {month.guide ? (
          <GuideBox companyId={companyId} guide={month.guide} headingLevel={4} />
        ) : month.status !== 'open' ? (
          <Stat
            size="md"
            value={formatMoney(0)}
            testId="das-closed"
            note={`Mês fechado pela contabilidade em ${formatDate(month.closedAt ?? '')}: sem DAS a pagar.`}
          />
        ) : (
          <div data-testid="das-preview">
            <Stat
              size="md"
              value={formatMoney(month.das.amount)}
              note={previewNote(month, today)}
            />
            {clientMissing.length > 0 && (
              <Alert tone="warning" title="Para fechar o mês, falta:">
                <MissingList missing={clientMissing} />
                {clientMissing.some((item) => item.code === 'payroll-missing') && (
                  <Link
                    to="/app/payroll"
                    search={{ competencia: period }}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    Lançar o pró-labore
                  </Link>
                )}
              </Alert>
            )}
          </div>
        )}
        {month.missingMonths.length > 0 && (
          <Alert tone="warning" title="Falta a receita de antes de nós">
            A RBT12 deste mês usa {month.missingMonths.length === 1 ? 'o mês' : 'os meses'}{' '}
            {month.missingMonths.map(competenceShort).join(', ')}, de antes dos seus dados aqui, e
            ainda não{' '}
            {month.missingMonths.length === 1 ? 'temos a receita dele' : 'temos a receita deles'}.
            Envie à contabilidade o PGDAS-D desses meses (da contabilidade anterior): sem eles a
            RBT12 sai menor do que é, e o DAS também.
          </Alert>
        )}
        {month.status === 'open' && (
          <p className={styles.note}>
            Vendeu sem nota (mercadorias)?{' '}
            <Button variant="ghost" size="sm" onClick={() => setDeclaring(true)}>
              Informar a receita sem nota
            </Button>
          </p>
        )}
        {month.lateInvoices.length > 0 && (
          <Alert tone="info" title="Notas emitidas depois do fechamento">
            {month.lateInvoices.length}{' '}
            {month.lateInvoices.length === 1
              ? 'nota desta competência foi emitida'
              : 'notas desta competência foram emitidas'}{' '}
            depois que o mês fechou: a contabilidade confere e retifica o DAS se for preciso.
          </Alert>
        )}
      </section>
      <MonthFigures month={month} />
      {month.subjectToFatorR && month.rbt12 > 0 && <FatorRVerdict month={month} />}
      <MonthBreakdown month={month} />
      {declaring && (
        <DeclareRevenueDialog
          companyId={companyId}
          month={month}
          open={declaring}
          onOpenChange={setDeclaring}
        />
      )}
    </div>
  )
}

/** How far the payroll of the 12 months is from 28 % of the revenue, and what that means. */
function FatorRVerdict({ month }: { month: SimplesMonthView }) {
  const payroll = month.payroll12 ?? 0
  const reached = (month.fatorR ?? 0) >= FATOR_R_THRESHOLD
  const target = payrollToReachFatorR(0, month.rbt12)
  const missing = payrollToReachFatorR(payroll, month.rbt12)
  const line = formatPercent(FATOR_R_THRESHOLD, 0)
  const shown = formatPercent(month.fatorR ?? 0, 0)
  return (
    <div>
      <Meter
        label={`Folha dos 12 meses em relação a ${line} da receita`}
        value={payroll}
        max={target}
        tone={reached ? 'normal' : 'warning'}
        valueText={`Fator R de ${shown}; a linha é ${line}`}
        scale={['0 %', `${line} da receita`]}
      />
      <p className={styles.note} data-testid="fator-r-verdict">
        {reached ? (
          <>
            Fator R de {shown}, igual ou acima de {line}: as atividades sujeitas ao fator R são
            tributadas pelo <strong>Anexo III</strong>.
          </>
        ) : (
          <>
            Fator R de {shown}, abaixo de {line}: as atividades sujeitas ao fator R são tributadas
            pelo <strong>Anexo V</strong>. Para chegar a {line}, faltam{' '}
            <strong data-testid="payroll-missing">{formatMoney(missing)}</strong> de folha nos 12
            meses — cerca de {formatMoney(perMonthRoundedUp(missing))} a mais de pró-labore por mês.
          </>
        )}
      </p>
    </div>
  )
}
