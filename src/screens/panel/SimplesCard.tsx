import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import type { ActivityTax, SimplesAnnex } from '@/schemas/cnae'
import { formatCnaeCode } from '@/schemas/slug'
import {
  companyAnnexes,
  FATOR_R_THRESHOLD,
  fatorRReached,
  fatorRShown,
  payrollToReachFatorR,
  perMonthRoundedUp,
  SIMPLES_CEILING,
  simplesRateFor,
  simplesTaxOn,
  type ActivityAnnex,
  type SimplesRate,
} from '@/schemas/tax'
import { simplesSummaryQueryOptions } from '@/services/panel'
import { Alert, Badge } from '@/ui/Feedback'
import { Meter } from '@/ui/Meter'
import { Stat, StatGrid } from '@/ui/Stat'
import { PanelCard } from './PanelCard'
import { NO_INVOICES } from './BillingChartCard'
import { formatPercent, longMonthLabel } from './months'
import styles from './PanelScreen.module.css'

/**
 * Simples Nacional (ME/EPP): RBT12, the annex of each of the company's activities and its
 * effective rate, and the fator R where an activity is subject to it.
 */
export function SimplesCard({ companyId }: { companyId: string }) {
  return (
    <PanelCard
      id="simples-nacional"
      title="Simples Nacional"
      description="Anexo de cada atividade e alíquota efetiva do mês"
      wide
    >
      <SimplesDetails companyId={companyId} />
    </PanelCard>
  )
}

/** "6911-7/01 Serviços advocatícios". */
export const activityLabel = (activity: ActivityTax) =>
  `${formatCnaeCode(activity.code)} ${activity.text}`

/** Where an activity's revenue is taxed, in words. */
function annexText(annex: ActivityAnnex): string {
  switch (annex.kind) {
    case 'annex':
      return annex.byFatorR ? `Anexo ${annex.annex} (pelo fator R)` : `Anexo ${annex.annex}`
    case 'by-revenue':
      return 'Anexo I na revenda, Anexo II no que a empresa produz'
    case 'barred':
      return 'Impedida de optar pelo Simples Nacional'
    case 'unknown':
      return 'Sem anexo na nossa classificação'
  }
}

function SimplesDetails({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(simplesSummaryQueryOptions(companyId))
  const { rbt12, payroll } = data
  const placement = companyAnnexes(data.activities, payroll, rbt12)
  const reached = fatorRReached(payroll, rbt12)
  const shown = fatorRShown(payroll, rbt12)
  // The fator R only moves activities subject to it between Annexes III and V: both are shown.
  const cards = (['I', 'II', 'III', 'IV', 'V'] as const).filter(
    (annex) =>
      placement.annexes.includes(annex) ||
      (placement.subjectToFatorR && (annex === 'III' || annex === 'V')),
  )
  const unclassified = placement.activities.filter(({ annex }) => annex.kind === 'unknown')
  const barred = placement.activities.filter(({ annex }) => annex.kind === 'barred')
  const estimateRate = placement.estimate && simplesRateFor(rbt12, placement.estimate.annex)
  const main = data.activities[0]

  return (
    <div className="stack">
      <StatGrid>
        <Stat
          label="Receita bruta dos últimos 12 meses (RBT12)"
          value={formatMoney(rbt12)}
          testId="rbt12"
          note={
            <>
              De {formatDate(data.from)} a {formatDate(data.to)}, para a apuração de{' '}
              {longMonthLabel(data.month)}
              {data.monthsOfActivity < 12 &&
                (data.monthsOfActivity === 0
                  ? ' (mês de abertura: o faturamento do mês × 12)'
                  : ` (${data.monthsOfActivity} meses de atividade, proporcional a 12)`)}
              .
            </>
          }
        />
        {placement.subjectToFatorR ? (
          <Stat
            label="Fator R (folha ÷ receita)"
            value={shown === null ? '—' : formatPercent(shown)}
            testId="fator-r"
            note={`Folha dos 12 meses: ${formatMoney(payroll)} (pró-labore, salários, INSS e FGTS).`}
          />
        ) : (
          <Stat
            label="Fator R"
            value="Não se aplica"
            testId="fator-r"
            note="Nenhuma atividade da empresa é sujeita ao fator R: o anexo não muda com a folha de pagamento."
          />
        )}
      </StatGrid>

      {data.activities.length === 0 && (
        <Alert tone="warning" title="Nenhuma atividade (CNAE) cadastrada">
          O anexo do Simples Nacional segue as atividades da empresa: sem elas, não há alíquota a
          mostrar. Fale com a contabilidade para completar o cadastro.
        </Alert>
      )}
      {rbt12 === 0 && (
        <Alert tone="info" title={NO_INVOICES}>
          Sem faturamento nos últimos 12 meses, vale a alíquota da primeira faixa de cada anexo.
        </Alert>
      )}
      {rbt12 > SIMPLES_CEILING && (
        <Alert tone="danger" title="Acima do teto do Simples Nacional">
          A receita dos últimos 12 meses passou de {formatMoney(SIMPLES_CEILING)}: fale com o seu
          contador sobre a saída do Simples.
        </Alert>
      )}

      {placement.subjectToFatorR && rbt12 > 0 && (
        <FatorRVerdict payroll={payroll} rbt12={rbt12} reached={reached} shown={shown ?? 0} />
      )}

      {data.activities.length > 0 && (
        <section aria-labelledby="atividades-anexos" className={styles.subsection}>
          <h3 id="atividades-anexos" className={styles.subTitle}>
            Atividades e anexos
          </h3>
          <ul className={`stack ${styles.activityList}`} data-testid="activity-annexes">
            {placement.activities.map(({ activity, annex }, index) => (
              <li key={activity.code}>
                <span>
                  {activityLabel(activity)}
                  {index === 0 && data.activities.length > 1 ? ' (principal)' : ''}
                </span>
                <strong>{annexText(annex)}</strong>
              </li>
            ))}
          </ul>
          <p className={styles.note}>
            Cada receita é tributada no anexo da atividade que a gerou; a alíquota efetiva de cada
            anexo usa a receita total dos últimos 12 meses.
          </p>
        </section>
      )}
      {unclassified.length > 0 && (
        <Alert tone="warning" title="Atividade sem anexo na nossa classificação">
          Não mostramos alíquota para{' '}
          {unclassified.map(({ activity }) => activityLabel(activity)).join('; ')}: em vez de
          arriscar o anexo de outra atividade, confirme com o seu contador onde essa receita é
          tributada.
        </Alert>
      )}
      {barred.length > 0 && (
        <Alert tone="danger" title="Atividade impedida no Simples Nacional">
          {barred.map(({ activity }) => activityLabel(activity)).join('; ')} não pode optar pelo
          Simples Nacional (LC 123/2006, art. 17). Fale com o seu contador.
        </Alert>
      )}

      {cards.length > 0 && (
        <div className={styles.annexes}>
          {cards.map((annex) => (
            <AnnexRate
              key={annex}
              annex={annex}
              rate={simplesRateFor(rbt12, annex)}
              applies={placement.annexes.includes(annex)}
              activities={placement.activities
                .filter(
                  ({ annex: placed }) =>
                    (placed.kind === 'annex' && placed.annex === annex) ||
                    (placed.kind === 'by-revenue' && placed.annexes.includes(annex)),
                )
                .map(({ activity }) => activity)}
            />
          ))}
        </div>
      )}

      {data.currentMonthRevenue > 0 && placement.estimate && estimateRate && (
        <p className={styles.note} data-testid="das-estimate">
          Estimativa do DAS de {longMonthLabel(data.month)} pelo Anexo {placement.estimate.annex}:{' '}
          <strong>{formatMoney(simplesTaxOn(data.currentMonthRevenue, estimateRate))}</strong> sobre{' '}
          {formatMoney(data.currentMonthRevenue)} faturados até agora.
          {placement.estimate.fromMainActivity &&
            main &&
            ` A receita do mês não vem separada por atividade: a estimativa usa o anexo da atividade principal, ${activityLabel(main)}.`}
        </p>
      )}
      {data.currentMonthRevenue > 0 && !placement.estimate && main && (
        <p className={styles.note} data-testid="das-estimate">
          Sem estimativa do DAS de {longMonthLabel(data.month)}: a atividade principal,{' '}
          {activityLabel(main)}, não tem um anexo que possamos usar com segurança.
        </p>
      )}
    </div>
  )
}

function FatorRVerdict({
  payroll,
  rbt12,
  reached,
  shown,
}: {
  payroll: number
  rbt12: number
  reached: boolean
  shown: number
}) {
  // 28 % of RBT12, up to the cent: the payroll a company without any would need.
  const target = payrollToReachFatorR(0, rbt12)
  const missing = payrollToReachFatorR(payroll, rbt12)
  const monthly = perMonthRoundedUp(missing)
  const line = formatPercent(FATOR_R_THRESHOLD, 0)
  return (
    <div>
      <Meter
        label={`Folha dos 12 meses em relação a ${line} da receita`}
        value={payroll}
        max={target}
        tone={reached ? 'normal' : 'warning'}
        valueText={`Fator R de ${formatPercent(shown)}; a linha é ${line}`}
        scale={['0 %', `${line} da receita`]}
      />
      <p className={styles.note} data-testid="fator-r-verdict">
        {reached ? (
          <>
            Fator R de {formatPercent(shown)}, igual ou acima de {line}: as atividades sujeitas ao
            fator R são tributadas pelo <strong>Anexo III</strong>.
          </>
        ) : (
          <>
            Fator R de {formatPercent(shown)}, abaixo de {line}: as atividades sujeitas ao fator R
            são tributadas pelo <strong>Anexo V</strong>. Para chegar a {line}, faltam{' '}
            <strong data-testid="payroll-missing">{formatMoney(missing)}</strong> de folha nos 12
            meses — cerca de {formatMoney(monthly)} a mais de pró-labore por mês.
          </>
        )}
      </p>
    </div>
  )
}

function AnnexRate({
  annex,
  rate,
  applies,
  activities,
}: {
  annex: SimplesAnnex
  rate: SimplesRate | null
  applies: boolean
  activities: ActivityTax[]
}) {
  const id = `anexo-${annex}`
  return (
    <section
      aria-labelledby={id}
      className={[styles.annex, applies ? styles.annexApplies : ''].join(' ')}
      data-testid={id}
    >
      <h3 id={id} className={styles.subTitle}>
        Anexo {annex} {applies && <Badge tone="success">Aplicável</Badge>}
      </h3>
      {rate ? (
        <Stat
          value={formatPercent(rate.effectiveRate)}
          note={
            <>
              Alíquota efetiva na {rate.bracket}ª faixa (até {formatMoney(rate.upTo)}): nominal{' '}
              {formatPercent(rate.nominalRate, 1)}
              {rate.deduction > 0 ? `, menos ${formatMoney(rate.deduction)} de dedução` : ''}.
            </>
          }
        />
      ) : (
        <p className={styles.note}>Sem alíquota: acima do teto do Simples Nacional.</p>
      )}
      {applies && activities.length > 0 && (
        <p className={styles.note}>
          {activities.length === 1 ? 'Atividade' : 'Atividades'}:{' '}
          {activities.map((activity) => formatCnaeCode(activity.code)).join(', ')}.
        </p>
      )}
      {!applies && (annex === 'III' || annex === 'V') && (
        <p className={styles.note}>
          {annex === 'III'
            ? 'Vale para as atividades sujeitas ao fator R quando ele chega a 28 %.'
            : 'Vale para as atividades sujeitas ao fator R enquanto ele fica abaixo de 28 %.'}
        </p>
      )}
      {annex === 'IV' && (
        <p className={styles.note} data-testid="cpp-note">
          No Anexo IV a contribuição previdenciária patronal (CPP) não está no DAS: a empresa a paga
          à parte, sobre a folha e o pró-labore.
        </p>
      )}
    </section>
  )
}
