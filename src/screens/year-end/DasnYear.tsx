import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney, formatPercent } from '@/lib/format'
import { dueWords } from '@/kernel/dates'
import { todayInBrazil } from '@/schemas/finance-common'
import type { Company } from '@/schemas/company'
import { declarationStatusLabels, type Dasn } from '@/schemas/year-end'
import { dasnQueryOptions } from '@/services/year-end'
import { competenceLabel } from '@/screens/simples'
import { Alert, Badge } from '@/ui/Feedback'
import { DescriptionList } from '@/ui/DescriptionList'
import { fineText, outcomeLabels, outcomeTone, statusTone } from './format'
import styles from './YearEnd.module.css'

/**
 * The MEI's year on its panel: where this year's revenue stands against the limit of its
 * DASN-SIMEI (within; up to 20 % over, with the DAS on the excess; more than 20 %, MEI lost back
 * to the start of the year) as the year goes, and last year's declaration.
 */
export function DasnYear({ company, year }: { company: Company; year: number }) {
  const { data: dasn } = useSuspenseQuery(dasnQueryOptions(company.id, year))
  const before = dasn.openedOn !== null && dasn.openedOn < `${year}-01-01`
  return (
    <div className="stack">
      <Outcome dasn={dasn} />
      {before && <LastYear companyId={company.id} year={year - 1} />}
    </div>
  )
}

function Outcome({ dasn }: { dasn: Dasn }) {
  const { year } = dasn
  return (
    <div className="stack">
      <p>
        <Badge tone={outcomeTone[dasn.outcome]}>{outcomeLabels[dasn.outcome]}</Badge>{' '}
        {dasn.yearOver ? `em ${year}` : `até agora em ${year}`}: {formatMoney(dasn.total)} de{' '}
        {formatMoney(dasn.limit)}
        {dasn.limit < 81_000 && ' (limite proporcional ao ano de abertura)'}.
      </p>
      <DescriptionList
        items={[
          {
            term: 'Comércio e indústria',
            value: formatMoney(dasn.revenue.commerce + dasn.revenue.industry),
          },
          { term: 'Serviços', value: formatMoney(dasn.revenue.services) },
          {
            term: 'Teve empregado',
            value: dasn.hadEmployee === null ? 'A informar' : dasn.hadEmployee ? 'Sim' : 'Não',
          },
          { term: 'Entrega da declaração', value: `até ${formatDate(dasn.dueDate)}` },
        ]}
      />
      {dasn.outcome === 'excess-up-to-20' && dasn.complementaryDas && (
        <Alert
          tone="warning"
          title={`Excesso de ${formatMoney(dasn.excess)} (${formatPercent(dasn.excessShare, 1)})`}
        >
          A empresa continua MEI até dezembro e passa a microempresa (ME) em{' '}
          {formatDate(dasn.meFrom!)}. O excesso paga um DAS de{' '}
          {formatMoney(dasn.complementaryDas.amount)}, com o DAS de janeiro (
          {dueWords(dasn.complementaryDas.dueDate, todayInBrazil()).text}).
        </Alert>
      )}
      {dasn.outcome === 'excess-over-20' && (
        <Alert
          tone="danger"
          title={`Excesso de ${formatMoney(dasn.excess)} (${formatPercent(dasn.excessShare, 1)})`}
        >
          Mais de 20 % acima do limite: a empresa sai do MEI desde {formatDate(dasn.meFrom!)} e cada
          mês desde então ({competenceLabel(dasn.monthsToRecalculate[0]!)} a{' '}
          {competenceLabel(dasn.monthsToRecalculate.at(-1)!)}) é recalculado no Simples Nacional,
          com juros e multa. Fale com a contabilidade.
        </Alert>
      )}
      {dasn.outcome === 'within' && !dasn.yearOver && (
        <p className={styles.note}>
          Ainda cabem {formatMoney(Math.max(0, dasn.limit - dasn.total))} no limite de {year}. A
          receita conta as notas emitidas e as vendas sem nota lançadas no mês.
        </p>
      )}
    </div>
  )
}

function LastYear({ companyId, year }: { companyId: string; year: number }) {
  const { data: dasn } = useSuspenseQuery(dasnQueryOptions(companyId, year))
  return (
    <div className="stack">
      <h3>Declaração de {year}</h3>
      <p>
        <Badge tone={statusTone[dasn.status]}>{declarationStatusLabels[dasn.status]}</Badge>{' '}
        {dasn.delivery
          ? `em ${formatDate(dasn.delivery.deliveredOn)}, recibo ${dasn.delivery.receipt}.`
          : `prazo: ${formatDate(dasn.dueDate)}. A contabilidade entrega por você.`}
      </p>
      {dasn.delivery?.fine && <p className={styles.note}>{fineText(dasn.delivery.fine)}.</p>}
      {!dasn.delivery && dasn.fineToday && (
        <p className={styles.note}>Se entregue hoje: {fineText(dasn.fineToday)}.</p>
      )}
    </div>
  )
}
