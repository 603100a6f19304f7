import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { yearInBrazil } from '@/kernel/dates'

/** `?ano=2026`: the year a year's page shows (this one by default; a bad value falls back). */
export const yearSearchSchema = lazySearch(() =>
  z.object({
    ano: z.coerce.number().int().min(2018).max(2099).optional().catch(undefined),
  }),
)

export const yearOf = (ano: number | undefined) => ano ?? yearInBrazil(new Date())
