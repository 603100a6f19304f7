import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import {
  annexByFatorR,
  FATOR_R_THRESHOLD,
  fatorR,
  payrollToReachFatorR,
  SIMPLES_CEILING,
  simplesRateFor,
  type FatorRAnnex,
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

/** Simples Nacional (ME/EPP): RBT12, the effective rate of Annexes III and V, and the fator R. */
export function SimplesCard({ companyId }: { companyId: string }) {
  return (
    <PanelCard
      id="simples-nacional"
      title="Simples Nacional"
      description="Alíquota efetiva e fator R do mês"
      wide
    >
      <SimplesDetails companyId={companyId} />
    </PanelCard>
  )
}

function SimplesDetails({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(simplesSummaryQueryOptions(companyId))
  const { rbt12, payroll } = data
  const applicable = annexByFatorR(payroll, rbt12)
  const rates: Record<FatorRAnnex, SimplesRate | null> = {
    III: simplesRateFor(rbt12, 'III'),
    V: simplesRateFor(rbt12, 'V'),
  }
  const share = fatorR(payroll, rbt12)
  const target = Math.round(rbt12 * FATOR_R_THRESHOLD * 100) / 100
  const missing = payrollToReachFatorR(payroll, rbt12)
  const monthly = Math.ceil((missing / 12) * 100) / 100
  const applicableRate = rates[applicable]
  const estimate = applicableRate
    ? Math.round(data.currentMonthRevenue * applicableRate.effectiveRate * 100) / 100
    : null

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
        <Stat
          label="Fator R (folha ÷ receita)"
          value={share === null ? '—' : formatPercent(share)}
          testId="fator-r"
          note={`Folha dos 12 meses: ${formatMoney(payroll)} (pró-labore, salários, INSS e FGTS).`}
        />
      </StatGrid>

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

      {rbt12 > 0 && (
        <div>
          <Meter
            label="Folha dos 12 meses em relação a 28 % da receita"
            value={payroll}
            max={target}
            tone={applicable === 'III' ? 'normal' : 'warning'}
            valueText={`Fator R de ${share === null ? '0 %' : formatPercent(share)}; a linha é ${formatPercent(FATOR_R_THRESHOLD, 0)}`}
            scale={['0 %', `${formatPercent(FATOR_R_THRESHOLD, 0)} da receita`]}
          />
          <p className={styles.note} data-testid="fator-r-verdict">
            {applicable === 'III' ? (
              <>
                Fator R de {formatPercent(share ?? 0)}, igual ou acima de{' '}
                {formatPercent(FATOR_R_THRESHOLD, 0)}: as atividades sujeitas ao fator R são
                tributadas pelo <strong>Anexo III</strong>.
              </>
            ) : (
              <>
                Fator R abaixo de {formatPercent(FATOR_R_THRESHOLD, 0)}: as atividades sujeitas ao
                fator R são tributadas pelo <strong>Anexo V</strong>. Para chegar a{' '}
                {formatPercent(FATOR_R_THRESHOLD, 0)}, faltam{' '}
                <strong data-testid="payroll-missing">{formatMoney(missing)}</strong> de folha nos
                12 meses — cerca de {formatMoney(monthly)} a mais de pró-labore por mês.
              </>
            )}
          </p>
        </div>
      )}

      <div className={styles.annexes}>
        {(['III', 'V'] as const).map((annex) => (
          <AnnexRate key={annex} annex={annex} rate={rates[annex]} applies={annex === applicable} />
        ))}
      </div>
      {estimate !== null && data.currentMonthRevenue > 0 && (
        <p className={styles.note}>
          Estimativa do DAS de {longMonthLabel(data.month)} pelo Anexo {applicable}:{' '}
          <strong>{formatMoney(estimate)}</strong> sobre {formatMoney(data.currentMonthRevenue)}{' '}
          faturados até agora.
        </p>
      )}
    </div>
  )
}

function AnnexRate({
  annex,
  rate,
  applies,
}: {
  annex: FatorRAnnex
  rate: SimplesRate | null
  applies: boolean
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
        <>
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
        </>
      ) : (
        <p className={styles.note}>Sem alíquota: acima do teto do Simples Nacional.</p>
      )}
    </section>
  )
}
