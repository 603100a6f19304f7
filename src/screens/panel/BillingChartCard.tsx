import { lazy, Suspense } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCount, formatInteger, formatMoney } from '@/lib/format'
import { anualBillingQueryOptions } from '@/services/panel'
import { buttonClass } from '@/ui/Button'
import { EmptyState } from '@/ui/Feedback'
import { SkeletonBlock } from '@/ui/Skeleton'
import { Stat } from '@/ui/Stat'
import { PanelCard } from './PanelCard'
import { longMonthLabel, shortMonthLabel } from './months'
import styles from './PanelScreen.module.css'

const MonthlyBarChart = lazy(() => import('./charts'))

export const NO_INVOICES = 'Ainda não há notas emitidas'

/** Faturamento: issued invoices per month over the last 12 months, as a chart and a table. */
export function BillingChartCard({ companyId }: { companyId: string }) {
  return (
    <PanelCard
      id="faturamento"
      title="Faturamento"
      description="Só as notas fiscais emitidas nos últimos 12 meses (vendas sem nota não entram)"
      wide
    >
      <BillingChart companyId={companyId} />
    </PanelCard>
  )
}

function BillingChart({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(anualBillingQueryOptions(companyId))
  const count = data.months.reduce((sum, month) => sum + month.count, 0)
  if (count === 0)
    return (
      <EmptyState
        title={NO_INVOICES}
        action={
          <Link to="/app/invoices" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Solicitar uma nota fiscal
          </Link>
        }
      >
        Quando suas notas fiscais forem emitidas, o faturamento de cada mês aparece aqui.
      </EmptyState>
    )

  const bars = data.months.map((month) => ({
    month: month.month,
    label: shortMonthLabel(month.month),
    longLabel: longMonthLabel(month.month),
    total: month.total,
  }))
  const first = bars[0]!.longLabel
  const last = bars.at(-1)!.longLabel
  return (
    <>
      <Stat
        value={formatMoney(data.total)}
        testId="billing-total"
        note={`em ${formatCount(count, 'nota emitida', 'notas emitidas')}, de ${first} a ${last}`}
      />
      <figure className={styles.figureBlock}>
        <Suspense fallback={<SkeletonBlock height={260} />}>
          <MonthlyBarChart
            data={bars}
            title="Faturamento por mês"
            description={`Barras do faturamento de cada mês, de ${first} a ${last}. Os mesmos valores estão na tabela a seguir.`}
          />
        </Suspense>
        <figcaption className="visually-hidden">
          Faturamento por mês nos últimos 12 meses; os valores estão na tabela a seguir.
        </figcaption>
      </figure>
      {/* Wrapped: a table ignores the 1px box of .visually-hidden and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>
            Faturamento por mês, de {first} a {last}
          </caption>
          <thead>
            <tr>
              <th scope="col">Mês</th>
              <th scope="col">Notas emitidas</th>
              <th scope="col">Faturamento</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{longMonthLabel(month.month)}</th>
                <td>{formatInteger(month.count)}</td>
                <td>{formatMoney(month.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatInteger(count)}</td>
              <td>{formatMoney(data.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  )
}
