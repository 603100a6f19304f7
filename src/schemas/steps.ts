import { z } from 'zod'
import { roundHundredths, roundMoney, toCents } from '../kernel/money'
import { addressSchema } from './address'
import { cnaeCodeSchema, cnpjSchema, cpfSchema, mobilePhoneSchema } from './brazil'
import { idSchema, isoDateTimeSchema } from './common'
import { companySizes, registrableCompanyTypes } from './company'
import { fileNameSchema } from './files'
import {
  crcSchema,
  fullNameSchema,
  maritalStatusSchema,
  phoneSchema,
  propertyRegimeSchema,
  textSchema,
} from './people'
import { registryRecordSchema } from './registry'
import type { StepId } from './track'
import { emailSchema } from './user'
import { fieldError } from './limit-messages'
import { monthOf, todayInBrazil } from './finance-common'
import { paymentLineMessages, paymentLineSchema } from './payment-line'

// The payload of every wizard step (docs/product.md §4 "Tracks and steps"): the form validates with
// these and `POST /companies/{id}/steps/{stepId}` validates with the very same schemas.

export const stepMessages = {
  namesMin: 'Informe pelo menos um nome para a empresa',
  namesMax: 'Informe até 3 opções de nome',
  nameShort: 'Cada nome precisa ter pelo menos 3 letras',
  namesRepeated: 'As opções de nome precisam ser diferentes',
  aliasShort: 'Informe o nome fantasia',
  activitiesMin: 'Escolha pelo menos uma atividade',
  activitiesMax: 'Escolha até 20 atividades',
  activityRepeated: 'Atividade repetida',
  meiType: 'MEI é sempre empresário individual',
  typeMissing: 'Escolha a natureza jurídica da empresa',
  sizeMissing: 'Escolha o porte da empresa',
  partnersMin: 'Cadastre pelo menos um sócio',
  partnersMax: 'Cadastre até 20 sócios',
  sharesSum: 'A soma das participações precisa ser 100%',
  shareRange: 'A participação precisa ser entre 0,01% e 100%',
  cpfRepeated: 'CPF repetido: cada sócio aparece uma vez',
  administratorMissing: 'Indique pelo menos um sócio administrador',
  propertyRegimeMissing: 'Informe o regime de bens',
  birthDateAdult: 'O sócio precisa ter 18 anos ou mais',
  birthDateFuture: 'Data de nascimento no futuro',
  reasonShort: 'Conte o motivo da troca (pelo menos 10 caracteres)',
  guideAmount: 'Valor da guia inválido',
  barcodeMissing: paymentLineMessages.missing,
  paidAtFuture: 'A data de pagamento não pode estar no futuro',
  draftTooLarge: 'Rascunho grande demais (até 64 KB)',
  dateInvalid: 'Data inválida: use dd/mm/aaaa',
  guideFileMissing: 'Anexe o arquivo da guia',
  receiptFileMissing: 'Envie o comprovante de pagamento',
  takeOverMonthInvalid: 'Escolha o mês em que assumimos a contabilidade',
  takeOverMonthPast: 'O mês da troca não pode ser anterior ao mês atual',
} as const

/** Today in Brazil, whatever the clock's zone: the day a rule compares a date with. */
const today = () => todayInBrazil()

/** Whole years between a birth date and today (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, on = today()): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = on.split('-').map(Number) as [number, number, number]
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}

/** A calendar date, `YYYY-MM-DD` (the forms type it as dd/mm/aaaa). */
const dateSchema = z.iso.date({ error: stepMessages.dateInvalid })

const birthDateSchema = dateSchema
  .refine((date) => date <= today(), { error: stepMessages.birthDateFuture })
  .refine((date) => ageOn(date) >= 18, { error: stepMessages.birthDateAdult })

/** A share of the company in percent, two decimals at most. */
export const sharePercentSchema = z
  .number({ error: stepMessages.shareRange })
  .min(0.01, { error: stepMessages.shareRange })
  .max(100, { error: stepMessages.shareRange })
  .transform(roundHundredths)

const money = z
  .number({ error: fieldError(stepMessages.guideAmount) })
  .positive()
  .max(1_000_000)
  .transform(roundMoney)

/** Rules every partner list follows: shares sum to 100%, each CPF once. */
function checkPartners(
  partners: Array<{ cpf: string; sharePercent: number }>,
  context: z.RefinementCtx,
) {
  const cents = partners.reduce((sum, partner) => sum + toCents(partner.sharePercent), 0)
  if (partners.length > 0 && cents !== 10_000)
    context.addIssue({ code: 'custom', message: stepMessages.sharesSum, path: ['partners'] })
  const seen = new Set<string>()
  partners.forEach((partner, index) => {
    if (seen.has(partner.cpf))
      context.addIssue({
        code: 'custom',
        message: stepMessages.cpfRepeated,
        path: ['partners', index, 'cpf'],
      })
    seen.add(partner.cpf)
  })
}

const unique = (values: readonly string[], key = (value: string) => value) =>
  new Set(values.map(key)).size === values.length

// ---- opening track ----

export const preRegistrationSchema = z
  .strictObject({
    names: z
      .array(textSchema(3, 120, stepMessages.nameShort), { error: stepMessages.namesMin })
      .min(1, { error: stepMessages.namesMin })
      .max(3, { error: stepMessages.namesMax })
      .refine((names) => unique(names, (name) => name.toLowerCase()), {
        error: stepMessages.namesRepeated,
      }),
    alias: textSchema(2, 60, stepMessages.aliasShort),
    activities: z
      .array(cnaeCodeSchema, { error: stepMessages.activitiesMin })
      .min(1, { error: stepMessages.activitiesMin })
      .max(20, { error: stepMessages.activitiesMax })
      .refine((codes) => unique(codes), { error: stepMessages.activityRepeated }),
    address: addressSchema,
    type: z.enum(registrableCompanyTypes, { error: stepMessages.typeMissing }),
    size: z.enum(companySizes, { error: stepMessages.sizeMissing }),
  })
  .refine((step) => step.size !== 'MEI' || step.type === 'on_person', {
    error: stepMessages.meiType,
    path: ['type'],
  })
export type PreRegistration = z.infer<typeof preRegistrationSchema>

export const partnerSchema = z
  .strictObject({
    name: fullNameSchema,
    cpf: cpfSchema,
    birthDate: birthDateSchema,
    email: emailSchema,
    mobile: mobilePhoneSchema,
    maritalStatus: maritalStatusSchema,
    propertyRegime: propertyRegimeSchema.nullable().optional(),
    address: addressSchema,
    sharePercent: sharePercentSchema,
    administrator: z.boolean({ error: 'Informe se o sócio é administrador' }),
  })
  .superRefine((partner, context) => {
    if (partner.maritalStatus === 'married' && !partner.propertyRegime)
      context.addIssue({
        code: 'custom',
        message: stepMessages.propertyRegimeMissing,
        path: ['propertyRegime'],
      })
  })
  // The property regime only exists for married partners.
  .transform((partner) => ({
    ...partner,
    propertyRegime: partner.maritalStatus === 'married' ? (partner.propertyRegime ?? null) : null,
  }))
export type Partner = z.infer<typeof partnerSchema>

export const partnerRegistrationSchema = z
  .strictObject({
    partners: z
      .array(partnerSchema, { error: stepMessages.partnersMin })
      .min(1, { error: stepMessages.partnersMin })
      .max(20, { error: stepMessages.partnersMax }),
  })
  .superRefine((step, context) => {
    checkPartners(step.partners, context)
    // Said at the first partner's "administrator" box: the list's own place shows the sum.
    if (step.partners.length > 0 && !step.partners.some((partner) => partner.administrator))
      context.addIssue({
        code: 'custom',
        message: stepMessages.administratorMissing,
        path: ['partners', 0, 'administrator'],
      })
  })
export type PartnerRegistration = z.infer<typeof partnerRegistrationSchema>

export const subscriptionStepSchema = z.strictObject({
  planId: idSchema.pipe(z.string().regex(/^[\w-]+$/, { error: 'Plano inválido' })),
})
export type SubscriptionStep = z.infer<typeof subscriptionStepSchema>

/** Done by an admin: the registration-fee guide (DARE/taxa da Junta) for the client to pay. */
/** A file the step points at; empty means none was sent yet. */
const stepFileSchema = (missing: string) =>
  z.string({ error: missing }).min(1, { error: missing }).pipe(fileNameSchema)

export const awaitingGuideSchema = z.strictObject({
  guide: z.strictObject({
    fileName: stepFileSchema(stepMessages.guideFileMissing),
    amount: money,
    dueDate: dateSchema,
    // The client pays by it: the guide is not complete without it. A bank boleto or a collection
    // slip (DARE, taxa da Junta), each checked by its check digits.
    barcode: paymentLineSchema(['bank', 'collection'], stepMessages.barcodeMissing),
  }),
})
export type AwaitingGuide = z.infer<typeof awaitingGuideSchema>

export const uploadGuideReceiptSchema = z.strictObject({
  receipt: z.strictObject({
    fileName: stepFileSchema(stepMessages.receiptFileMissing),
    paidAt: dateSchema.refine((date) => date <= today(), {
      error: stepMessages.paidAtFuture,
    }),
  }),
})
export type UploadGuideReceipt = z.infer<typeof uploadGuideReceiptSchema>

/** What the client sends: the CNPJ; the server fetches the registry data. */
export const downloadCompanyInfoSchema = z.strictObject({ cnpj: cnpjSchema })

/** What the step keeps once done: the CNPJ and the registry record fetched for it. */
export const downloadCompanyInfoPayloadSchema = z.object({
  cnpj: z.string(),
  registry: registryRecordSchema,
  fetchedAt: isoDateTimeSchema,
})

// ---- migration track ----

export const partnerBasicSchema = z.strictObject({
  name: fullNameSchema,
  cpf: cpfSchema,
  email: emailSchema,
  sharePercent: sharePercentSchema,
})

export const partnerRegistrationBasicSchema = z
  .strictObject({
    partners: z
      .array(partnerBasicSchema, { error: stepMessages.partnersMin })
      .min(1, { error: stepMessages.partnersMin })
      .max(20, { error: stepMessages.partnersMax }),
  })
  .superRefine((step, context) => checkPartners(step.partners, context))
export type PartnerRegistrationBasic = z.infer<typeof partnerRegistrationBasicSchema>

/** The current month in Brazil, `YYYY-MM`. */
const thisMonth = () => monthOf(todayInBrazil())

const monthSchema = z
  .string({ error: stepMessages.takeOverMonthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: stepMessages.takeOverMonthInvalid })

/** The current accountant as the step keeps it (fixtures of past migrations included). */
const migrateAccountantFields = {
  name: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  crc: crcSchema,
  reason: textSchema(10, 1000, stepMessages.reasonShort),
  /** The month (competência) from which we keep the books, `YYYY-MM`. */
  takeOverMonth: monthSchema,
}
export const migrateAccountantRecordSchema = z.strictObject(migrateAccountantFields)

/** What the client sends: the take-over month is this month or later. */
export const migrateAccountantSchema = z.strictObject({
  ...migrateAccountantFields,
  takeOverMonth: monthSchema.refine((month) => month >= thisMonth(), {
    error: stepMessages.takeOverMonthPast,
  }),
})
export type MigrateAccountant = z.infer<typeof migrateAccountantSchema>

// ---- per step ----

/** What completing each step takes (the form and the server). */
export const stepInputSchemas = {
  'pre-registration': preRegistrationSchema,
  'partner-registration': partnerRegistrationSchema,
  'partner-registration-basic': partnerRegistrationBasicSchema,
  'migrate-accountant': migrateAccountantSchema,
  subscription: subscriptionStepSchema,
  'awaiting-guide': awaitingGuideSchema,
  'upload-guide-receipt': uploadGuideReceiptSchema,
  'download-company-info': downloadCompanyInfoSchema,
} satisfies Record<StepId, z.ZodType>

/**
 * What a done step keeps (fixtures are checked with these): the input, except where the server
 * adds to it (the registry data of download-company-info) or where the input's rule is about the
 * day it is sent (a take-over month not in the past).
 */
export const stepPayloadSchemas: Record<StepId, z.ZodType> = {
  ...stepInputSchemas,
  'migrate-accountant': migrateAccountantRecordSchema,
  'download-company-info': downloadCompanyInfoPayloadSchema,
}

/**
 * Who completes each step: the client through the wizard, an admin (the accountant attaches the
 * guide), or the payment (the subscription step is done when its first payment is paid).
 */
export const stepActors: Record<StepId, 'client' | 'admin' | 'payment'> = {
  'pre-registration': 'client',
  'partner-registration': 'client',
  'partner-registration-basic': 'client',
  'migrate-accountant': 'client',
  subscription: 'payment',
  'awaiting-guide': 'admin',
  'upload-guide-receipt': 'client',
  'download-company-info': 'client',
}

const MAX_DRAFT_BYTES = 64 * 1024

/** The top-level fields a step's payload may have. */
export const stepFields = (stepId: StepId): string[] => Object.keys(stepInputSchemas[stepId].shape)

/**
 * A draft (`draft: true`): work in progress kept so the wizard resumes on any device. Only the
 * step's own top-level fields, any JSON in them, at most 64 KB; checked in full on completion.
 */
export const draftSchemaOf = (stepId: StepId) => {
  const fields = stepFields(stepId) as [string, ...string[]]
  return z
    .partialRecord(z.enum(fields), z.json())
    .refine((draft) => JSON.stringify(draft).length <= MAX_DRAFT_BYTES, {
      error: stepMessages.draftTooLarge,
    })
}

/** `POST /companies/{id}/steps/{stepId}`: the payload, and whether it is only a draft. */
export const stepSubmitSchema = z.strictObject({
  payload: z.record(z.string(), z.unknown(), { error: 'Envie os dados da etapa em payload' }),
  draft: z.boolean().optional(),
})
export type StepSubmit = z.infer<typeof stepSubmitSchema>
