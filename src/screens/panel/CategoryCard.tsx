import { lazy, Suspense, useId } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatInteger, formatMoney } from '@/lib/format'
import type { BillingByCategory } from '@/schemas/report'
import { billingByCategoryQueryOptions } from '@/services/panel'
import { buttonClass } from '@/ui/Button'
import { EmptyState } from '@/ui/Feedback'
import { SkeletonBlock } from '@/ui/Skeleton'
import { DataTable } from '@/ui/Table'
import { PanelCard } from './PanelCard'
import { longMonthLabel } from './months'
import { periodLabel } from './period'
import styles from './PanelScreen.module.css'

const CategoryBarChart = lazy(() =>
  import('./charts').then((module) => ({ default: module.CategoryBarChart })),
)

const UNCATEGORISED = 'Sem categoria'
/** How many categories the chart shows (the largest); the table has them all. */
const CHART_CATEGORIES = 8
/** How many categories a phone shows before "Ver todas" (the cards of 20 are ~4,000 px tall). */
const SUMMARY_CATEGORIES = 5

/** Por categoria: the bank transactions of a month or a year, summed by tax category. */
export function CategoryCard({
  companyId,
  period,
  periods,
  onPeriodChange,
}: {
  companyId: string
  period: string
  /** What the selector offers: years and months, newest first. */
  periods: { years: string[]; months: string[] }
  onPeriodChange: (period: string) => void
}) {
  const selectId = useId()
  return (
    <PanelCard
      id="por-categoria"
      title="Por categoria"
      description="Movimentações bancárias por categoria contábil"
      wide
      actions={
        <div className={styles.periodPicker}>
          <label htmlFor={selectId}>Período</label>
          <select
            id={selectId}
            value={period}
            onChange={(event) => onPeriodChange(event.target.value)}
          >
            <optgroup label="Ano inteiro">
              {periods.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </optgroup>
            <optgroup label="Mês">
              {periods.months.map((month) => (
                <option key={month} value={month}>
                  {longMonthLabel(month)}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
      }
    >
      <CategoryReport companyId={companyId} period={period} />
    </PanelCard>
  )
}

const nameOf = (row: BillingByCategory['categories'][number]) =>
  row.taxCategory?.name ?? UNCATEGORISED

function CategoryReport({ companyId, period }: { companyId: string; period: string }) {
  const { data } = useSuspenseQuery(billingByCategoryQueryOptions(companyId, period))
  const label = periodLabel(period)
  if (data.totals.count === 0)
    return (
      <EmptyState
        title={`Nenhuma movimentação em ${label}`}
        action={
          <Link
            to="/app/bank-statements/accounts"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Importar extrato
          </Link>
        }
      >
        Importe o extrato da conta da empresa e classifique as movimentações para ver o resumo por
        categoria.
      </EmptyState>
    )
  // The categories that moved most first: the chart shows the first ones, and on a phone the
  // table's cards start as a summary of the first ones with "Ver todas"; the table has them all.
  const byMovement = [...data.categories].sort(
    (a, b) => b.credits + b.debits - (a.credits + a.debits),
  )
  const bars = byMovement
    .slice(0, CHART_CATEGORIES)
    .map((row) => ({ name: nameOf(row), credits: row.credits, debits: row.debits }))
  const more = data.categories.length - bars.length
  return (
    <div className="stack">
      <figure className={styles.figureBlock}>
        <Suspense fallback={<SkeletonBlock height={220} />}>
          <CategoryBarChart
            data={bars}
            title={`Entradas e saídas por categoria em ${label}`}
            description="Barras de entradas e saídas das categorias com mais movimento; os valores de todas estão na tabela a seguir."
          />
        </Suspense>
        {more > 0 && (
          <p className={styles.note}>
            As {bars.length} categorias com mais movimento;{' '}
            {more === 1 ? 'a outra está na tabela' : `as outras ${more} estão na tabela`}.
          </p>
        )}
        <figcaption className="visually-hidden">
          Entradas e saídas por categoria em {label}; os valores estão na tabela a seguir.
        </figcaption>
      </figure>
      <DataTable
        caption={`Movimentações por categoria em ${label}`}
        rows={byMovement}
        rowKey={(row) => row.taxCategory?.id ?? 'sem-categoria'}
        summary={{
          rows: SUMMARY_CATEGORIES,
          showAll: (count) => `Ver todas as ${formatInteger(count)} categorias`,
        }}
        columns={[
          {
            key: 'category',
            header: 'Categoria',
            card: 'title',
            rowHeader: true,
            cell: nameOf,
          },
          {
            key: 'credits',
            header: 'Entradas',
            align: 'right',
            cell: (row) => formatMoney(row.credits),
          },
          {
            key: 'debits',
            header: 'Saídas',
            align: 'right',
            cell: (row) => formatMoney(row.debits),
          },
          { key: 'total', header: 'Saldo', align: 'right', cell: (row) => formatMoney(row.total) },
          {
            key: 'count',
            header: 'Lançamentos',
            align: 'right',
            cell: (row) => formatInteger(row.count),
          },
        ]}
        footer={{
          category: 'Total',
          credits: formatMoney(data.totals.credits),
          debits: formatMoney(data.totals.debits),
          total: <span data-testid="category-balance">{formatMoney(data.totals.balance)}</span>,
          count: formatInteger(data.totals.count),
        }}
      />
    </div>
  )
}
