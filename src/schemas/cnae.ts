import { z } from 'zod'
import { pageQuerySchema } from './common'

// CNAE 2.3 subclasses (SPEC section 3 "CNAE activity"). The server answers in snake_case; the
// web client renames the fields to camelCase in one place (src/services/site/cnaes/map.ts).

export const simplesAnnexes = ['I', 'II', 'III', 'IV', 'V'] as const
export const simplesAnnexSchema = z.enum(simplesAnnexes)
export type SimplesAnnex = z.infer<typeof simplesAnnexSchema>

/** Nominal rate of the first revenue band of each annex, in percent (the tax module's fact). */
export { SIMPLES_FIRST_BAND_RATE as simplesFirstBandRate } from './tax'

const hierarchyLevelSchema = z.object({
  code: z.string(),
  formatted: z.string(),
  text: z.string(),
})

/**
 * How a subclass is taxed in the Simples Nacional, where a clear basis is known. An empty
 * `simples` list means the activity cannot opt for the Simples Nacional.
 */
export const cnaeTaxRatesServerSchema = z.object({
  simples: z.array(
    z.object({
      annex: simplesAnnexSchema,
      nominal_rate_first_band: z.number(),
      /** When this annex applies, e.g. 'Fator R igual ou maior que 28%'; null when always. */
      condition: z.string().nullable(),
    }),
  ),
  /** Where the classification comes from (law and the curated list it was taken from). */
  basis: z.string(),
})

/** A subclass as `GET /cnaes` and `GET /cnaes/{code}` answer it. */
export const cnaeServerSchema = z.object({
  code: z.string().regex(/^\d{7}$/),
  text: z.string(),
  tax_rates: cnaeTaxRatesServerSchema.nullable(),
  is_allowed_mei: z.boolean(),
  /** Subject to the fator R (LC 123/2006 art. 18 §§ 5º-J and 5º-M); null where not known. */
  is_r_factor: z.boolean().nullable(),
  cnae_allowed_activities: z.array(z.string()).nullable(),
  cnae_not_allowed_activities: z.array(z.string()).nullable(),
  obs: z.string().nullable(),
  hierarchy: z.object({
    section: z.object({ code: z.string(), text: z.string() }),
    division: hierarchyLevelSchema,
    group: hierarchyLevelSchema,
    class: hierarchyLevelSchema,
    subclass: hierarchyLevelSchema,
  }),
  is_active: z.boolean(),
})
export type CnaeServer = z.infer<typeof cnaeServerSchema>

const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true ou false' })
  .transform((value) => value === 'true' || value === '1')

/** `GET /cnaes` (SPEC section 7): search by words or code, limit 10, offset, isActive. */
export const cnaeListQuerySchema = z.strictObject({
  ...pageQuerySchema(10, 100).shape,
  search: z
    .string()
    .trim()
    .max(200, { error: 'Busca muito longa (até 200 caracteres)' })
    .optional(),
  isActive: booleanParam.optional(),
})

/** The camelCase shape the web app works with. */
export type CnaeTaxRates = {
  simples: { annex: SimplesAnnex; nominalRateFirstBand: number; condition: string | null }[]
  basis: string
}
export type CnaeLevel = { code: string; formatted: string; text: string }
export type Cnae = {
  code: string
  text: string
  taxRates: CnaeTaxRates | null
  isAllowedMei: boolean
  isRFactor: boolean | null
  cnaeAllowedActivities: string[] | null
  cnaeNotAllowedActivities: string[] | null
  obs: string | null
  hierarchy: {
    section: { code: string; text: string }
    division: CnaeLevel
    group: CnaeLevel
    class: CnaeLevel
    subclass: CnaeLevel
  }
  isActive: boolean
}
