import { z } from 'zod'
import './locale'

// One response convention for the whole API (README "API conventions"):
// lists answer `{ data, total }`, records `{ data }`, errors `{ message, issues? }`.

export const idSchema = z.string().trim().min(1).max(128)

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int().nonnegative() })
export const recordOf = <T extends z.ZodType>(item: T) => z.object({ data: item })

export type List<T> = { data: T[]; total: number }
export type Record<T> = { data: T }

export const apiErrorBodySchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>

/** Query parameters of paged lists (SPEC section 7 "List parameters"). */
export const pageQuerySchema = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  })

export const isoDateTimeSchema = z.iso.datetime({ offset: true })
export const isoDateSchema = z.iso.date()
