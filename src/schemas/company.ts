import { z } from 'zod'
import { addressSchema } from './address'
import { cnaeCodeSchema, cnpjSchema } from './brazil'
import { isoDateTimeSchema, pageQuerySchema, reasonSchema } from './common'
import { filledText } from './limit-messages'
import { companyStatusLabels } from './glossary'
import { trackIds, type TrackId } from './track-ids'

export const companyStatuses = [
  'pending',
  'awaiting_opening',
  'migrating',
  'opening',
  'active',
  'overdue',
  'disabled',
] as const
export const companyStatusSchema = z.enum(companyStatuses)
export type CompanyStatus = z.infer<typeof companyStatusSchema>

export { trackIds, type TrackId }
export const trackIdSchema = z.enum(trackIds)

/**
 * The company's legal nature (Receita's table): the three a Junta Comercial registers — empresário
 * individual (213-5), sociedade limitada (206-2) and its one-partner form (SLU, 206-2) — and the
 * two a law firm is, registered at the OAB and never at the Junta: sociedade simples pura (223-2)
 * and sociedade unipessoal de advocacia (232-1).
 */
export const companyTypes = [
  'on_person',
  'private_limited',
  'limited_liability',
  'simple_partnership',
  'sole_law_firm',
] as const
export const companyTypeSchema = z.enum(companyTypes)
/** The types a company opened through the Junta Comercial (the opening wizard) may take. */
export const registrableCompanyTypes = [
  'on_person',
  'private_limited',
  'limited_liability',
] as const
export const companySizes = ['MEI', 'ME', 'EPP', 'EMP', 'GE'] as const
export const companySizeSchema = z.enum(companySizes)

export const subscriptionStatuses = ['pending', 'active', 'overdue', 'canceled'] as const
export const subscriptionSchema = z.object({
  id: z.string(),
  planId: z.string(),
  status: z.enum(subscriptionStatuses),
  amount: z.number().nonnegative(),
  startedAt: isoDateTimeSchema.nullable(),
})
export type Subscription = z.infer<typeof subscriptionSchema>
/** docs/product.md §4: a subscription is active when its status is active. */
export const isSubscriptionActive = (
  subscription: Pick<Subscription, 'status'> | null | undefined,
) => subscription?.status === 'active'

export const statusChangeSchema = z.object({
  from: companyStatusSchema,
  to: companyStatusSchema,
  at: isoDateTimeSchema,
  by: z.string(),
  reason: z.string().optional(),
})
export type StatusChange = z.infer<typeof statusChangeSchema>

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  cnpj: z.string().nullable(),
  status: companyStatusSchema,
  address: addressSchema.nullable(),
  currentSubscription: subscriptionSchema.nullable(),
  trackId: trackIdSchema,
  type: companyTypeSchema.nullable(),
  size: companySizeSchema.nullable(),
  activities: z.array(z.string()).default([]),
  statusHistory: z.array(statusChangeSchema).default([]),
  /**
   * The company's RAT (1, 2 or 3 %) and FAP (0,5000 to 2,0000) as the accountant set them; absent
   * or null: the RAT of its activity (src/kernel/tax/cpp.ts) and FAP 1,0000. Only an Annex IV
   * company's CPP, paid outside the DAS, uses them.
   */
  payrollRisk: z
    .object({ rat: z.number().int().min(1).max(3).nullable(), fap: z.number().nullable() })
    .optional(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
})
export type Company = z.infer<typeof companySchema>

/** A company named in another record's answer (screens show names, never ids). */
export const companyRefSchema = companySchema.pick({
  id: true,
  name: true,
  alias: true,
  cnpj: true,
  status: true,
})
export type CompanyRef = z.infer<typeof companyRefSchema>

export const companyTypeLabels: Record<z.infer<typeof companyTypeSchema>, string> = {
  on_person: 'Empresário individual',
  private_limited: 'Sociedade limitada (Ltda.)',
  limited_liability: 'Sociedade limitada unipessoal (SLU)',
  simple_partnership: 'Sociedade simples pura (sociedade de advogados)',
  sole_law_firm: 'Sociedade unipessoal de advocacia',
}

export const companySizeLabels: Record<z.infer<typeof companySizeSchema>, string> = {
  MEI: 'Microempreendedor individual (MEI)',
  ME: 'Microempresa (ME)',
  EPP: 'Empresa de pequeno porte (EPP)',
  EMP: 'Empresa de médio porte',
  GE: 'Empresa de grande porte',
}

export const companyMessages = {
  notFound: 'Empresa não encontrada.',
  cnpjTaken: 'Já existe uma empresa com este CNPJ.',
  nothingToUpdate: 'Informe pelo menos um campo para alterar.',
  reasonRequired: 'Informe o motivo da desativação.',
} as const

/** The `?companyId=` of calls about one company (docs/product.md §3). */
export const companyQuerySchema = z.strictObject({
  companyId: z.string().trim().min(1).max(128),
})

/** `POST /companies` (docs/product.md §7): an existing company by its CNPJ, for a user. */
export const companyCreateSchema = z.strictObject({
  cnpj: cnpjSchema,
  userId: z.string().trim().min(1).max(128).optional(),
})
export type CompanyCreate = z.input<typeof companyCreateSchema>

/** A company's registration data, field by field (the admin's form takes its rules from here). */
export const companyDataSchema = z.strictObject({
  name: filledText('Informe a razão social', { min: 2, max: 150 }),
  alias: z.string().trim().min(1).max(60).nullable(),
  cnpj: cnpjSchema.nullable(),
  address: addressSchema.nullable(),
  type: companyTypeSchema.nullable(),
  size: companySizeSchema.nullable(),
  activities: z.array(cnaeCodeSchema).max(20),
})

/** `PUT /companies/{id}` (admin): registration data; status and track have their own calls. */
export const companyUpdateSchema = companyDataSchema
  .partial()
  .refine((update) => Object.keys(update).length > 0, { error: companyMessages.nothingToUpdate })
export type CompanyUpdate = z.input<typeof companyUpdateSchema>

/** `PUT /companies/{id}/status/{status}`: the reason is kept in the history (required to disable). */
export const statusChangeBodySchema = z.strictObject({
  reason: z.string().trim().min(1).max(500).optional(),
})

/** Why a company is disabled: the client reads it on /app/user/disabled. */
export const disableReasonSchema = reasonSchema(companyMessages.reasonRequired)

/** `PUT /companies/{id}/status/disabled`: the reason is required (form and server). */
export const companyDisableSchema = z.strictObject({ reason: disableReasonSchema })
export type CompanyDisable = z.input<typeof companyDisableSchema>

/** How the company list is ordered: by name (A–Z) or by last change (newest first). */
export const companySorts = ['name', 'updated'] as const
export const companySortSchema = z.enum(companySorts)
export type CompanySort = z.infer<typeof companySortSchema>
export const companySortLabels: Record<CompanySort, string> = {
  name: 'Nome (A–Z)',
  updated: 'Última alteração',
}

/** `GET /companies` (docs/product.md §7): search by name, alias or CNPJ; 25 a page. */
export const companyListQuerySchema = pageQuerySchema(25).extend({
  query: z.string().trim().max(100).optional(),
  status: companyStatusSchema.optional(),
  trackId: trackIdSchema.optional(),
  sort: companySortSchema.optional(),
})

/** One entry of `GET /companies/{id}/status-history`: who is a name, not a uid. */
export const statusHistoryEntrySchema = statusChangeSchema.extend({
  /** The person who made the change, or null for the system (payments, the overdue sweep). */
  byName: z.string().nullable(),
})
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>

/** `GET /companies/{id}/status-history`: newest first, paged. */
export const statusHistoryQuerySchema = pageQuerySchema(20)

// Their words are the glossary's (one name for each status, on every screen).
export { companyStatusLabels }
