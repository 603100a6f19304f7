import { longMonthLabel } from './months'

/** `2026` → "2026"; `2026-11` → "novembro de 2026". */
export const periodLabel = (period: string) =>
  period.length === 4 ? period : longMonthLabel(period)

/** What the period selector offers from `today` (`YYYY-MM-DD`): 3 years and 12 months. */
export function periodChoices(today: string) {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  const months = Array.from({ length: 12 }, (_, back) => {
    const index = year * 12 + (month - 1) - back
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
  })
  return { years: [year, year - 1, year - 2].map(String), months }
}
