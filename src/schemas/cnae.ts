import { z } from 'zod'
import { pageQuerySchema } from './common'

// CNAE 2.3 subclasses (docs/product.md §3 "CNAE activity"). The server answers in snake_case; the
// web client renames the fields to camelCase in one place (src/services/site/cnaes/map.ts).

export const simplesAnnexes = ['I', 'II', 'III', 'IV', 'V'] as const
export const simplesAnnexSchema = z.enum(simplesAnnexes)
export type SimplesAnnex = z.infer<typeof simplesAnnexSchema>

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

/**
 * An occupation permitted to the MEI (Resolução CGSN 140/2018, Anexo XI): its CNAE subclass and
 * whether it pays the DAS-MEI's ISS and ICMS; `null` where the reference table does not say
 * (fixtures/reference/mei-occupations.json, see its SOURCES.md).
 */
export const meiOccupationSchema = z.object({
  occupation: z.string().min(1),
  cnae: z.string().regex(/^\d{7}$/),
  iss: z.boolean().nullable(),
  icms: z.boolean().nullable(),
})
export type MeiOccupation = z.infer<typeof meiOccupationSchema>

/**
 * What the tax rules need to know of one of a company's activities (src/kernel/tax/facts.ts): its
 * Simples Nacional annexes from the curated classification (`[]` barred from the Simples, `null`
 * not classified), whether the fator R applies, and its MEI occupations.
 */
export const activityTaxSchema = z.object({
  code: z.string(),
  text: z.string(),
  simplesAnnexes: z.array(simplesAnnexSchema).nullable(),
  fatorR: z.boolean(),
  /** The law behind the classification, for people (null when not classified). */
  basis: z.string().nullable(),
  /**
   * The LC 116/2003 service items (`17.06`) this activity covers (curated in
   * fixtures/cnae-details.json): an invoice's service is taxed in the annex of the activity that
   * covers it.
   */
  services: z.array(z.string()).default([]),
  meiOccupations: z.array(meiOccupationSchema.omit({ cnae: true })),
})
export type ActivityTax = z.infer<typeof activityTaxSchema>

/** An activity's tax profile from its catalog record and its MEI occupations (server side). */
export function activityTaxOf(
  code: string,
  record: CnaeServer | undefined,
  occupations: readonly MeiOccupation[],
  services?: readonly string[],
): ActivityTax {
  return {
    code,
    text: record?.text ?? code,
    simplesAnnexes: record?.tax_rates ? record.tax_rates.simples.map((rate) => rate.annex) : null,
    fatorR: record?.is_r_factor === true,
    basis: record?.tax_rates?.basis ?? null,
    services: [...(services ?? [])],
    meiOccupations: occupations.map(({ occupation, iss, icms }) => ({ occupation, iss, icms })),
  }
}

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

/** `GET /cnaes` (docs/product.md §7): search by words or code, limit 10, offset, isActive. */
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
