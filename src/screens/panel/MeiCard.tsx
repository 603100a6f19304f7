import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import type { Company } from '@/schemas/company'
import {
  dasMeiDueDate,
  dasMeiOf,
  MEI_ANNUAL_LIMIT,
  MEI_MONTHLY_LIMIT,
  MEI_TOLERANCE,
  MEI_WARNING_SHARE,
  meiExcess,
  meiStanding,
  meiToleranceFor,
  meiWarningFrom,
  type DasMeiEstimate,
  type MeiStanding,
} from '@/kernel/tax/facts'
import { anualBillingQueryOptions } from '@/services/panel'
import { monthQueryOptions } from '@/services/simples'
import { GuideBox } from '@/screens/simples'
import { Alert } from '@/ui/Feedback'
import { DescriptionList } from '@/ui/DescriptionList'
import { Meter } from '@/ui/Meter'
import { Stat } from '@/ui/Stat'
import { formatCnaeCode } from '@/schemas/slug'
import type { ActivityTax } from '@/schemas/cnae'
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
  // The DAS-MEI of this month: its guide once the accountant published it.
  const { data: dasMonth } = useSuspenseQuery(monthQueryOptions(company.id, month))
  const das = dasMeiOf(dasMonth.basis.activities)
  if (!data.mei) return <p className="muted">Esta empresa não é MEI.</p>
  const { year, limit, used, remaining } = data.mei
  const tolerance = meiToleranceFor(limit)
  const standing = meiStanding(used, limit)
  const share = limit > 0 ? used / limit : 0
  const openingYear = limit < MEI_ANNUAL_LIMIT
  const excess = meiExcess(used, limit)

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
          {formatMoney(meiWarningFrom(limit))}), a partir de onde o painel avisa.
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
        {dasMonth.guide ? (
          <GuideBox companyId={company.id} guide={dasMonth.guide} headingLevel={4} />
        ) : (
          <>
            <DasMeiAmount das={das} dueDate={dasMonth.das.dueDate ?? dasMeiDueDate(month)} />
            <p className={styles.note}>
              A guia, com a linha para pagar, aparece aqui quando a contabilidade a publicar.
            </p>
          </>
        )}
      </div>
    </div>
  )
}

/** Why the DAS-MEI has no amount, activity by activity (Resolução CGSN 140/2018, Anexo XI). */
function unknownDasReason(activities: readonly ActivityTax[]): string {
  if (activities.length === 0) return 'a empresa não tem atividades cadastradas'
  const codes = (list: readonly ActivityTax[]) =>
    list.map((activity) => formatCnaeCode(activity.code)).join(', ')
  const notMei = activities.filter((activity) => activity.meiOccupations.length === 0)
  const unsaid = activities.filter((activity) => activity.meiOccupations.length > 0)
  return [
    notMei.length > 0 &&
      `${codes(notMei)} não é ocupação permitida ao MEI (Resolução CGSN 140/2018, Anexo XI)`,
    unsaid.length > 0 &&
      `a tabela de ocupações do MEI não diz se ${codes(unsaid)} paga ICMS ou ISS`,
  ]
    .filter(Boolean)
    .join('; ')
}

/** "Cabeleireiro(a) independente: ISS" — what an occupation pays besides the INSS. */
const occupationTaxes = ({ occupation, icms, iss }: MeiOccupationTaxes) =>
  `${occupation}: ${[icms && 'ICMS', iss && 'ISS'].filter(Boolean).join(' e ') || 'só o INSS'}`
type MeiOccupationTaxes = { occupation: string; icms: boolean | null; iss: boolean | null }

/**
 * The month's DAS-MEI from the occupations of the company's activities (Anexo XI): the amount
 * and what it is made of; when the occupations of an activity pay differently, each possible
 * amount; when the table does not say, no amount at all.
 */
function DasMeiAmount({ das, dueDate }: { das: DasMeiEstimate; dueDate: string }) {
  const due = `vence em ${formatDate(dueDate)}`
  if (das.kind === 'unknown')
    return (
      <>
        <Stat size="md" value="—" testId="das-mei" note={due} />
        <p className={styles.note}>
          Não calculamos o valor: {unknownDasReason(das.activities)}. Confira o valor no DAS emitido
          pela contabilidade.
        </p>
      </>
    )
  if (das.kind === 'depends')
    return (
      <>
        <Stat
          size="md"
          value={das.options.map((option) => formatMoney(option.total)).join(' ou ')}
          testId="das-mei"
          note={due}
        />
        <p className={styles.note}>O valor depende da ocupação registrada no CNPJ:</p>
        <ul className={styles.note}>
          {das.activities.flatMap((activity) =>
            activity.meiOccupations.map((occupation) => (
              <li key={`${activity.code}-${occupation.occupation}`}>
                {occupationTaxes(occupation)}
              </li>
            )),
          )}
        </ul>
      </>
    )
  const { inss, icms, iss, total } = das.das
  return (
    <>
      <Stat size="md" value={formatMoney(total)} testId="das-mei" note={due} />
      <DescriptionList
        items={[
          { term: 'INSS (5 % do salário mínimo)', value: formatMoney(inss) },
          ...(icms > 0
            ? [{ term: 'ICMS (comércio, indústria ou transporte)', value: formatMoney(icms) }]
            : []),
          ...(iss > 0 ? [{ term: 'ISS (serviços)', value: formatMoney(iss) }] : []),
        ]}
      />
    </>
  )
}
