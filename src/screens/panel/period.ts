import { z } from 'zod'
import { reportPeriodSchema } from '@/schemas/finance-common'
import { longMonthLabel } from './months'

/**
 * The panel's search params: the period of "Por categoria", a year (a number in the URL:
 * `?periodo=2026`) or a month (`?periodo=2026-11`).
 */
export const panelSearchSchema = z.object({
  /** A client company whose panel the flagged admin previews. */
  empresa: z.string().trim().min(1).max(128).optional().catch(undefined),
  periodo: z
    .union([z.number().int().min(2000).max(2100), reportPeriodSchema])
    .optional()
    .catch(undefined),
})

/** The period as the report takes it (`YYYY` or `YYYY-MM`). */
export const periodParam = (period: number | string) => String(period)

/** What goes into the URL: years as numbers, so the router writes them without quotes. */
export const periodSearchValue = (period: string): number | string =>
  /^\d{4}$/.test(period) ? Number(period) : period
export type PanelSearch = z.infer<typeof panelSearchSchema>

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
