import { z } from 'zod'
import './locale'

// One response convention for the whole API (docs/api.md "Conventions"):
// lists answer `{ data, total }`, records `{ data }`, errors `{ message, issues? }`.

export const idSchema = z.string().trim().min(1).max(128)

/** `?companyId` of a call about one company (other query parameters are ignored). */
export const companyScopeQuerySchema = z.object({ companyId: idSchema })

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

/** Query parameters of paged lists (docs/product.md §3, §9). */
export const pageQuerySchema = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  })

/**
 * A reason someone else will read (why a company was disabled, why a request or a document was
 * refused): required, at least 10 characters so it explains something, at most 500.
 */
export const reasonSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .min(10, { error: 'Explique o motivo em pelo menos 10 caracteres.' })
    .max(500, { error: 'O motivo pode ter no máximo 500 caracteres.' })

export const isoDateTimeSchema = z.iso.datetime({ offset: true })
export const isoDateSchema = z.iso.date()
