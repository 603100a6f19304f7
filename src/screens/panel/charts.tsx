// The panel's charts (recharts, with its accessibility layer: the chart takes focus and the arrow
// keys move between bars, announcing each). Loaded lazily by the cards, so the chart library
// is fetched only on the panel. Every chart has its figures in a table beside it too.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipValueType,
} from 'recharts'
import { formatMoney } from '@/lib/format'
import { compactMoney } from './months'
import styles from './PanelScreen.module.css'

const moneyOf = (value: TooltipValueType | undefined) =>
  formatMoney(Number(Array.isArray(value) ? value[0] : (value ?? 0)))

export type MonthBar = { month: string; label: string; longLabel: string; total: number }

/** Issued invoices per month: one bar each. */
export default function MonthlyBarChart({
  data,
  title,
  description,
}: {
  data: MonthBar[]
  title: string
  description: string
}) {
  return (
    <div className={styles.chart} style={{ height: 260 }}>
      <BarChart
        responsive
        data={data}
        title={title}
        desc={description}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
        style={{ width: '100%', height: '100%' }}
      >
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={4} />
        <YAxis tickFormatter={compactMoney} width={88} tickLine={false} axisLine={false} />
        <Tooltip
          formatter={(value) => [moneyOf(value), 'Faturamento']}
          labelFormatter={(_label, payload) =>
            (payload?.[0]?.payload as MonthBar | undefined)?.longLabel ?? String(_label)
          }
        />
        <Bar
          dataKey="total"
          name="Faturamento"
          fill="var(--color-brand-500)"
          radius={[4, 4, 0, 0]}
          maxBarSize={36}
        />
      </BarChart>
    </div>
  )
}

export type CategoryBar = { name: string; credits: number; debits: number }

/** Money in and out of each tax category, one row each. */
export function CategoryBarChart({
  data,
  title,
  description,
}: {
  data: CategoryBar[]
  title: string
  description: string
}) {
  return (
    <div className={styles.chart} style={{ height: Math.max(180, 48 + data.length * 44) }}>
      <BarChart
        responsive
        layout="vertical"
        data={data}
        title={title}
        desc={description}
        margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
        style={{ width: '100%', height: '100%' }}
      >
        <CartesianGrid horizontal={false} stroke="var(--color-border)" />
        <XAxis type="number" tickFormatter={compactMoney} tickLine={false} />
        <YAxis type="category" dataKey="name" width={150} tickLine={false} />
        <Tooltip formatter={(value, name) => [moneyOf(value), name]} />
        <Legend />
        <Bar dataKey="credits" name="Entradas" fill="var(--color-brand-500)" maxBarSize={16} />
        <Bar dataKey="debits" name="Saídas" fill="var(--color-accent-500)" maxBarSize={16} />
      </BarChart>
    </div>
  )
}
