import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import type { Company } from '@/schemas/company'
import {
  dasMeiDueDate,
  dasMeiFor,
  MEI_ANNUAL_LIMIT,
  MEI_MONTHLY_LIMIT,
  MEI_TOLERANCE,
  MEI_WARNING_SHARE,
  meiActivityKinds,
  meiStanding,
  meiToleranceFor,
  type MeiStanding,
} from '@/schemas/tax'
import { anualBillingQueryOptions } from '@/services/panel'
import { Alert } from '@/ui/Feedback'
import { DescriptionList } from '@/ui/DescriptionList'
import { Meter } from '@/ui/Meter'
import { Stat } from '@/ui/Stat'
import { NO_INVOICES } from './BillingChartCard'
import { PanelCard } from './PanelCard'
import { formatPercent, longMonthLabel } from './months'
import styles from './PanelScreen.module.css'

/** MEI only: the year's billing against the MEI limit, and the month's DAS-MEI. */
export function MeiCard({ company, month }: { company: Company; month: string }) {
  return (
    <PanelCard
      id="limite-mei"
      title="Limite do MEI"
      description="Faturamento do ano até agora e o DAS do mês"
      wide
    >
      <MeiLimit company={company} month={month} />
    </PanelCard>
  )
}

const toneOf: Record<MeiStanding, 'normal' | 'warning' | 'danger'> = {
  ok: 'normal',
  warning: 'warning',
  'over-within-tolerance': 'danger',
  'over-beyond-tolerance': 'danger',
}

function MeiLimit({ company, month }: { company: Company; month: string }) {
  const { data } = useSuspenseQuery(anualBillingQueryOptions(company.id))
  const das = dasMeiFor(meiActivityKinds(company.activities))
  if (!data.mei) return <p className="muted">Esta empresa não é MEI.</p>
  const { year, limit, used, remaining } = data.mei
  const tolerance = meiToleranceFor(limit)
  const standing = meiStanding(used, limit)
  const share = limit > 0 ? used / limit : 0
  const openingYear = limit < MEI_ANNUAL_LIMIT
  const excess = Math.max(0, Math.round((used - limit) * 100) / 100)

  return (
    <div className={styles.meiGrid}>
      <div className="stack">
        <Stat
          value={formatMoney(used)}
          testId="mei-used"
          note={`de ${formatMoney(limit)} em ${year} (${formatPercent(share, 1)})`}
        />
        <Meter
          label={`Faturamento de ${year} em relação ao limite do MEI`}
          value={used}
          max={limit}
          tone={toneOf[standing]}
          marks={[MEI_WARNING_SHARE]}
          valueText={`${formatMoney(used)} de ${formatMoney(limit)}, ${formatPercent(share, 1)} do limite`}
          scale={['R$ 0', formatMoney(limit)]}
        />
        <p className={styles.note}>
          A marca na barra indica {formatPercent(MEI_WARNING_SHARE, 0)} do limite (
          {formatMoney(Math.round(limit * MEI_WARNING_SHARE * 100) / 100)}), a partir de onde o
          painel avisa.
        </p>
        {openingYear && (
          <p className={styles.note}>
            Ano de abertura: o limite é de {formatMoney(MEI_MONTHLY_LIMIT)} por mês de atividade (
            {Math.round(limit / MEI_MONTHLY_LIMIT)} meses).
          </p>
        )}

        {used === 0 && (
          <p className={styles.note}>
            <strong>{NO_INVOICES}</strong> em {year}: o limite inteiro está disponível.
          </p>
        )}
        {standing === 'ok' && used > 0 && (
          <p className={styles.note}>
            Você ainda pode faturar <strong>{formatMoney(remaining)}</strong> em {year} sem sair do
            MEI.
          </p>
        )}
        {standing === 'warning' && (
          <Alert tone="warning" title={`Você já usou ${formatPercent(share, 1)} do limite`}>
            Restam {formatMoney(remaining)} até {formatMoney(limit)}. Planeje os próximos meses com
            o seu contador: passar do limite tira a empresa do MEI.
          </Alert>
        )}
        {standing === 'over-within-tolerance' && (
          <Alert tone="danger" title={`Faturamento acima do limite em ${formatMoney(excess)}`}>
            Como o excesso é de até {formatPercent(MEI_TOLERANCE, 0)} ({formatMoney(tolerance)}), a
            empresa continua MEI até dezembro e passa a ser microempresa no Simples Nacional a
            partir de 1º de janeiro de {year + 1}. O excesso é pago em um DAS complementar.
          </Alert>
        )}
        {standing === 'over-beyond-tolerance' && (
          <Alert
            tone="danger"
            title={`Faturamento mais de ${formatPercent(MEI_TOLERANCE, 0)} acima do limite`}
          >
            Acima de {formatMoney(tolerance)} a empresa sai do MEI desde{' '}
            {openingYear ? 'o mês de abertura' : `1º de janeiro de ${year}`} e paga os tributos do
            Simples Nacional sobre o faturamento desde então, com juros e multa. Fale com o seu
            contador.
          </Alert>
        )}
        {standing !== 'over-within-tolerance' && standing !== 'over-beyond-tolerance' && (
          <details className={styles.details}>
            <summary>O que acontece se passar do limite?</summary>
            <p>
              Até {formatPercent(MEI_TOLERANCE, 0)} acima ({formatMoney(tolerance)}), a empresa
              deixa o MEI a partir de 1º de janeiro do ano seguinte e paga o excesso em um DAS. Mais
              de {formatPercent(MEI_TOLERANCE, 0)} acima, ela sai do MEI desde 1º de janeiro do ano
              (ou desde o mês de abertura, no primeiro ano) e paga os tributos do Simples Nacional
              desse período.
            </p>
          </details>
        )}
      </div>
      <div className={styles.dasBox}>
        <h3 className={styles.subTitle}>DAS-MEI de {longMonthLabel(month)}</h3>
        <Stat
          size="md"
          value={formatMoney(das.total)}
          testId="das-mei"
          note={`vence em ${formatDate(dasMeiDueDate(month))}`}
        />
        <DescriptionList
          items={[
            { term: 'INSS (5 % do salário mínimo)', value: formatMoney(das.inss) },
            ...(das.icms > 0
              ? [{ term: 'ICMS (comércio ou indústria)', value: formatMoney(das.icms) }]
              : []),
            ...(das.iss > 0 ? [{ term: 'ISS (serviços)', value: formatMoney(das.iss) }] : []),
          ]}
        />
      </div>
    </div>
  )
}
