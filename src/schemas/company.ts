import { z } from 'zod'
import { addressSchema } from './address'
import { isoDateTimeSchema } from './common'

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

export const companyStatusLabels: Record<CompanyStatus, string> = {
  pending: 'Cadastro pendente',
  awaiting_opening: 'Aguardando abertura',
  migrating: 'Em migração',
  opening: 'Em abertura',
  active: 'Ativa',
  overdue: 'Pagamento em atraso',
  disabled: 'Desativada',
}

export const trackIds = ['create-company', 'migrate-company'] as const
export const trackIdSchema = z.enum(trackIds)
export type TrackId = z.infer<typeof trackIdSchema>

export const companyTypes = ['on_person', 'private_limited', 'limited_liability'] as const
export const companyTypeSchema = z.enum(companyTypes)
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
/** SPEC section 4: a subscription is active when its status is active. */
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
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
})
export type Company = z.infer<typeof companySchema>
