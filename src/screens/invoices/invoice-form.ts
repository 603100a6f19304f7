import { z } from 'zod'
import { cnpjSchema } from '@/schemas/brazil'
import { formatCnpjValue, formatCpfValue } from '@/lib/format'
import { calendarDateSchema, todayInBrazil } from '@/schemas/finance-common'
import {
  dayOfMonthSchema,
  documentKindOf,
  invoiceMessages,
  issTaxationSchema,
  municipalityCodeSchema,
  nfsTakerSchema,
  serviceDescriptionSchema,
  taxationCodeSchema,
  totalValueSchema,
  type IssTaxation,
  type NfsScheduler,
} from '@/schemas/invoice'
import type { Company } from '@/schemas/company'
import { addressValuesOf, emptyAddressValues, type AddressFormValues } from '@/screens/address'

/** The request and schedule form as it holds its values (text as typed). */
export type InvoiceFormValues = {
  cnpj: string
  totalValue: number | null
  serviceDescription: string
  taxationCode: string
  municipalityCode: string
  issWithheld: 'no' | 'yes' | ''
  /** `tribISSQN`. */
  issTaxation: IssTaxation
  /** Requests: the service (competence) day. */
  date: string
  /** Schedules: the day of the month, as typed. */
  dayOfMonth: string
  active: boolean
  taker: {
    /** The national DPS allows no taker: unchecked, the invoice names none. */
    enabled: boolean
    document: string
    name: string
    email: string
    address: AddressFormValues
  }
}

export const TAKER_EMAIL_REQUIRED = 'Informe o e-mail do tomador'
export const SERVICE_REQUIRED = 'Escolha o serviço da empresa'
export const DATE_REQUIRED = 'Informe a data de competência'

/** The taker is checked by the shared schema only when the invoice names one. */
const takerFormSchema = z
  .object({
    enabled: z.boolean(),
    document: z.string(),
    name: z.string(),
    email: z.string(),
    address: z.custom<AddressFormValues>(),
  })
  .superRefine(({ enabled, ...taker }, context) => {
    if (!enabled) return
    const result = nfsTakerSchema.safeParse(taker)
    for (const issue of result.error?.issues ?? [])
      context.addIssue({
        code: 'custom',
        path: issue.path,
        // An empty e-mail is one to give, not a malformed one.
        message:
          issue.path[0] === 'email' && !taker.email.trim() ? TAKER_EMAIL_REQUIRED : issue.message,
      })
  })
  .transform(({ enabled, ...taker }) => (enabled ? nfsTakerSchema.parse(taker) : null))

/** The fields both forms share, by the shared invoice schema (the API's messages, word for word). */
const invoiceFields = {
  cnpj: cnpjSchema,
  totalValue: totalValueSchema,
  serviceDescription: serviceDescriptionSchema,
  taxationCode: taxationCodeSchema,
  municipalityCode: municipalityCodeSchema,
  issWithheld: z
    .enum(['no', 'yes'], { error: invoiceMessages.issWithheld })
    .transform((value) => value === 'yes'),
  issTaxation: issTaxationSchema,
  taker: takerFormSchema,
}

/** "Nova solicitação": what `POST /nfs/requests` takes. */
export const requestFormSchema = z.object({
  ...invoiceFields,
  // A date field left empty (or with a day that does not exist) holds nothing: what to give.
  date: z.string().trim().min(1, { error: DATE_REQUIRED }).pipe(calendarDateSchema),
})

/** A schedule: what `POST`/`PUT /nfs/schedulers` take ('Dia do mês precisa ser entre 1 e 31.'). */
export const scheduleFormSchema = z.object({
  ...invoiceFields,
  dayOfMonth: z
    .string()
    .trim()
    .transform((text) => (/^\d+$/.test(text) ? Number(text) : Number.NaN))
    .pipe(dayOfMonthSchema),
  active: z.boolean(),
})

export type InvoiceFormMode = 'request' | 'schedule'

/** A new form: the company's CNPJ, today, ISS not withheld, a taker to fill. */
export function newInvoiceValues(company: Company | null): InvoiceFormValues {
  return {
    cnpj: company?.cnpj ? formatCnpjValue(company.cnpj) : '',
    totalValue: null,
    serviceDescription: '',
    taxationCode: '',
    municipalityCode: '',
    issWithheld: 'no',
    issTaxation: 'taxable',
    date: todayInBrazil(),
    dayOfMonth: '',
    active: true,
    taker: { enabled: true, document: '', name: '', email: '', address: emptyAddressValues() },
  }
}

/**
 * A new form filled from a credit without an invoice (bank reconciliation): its value, its day
 * as the service date, and the CPF or CNPJ its memo names as the taker's.
 */
export function draftInvoiceValues(
  company: Company | null,
  draft: { value?: number; date?: string; taker?: string; takerName?: string },
): InvoiceFormValues {
  const values = newInvoiceValues(company)
  return {
    ...values,
    totalValue: draft.value ?? null,
    date: draft.date ?? values.date,
    taker: {
      ...values.taker,
      document: draft.taker ? formatTakerDocument(draft.taker) : '',
      name: draft.taker && draft.takerName ? draft.takerName : '',
    },
  }
}

/** A taker's CPF or CNPJ with its mask. */
export const formatTakerDocument = (document: string) =>
  documentKindOf(document) === 'cpf' ? formatCpfValue(document) : formatCnpjValue(document)

/** A saved schedule in the form, to edit it. */
export function scheduleValues(scheduler: NfsScheduler): InvoiceFormValues {
  return {
    cnpj: formatCnpjValue(scheduler.cnpj),
    totalValue: scheduler.totalValue,
    serviceDescription: scheduler.serviceDescription,
    taxationCode: scheduler.taxationCode,
    municipalityCode: scheduler.municipalityCode,
    issWithheld: scheduler.issWithheld ? 'yes' : 'no',
    issTaxation: scheduler.issTaxation,
    date: todayInBrazil(),
    dayOfMonth: String(scheduler.dayOfMonth),
    active: scheduler.active,
    taker: scheduler.taker
      ? {
          enabled: true,
          document: formatTakerDocument(scheduler.taker.document),
          name: scheduler.taker.name,
          email: scheduler.taker.email,
          address: addressValuesOf(scheduler.taker.address),
        }
      : { enabled: false, document: '', name: '', email: '', address: emptyAddressValues() },
  }
}

/** The fields' names as the error summary says them. */
export const fieldLabels: Record<string, string> = {
  cnpj: 'CNPJ do prestador',
  'taker.document': 'CPF ou CNPJ do tomador',
  'taker.name': 'Nome do tomador',
  'taker.email': 'E-mail do tomador',
  'taker.address.zipCode': 'CEP do tomador',
  'taker.address.street': 'Rua do tomador',
  'taker.address.number': 'Número do endereço do tomador',
  'taker.address.complement': 'Complemento do endereço do tomador',
  'taker.address.neighborhood': 'Bairro do tomador',
  'taker.address.city': 'Cidade do tomador',
  'taker.address.state': 'Estado do tomador',
  taxationCode: 'Código de tributação nacional',
  service: 'Serviço da empresa',
  serviceDescription: 'Descrição do serviço',
  municipalityCode: 'Município da prestação',
  issWithheld: 'ISS retido pelo tomador',
  issTaxation: 'Tributação do ISS',
  totalValue: 'Valor total',
  date: 'Data de competência',
  dayOfMonth: 'Dia do mês',
}
