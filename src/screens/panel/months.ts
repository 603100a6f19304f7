import { formatMonthYear } from '@/lib/format'

const SHORT_MONTHS = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
]

/** `2026-11` → "nov/26" (chart axes). */
export const shortMonthLabel = (month: string) =>
  `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1] ?? month}/${month.slice(2, 4)}`

/** `2026-11` → "novembro de 2026". */
export const longMonthLabel = (month: string) => formatMonthYear(`${month}-01`)

/** R$ 12.345 → "R$ 12 mil", R$ 8.500 → "R$ 8,5 mil", R$ 1.250.000 → "R$ 1,3 mi" (chart axes, where space is short). */
export function compactMoney(value: number): string {
  const abs = Math.abs(value)
  const sign = value < 0 ? '-' : ''
  if (abs >= 1_000_000)
    return `${sign}R$ ${String(Math.round(abs / 100_000) / 10).replace('.', ',')} mi`
  if (abs >= 10_000) return `${sign}R$ ${Math.round(abs / 1_000)} mil`
  if (abs >= 1_000) return `${sign}R$ ${String(Math.round(abs / 100) / 10).replace('.', ',')} mil`
  return `${sign}R$ ${Math.round(abs)}`
}

/** 0.1751 → "17,51 %": the app's one way of writing a rate (src/lib/format.ts). */
export { formatPercent } from '@/lib/format'
