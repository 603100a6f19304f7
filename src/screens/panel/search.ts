import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { competenceSchema } from '@/schemas/finance-common'
import { reportPeriodSchema } from '@/schemas/finance-common'

// What the panel's route needs before its screen loads (search params, the payments page): kept
// apart from the cards, so the signed-in area's first load carries none of the panel's screens.

/** The panel's most recent payments. */
export const PANEL_PAYMENTS = { limit: 5, offset: 0 }

/**
 * The panel's search params: the period of "Por categoria", a year (a number in the URL:
 * `?periodo=2026`) or a month (`?periodo=2026-11`).
 */
export const panelSearchSchema = lazySearch(() =>
  z.object({
    /** A client company whose panel the flagged admin previews. */
    empresa: z.string().trim().min(1).max(128).optional().catch(undefined),
    periodo: z
      .union([z.number().int().min(2000).max(2100), reportPeriodSchema])
      .optional()
      .catch(undefined),
    /** The Simples card's month (`2026-10`); the last month by default. */
    competencia: competenceSchema.optional().catch(undefined),
  }),
)

/** The period as the report takes it (`YYYY` or `YYYY-MM`). */
export const periodParam = (period: number | string) => String(period)

/** What goes into the URL: years as numbers, so the router writes them without quotes. */
export const periodSearchValue = (period: string): number | string =>
  /^\d{4}$/.test(period) ? Number(period) : period
export type PanelSearch = SearchOf<typeof panelSearchSchema>
