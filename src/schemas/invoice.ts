import { z } from 'zod'
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils'
import { addressSchema } from './address'
import { cnpjKey, cnpjSchema, digitsOnly } from './brazil'
import { companyRefSchema } from './company'
import { idSchema, isoDateTimeSchema, pageQuerySchema, reasonSchema } from './common'
import { fileNameSchema } from './files'
import {
  bankPaymentSchema,
  calendarDateSchema,
  dateFilterSchema,
  listQueryTextSchema,
  queryBooleanSchema,
  roundMoney,
} from './finance-common'
import { messages } from './messages'
import { emailSchema } from './user'
import { filledText, missingOr } from './limit-messages'
import { nfsRequestStatusLabels } from './glossary'
import {
  ACCESS_KEY_PATTERN,
  nfseCancellationCodeSchema,
  nfseSubstitutionCodeSchema,
  nfseSubstitutionReasonSchema,
} from './nfse'
import { nfsRequestStatusSchema, type NfsRequestStatus } from './invoice-status'

// Service invoices (NFS-e): requests and monthly schedules (docs/product.md §3, §5, §7 and §10
// "Invoices").

// The statuses are invoice-status' (the invoices list's address is parsed in the app's first
// chunk, without these schemas); invoices keep naming them from here.
export * from './invoice-status'

export const nfsRequestStatusChangeMessage = (from: NfsRequestStatus, to: NfsRequestStatus) =>
  `Não é possível mudar a nota de "${nfsRequestStatusLabels[from]}" para "${nfsRequestStatusLabels[to]}".`

/** docs/product.md §5: totalValue at least 1 real (any other problem with it says the same). */
export const totalValueSchema = z
  .number({ error: messages.totalValueMin })
  .finite({ error: messages.totalValueMin })
  .min(1, { error: messages.totalValueMin })
  .max(100_000_000, { error: 'Valor acima do permitido para uma nota (R$ 100.000.000,00).' })
  .transform(roundMoney)

/** Deliberate change (docs/product.md §5): an integer 1..31; shorter months use their last day. */
export const dayOfMonthSchema = z
  .number({ error: messages.dayOfMonth })
  .int({ error: messages.dayOfMonth })
  .min(1, { error: messages.dayOfMonth })
  .max(31, { error: messages.dayOfMonth })

/** The taker's document: a CPF or a CNPJ (numeric or alphanumeric), by its check digits. */
const takerDocumentMessage = missingOr(
  messages.takerDocumentRequired,
  messages.takerDocumentInvalid,
)
export const takerDocumentSchema = z
  .string({ error: takerDocumentMessage })
  .trim()
  .refine((value) => isValidCpf(value) || isValidCnpj(value, { version: 2 }), {
    error: takerDocumentMessage,
  })
  .transform((value) => (isValidCpf(value) ? digitsOnly(value) : cnpjKey(value)))

export const documentKindOf = (document: string): 'cpf' | 'cnpj' =>
  document.length === 11 ? 'cpf' : 'cnpj'

export const nfsTakerSchema = z.strictObject({
  document: takerDocumentSchema,
  name: filledText('Informe o nome ou a razão social do tomador', { min: 2, max: 150 }),
  email: emailSchema,
  address: addressSchema,
})
export type NfsTaker = z.output<typeof nfsTakerSchema>

/** Item of the LC 116/2003 service list, e.g. `17.06`. */
export const serviceCodeSchema = z
  .string({ error: messages.serviceCodeInvalid })
  .trim()
  .regex(/^\d{2}\.\d{2}$/, { error: messages.serviceCodeInvalid })

export const serviceDescriptionSchema = z
  .string({ error: 'Descreva o serviço prestado' })
  .trim()
  .min(5, { error: 'Descreva o serviço prestado (mínimo 5 caracteres)' })
  .max(2000, { error: 'A descrição do serviço pode ter até 2.000 caracteres' })

export const invoiceMessages = {
  taxationCodeRequired: 'Informe o código de tributação nacional',
  taxationCodeInvalid:
    'Código de tributação nacional inválido: use os 6 dígitos (item, subitem e desdobramento da LC 116), ex.: 170601.',
  municipalityInvalid:
    'Escolha o município onde o serviço foi prestado (código IBGE de 7 dígitos).',
  municipalityUnknown: 'Município não encontrado entre os 5.571 do IBGE.',
  issWithheld: 'Informe se o ISS é retido pelo tomador (sim ou não).',
  issTaxation:
    'Escolha a tributação do ISS: operação tributável, imunidade, exportação de serviço ou não incidência.',
} as const

/**
 * `tribISSQN` of the DPS: how the ISS applies to the service. Kept by meaning; the DPS code is
 * `issTaxationCodes` (layout 1.01 of the national NFS-e; layout 1.00 numbered them otherwise). An
 * exemption is not one of them: it is a municipal benefit (`BM`) on a taxable operation.
 */
export const issTaxations = ['taxable', 'immune', 'export', 'not-levied'] as const
export const issTaxationSchema = z.enum(issTaxations, { error: invoiceMessages.issTaxation })
export type IssTaxation = z.infer<typeof issTaxationSchema>

export const issTaxationLabels: Record<IssTaxation, string> = {
  taxable: 'Operação tributável',
  immune: 'Imunidade',
  export: 'Exportação de serviço',
  'not-levied': 'Não incidência',
}

/** The `tribISSQN` code of each, as the national DPS layout 1.01 (TSTribISSQN) numbers them. */
export const issTaxationCodes: Record<IssTaxation, '1' | '2' | '3' | '4'> = {
  taxable: '1',
  immune: '2',
  export: '3',
  'not-levied': '4',
}

/**
 * `tpImunidade` (TSTipoImunidadeISSQN, tiposSimples_v1.01.xsd): 1 the public entities' assets,
 * income and services (CF art. 150, VI, a); 2 temples; 3 parties, unions, education and social
 * assistance without profit (c); 4 books, newspapers, periodicals and their paper (d); 5
 * Brazilian phonograms and videophonograms (e). 0 — "not said in the original note" — is not
 * one a provider chooses.
 */
export const immunityTypes = ['1', '2', '3', '4', '5'] as const
export const immunityTypeSchema = z.enum(immunityTypes, {
  error: 'Escolha o tipo de imunidade (1 a 5).',
})
export const immunityTypeLabels: Record<(typeof immunityTypes)[number], string> = {
  '1': 'Patrimônio, renda ou serviços de entes públicos (CF, art. 150, VI, a)',
  '2': 'Templos de qualquer culto (CF, art. 150, VI, b)',
  '3': 'Partidos, sindicatos, educação e assistência social sem fins lucrativos (CF, art. 150, VI, c)',
  '4': 'Livros, jornais, periódicos e o papel de sua impressão (CF, art. 150, VI, d)',
  '5': 'Fonogramas e videofonogramas musicais produzidos no Brasil (CF, art. 150, VI, e)',
}

/**
 * `cTribNac` of the national NFS-e: the LC 116/2003 item and subitem plus the national detail,
 * 6 digits (`170601`: item 17.06, detail 01).
 */
const taxationCodeMessage = missingOr(
  invoiceMessages.taxationCodeRequired,
  invoiceMessages.taxationCodeInvalid,
)
export const taxationCodeSchema = z
  .string({ error: taxationCodeMessage })
  .trim()
  .regex(/^\d{6}$/, { error: taxationCodeMessage })

/** The LC 116 item of a national taxation code: `170601` → `17.06`. */
export const serviceCodeOf = (taxationCode: string) =>
  `${taxationCode.slice(0, 2)}.${taxationCode.slice(2, 4)}`

/** `cLocPrestacao`: the IBGE code of the municipality where the service was provided. */
export const municipalityCodeSchema = z
  .string({ error: invoiceMessages.municipalityInvalid })
  .trim()
  .regex(/^\d{7}$/, { error: invoiceMessages.municipalityInvalid })

/**
 * What the invoice says (the national DPS fields a small company fills), shared by a request and
 * a schedule. The taker (`toma`) is optional, as the national standard allows.
 */
const invoiceBody = {
  cnpj: cnpjSchema,
  totalValue: totalValueSchema,
  serviceDescription: serviceDescriptionSchema,
  taxationCode: taxationCodeSchema,
  municipalityCode: municipalityCodeSchema,
  /** `tpRetISSQN`: the taker withholds the ISS. */
  issWithheld: z.boolean({ error: invoiceMessages.issWithheld }),
  /** `tribISSQN`: how the ISS applies (most services: a taxable operation). */
  issTaxation: issTaxationSchema.default('taxable'),
  /** `tpImunidade`: the constitutional immunity of an immune service (`issTaxation: immune`). */
  immunityType: immunityTypeSchema.nullable().default(null),
  taker: nfsTakerSchema.nullable().default(null),
}

/** `POST /nfs/requests?companyId`. `date` is the service (competence) date; default today. */
export const nfsRequestCreateSchema = z.strictObject({
  ...invoiceBody,
  date: calendarDateSchema.optional(),
})
export type NfsRequestCreate = z.input<typeof nfsRequestCreateSchema>

/**
 * `POST /nfs/requests/{id}/substitute`: the national code and reason of the substitution, and
 * what the new NFS-e corrects (its value and description; the rest is the replaced one's).
 */
export const nfsSubstituteSchema = z.strictObject({
  code: nfseSubstitutionCodeSchema,
  reason: nfseSubstitutionReasonSchema,
  totalValue: totalValueSchema.optional(),
  serviceDescription: serviceDescriptionSchema.optional(),
})
export type NfsSubstitute = z.input<typeof nfsSubstituteSchema>

/** `PUT /nfs/requests/{id}/status/{status}`: an optional note (the reason of a rejection). */
export const nfsRequestStatusBodySchema = z
  .strictObject({ reason: z.string().trim().min(3).max(500).optional() })
  .default({})

/** `PUT /nfs/requests/{id}/status/rejected`: the client reads the reason on their invoice. */
export const nfsRejectSchema = z.strictObject({
  reason: reasonSchema('Informe o motivo da rejeição.'),
})
export type NfsReject = z.input<typeof nfsRejectSchema>

const nfsNumberMessage = 'Informe o número da NFS-e (só dígitos, até 15).'
/** The number the municipality (or the national NFS-e) gave the invoice. */
export const nfsNumberSchema = z
  .number({ error: nfsNumberMessage })
  .int({ error: nfsNumberMessage })
  .min(1, { error: nfsNumberMessage })
  .max(999_999_999_999_999, { error: nfsNumberMessage })

/** The number as typed in a form (digits), checked by the same rule. */
export const nfsNumberTextSchema = z
  .string({ error: nfsNumberMessage })
  .trim()
  .regex(/^\d{1,15}$/, { error: nfsNumberMessage })
  .transform(Number)
  .pipe(nfsNumberSchema)

const withExtension = (extension: string, message: string) =>
  fileNameSchema.refine((name) => name.toLowerCase().endsWith(extension), { error: message })

/**
 * `PUT /nfs/requests/{id}/status/issued`: the NFS-e number and its files, uploaded first through
 * the company's signed upload link; they become the company's `nota-fiscal` documents.
 */
export const nfsIssueSchema = z.strictObject({
  number: nfsNumberSchema,
  pdfFileName: withExtension('.pdf', 'Anexe o PDF da nota (arquivo .pdf).'),
  xmlFileName: withExtension('.xml', 'O XML da nota precisa ser um arquivo .xml.').optional(),
})
export type NfsIssue = z.input<typeof nfsIssueSchema>

/** A file of an issued NFS-e: the company document it became. */
export const nfsIssuedFileSchema = z.object({ documentId: z.string(), fileName: z.string() })

export const nfsStatusChangeSchema = z.object({
  from: nfsRequestStatusSchema.nullable(),
  to: nfsRequestStatusSchema,
  at: isoDateTimeSchema,
  by: z.string(),
  reason: z.string().optional(),
})

export const nfsRequestSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  cnpj: z.string(),
  totalValue: z.number(),
  serviceDescription: z.string(),
  /** LC 116 item (`17.06`), from the taxation code. */
  serviceCode: z.string(),
  taxationCode: z.string(),
  municipalityCode: z.string(),
  /** "São Paulo/SP": the municipality of `municipalityCode`, for people. */
  municipalityName: z.string(),
  issWithheld: z.boolean(),
  /** `tribISSQN` (records made before it was asked for are taxable operations). */
  issTaxation: issTaxationSchema.default('taxable'),
  /** `tpImunidade` of an immune service; null or absent otherwise. */
  immunityType: immunityTypeSchema.nullable().optional(),
  /** Null when the invoice names no taker. */
  taker: z
    .object({
      document: z.string(),
      name: z.string(),
      email: z.string(),
      address: addressSchema,
    })
    .nullable(),
  /** Service (competence) date, `YYYY-MM-DD`. */
  date: calendarDateSchema,
  status: nfsRequestStatusSchema,
  /** NFS-e number once issued. */
  number: z.number().int().positive().nullable(),
  issuedAt: isoDateTimeSchema.nullable(),
  rejectionReason: z.string().nullable(),
  /**
   * The NFS-e's access key (`chaveAcesso`, 50 characters, ACCESS_KEY_PATTERN) once issued through
   * the national system; null until then, and for an NFS-e a municipality's own system issued
   * (the manual path).
   */
  accessKey: z.string().regex(ACCESS_KEY_PATTERN).nullable().default(null),
  /** The DPS's série and number (`serie`, `nDPS`), the company's own, set when it was issued. */
  series: z.string().nullable().default(null),
  dpsNumber: z.number().int().positive().nullable().default(null),
  /** The national cancellation (event e101101): when, its code and its reason. */
  cancelledAt: isoDateTimeSchema.nullable().default(null),
  cancellationCode: nfseCancellationCodeSchema.nullable().default(null),
  cancellationReason: z.string().nullable().default(null),
  /**
   * Substitution (the DPS's `subst` group): the request whose NFS-e this one replaces, with the
   * national code and reason; on the replaced one, the request that replaced it.
   */
  substitutes: z.string().nullable().default(null),
  substitutionCode: nfseSubstitutionCodeSchema.nullable().default(null),
  substitutionReason: z.string().nullable().default(null),
  substitutedBy: z.string().nullable().default(null),
  /**
   * The cancellation analysis asked of the municipality past the cancellation deadline (event
   * e101103, recorded before it is sent): `sending` until the Sefin registers it (`unconfirmed`
   * when its answer was lost or did not verify: the background check asks the Sefin at once),
   * `requested` while the municipality has not answered, then `granted` (the request cancelled)
   * or `refused` (it stays issued).
   */
  cancellationAnalysis: z
    .object({
      status: z.enum(['sending', 'unconfirmed', 'requested', 'granted', 'refused']),
      code: nfseCancellationCodeSchema,
      reason: z.string(),
      requestedAt: isoDateTimeSchema,
      /** Its `nSeqEvento` among the key's e101103 (one more after a refused one). */
      sequence: z.number().int().positive(),
      answeredAt: isoDateTimeSchema.nullable(),
      /** The municipality's reason (`xMotivo` of e105104/e105105). */
      answer: z.string().nullable(),
      /**
       * Why the last event the Sefin returned for it was not applied (its schema, signature or
       * signer did not check, or it was another event), in pt-BR; null when none failed.
       */
      answerProblem: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  /**
   * A cancellation (event e101101) sent whose registration is not confirmed here yet, recorded
   * before it is sent: `sending` while it is on its way, `unconfirmed` when its answer was lost or
   * did not verify. The background check asks the Sefin for the event and settles it — the request
   * cancelled, or this cleared when the Sefin registered none; null otherwise.
   */
  cancellationSending: z
    .object({
      status: z.enum(['sending', 'unconfirmed']),
      code: nfseCancellationCodeSchema,
      reason: z.string(),
      requestedAt: isoDateTimeSchema,
      /** Who asked for it (the cancellation's author in the history). */
      by: z.string(),
      /** Why the Sefin's last answer was not applied (pt-BR); null when none failed. */
      problem: z.string().nullable(),
    })
    .nullable()
    .default(null),
  /** Once issued through the back office: its PDF (and XML), as `nota-fiscal` documents. */
  issuedFiles: z
    .object({ pdf: nfsIssuedFileSchema, xml: nfsIssuedFileSchema.nullable() })
    .nullable()
    .optional(),
  /** Set when a schedule created the request. */
  schedulerId: z.string().nullable(),
  /**
   * What the taker withholds from the payment, in reais, when the invoice says it: the ISS (when
   * `issWithheld`) and federal withholdings (IRRF, PIS, COFINS, CSLL, INSS). Reconciliation
   * expects the value less these.
   */
  withholdings: z
    .object({
      iss: z.number().nonnegative().optional(),
      irrf: z.number().nonnegative().optional(),
      pis: z.number().nonnegative().optional(),
      cofins: z.number().nonnegative().optional(),
      csll: z.number().nonnegative().optional(),
      inss: z.number().nonnegative().optional(),
    })
    .nullable()
    .optional(),
  /** The statement day the taker's payment came in (bank reconciliation); null until then. */
  receivedAt: calendarDateSchema.nullable().optional(),
  /** The statement line that paid it. */
  receivedBy: bankPaymentSchema.nullable().optional(),
  statusHistory: z.array(nfsStatusChangeSchema),
  createdBy: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
})
export type NfsRequest = z.infer<typeof nfsRequestSchema>

/** The national issuance's fields of a request nobody issued or cancelled yet. */
export const nationalFieldsUnset = {
  accessKey: null,
  series: null,
  dpsNumber: null,
  cancelledAt: null,
  cancellationCode: null,
  cancellationReason: null,
  substitutes: null,
  substitutionCode: null,
  substitutionReason: null,
  substitutedBy: null,
  cancellationAnalysis: null,
  cancellationSending: null,
} as const satisfies Partial<NfsRequest>

/** `GET /nfs/requests` (docs/product.md §7: query, companyId, status, date, limit 10, offset). */
export const nfsRequestListQuerySchema = pageQuerySchema(10).extend({
  companyId: idSchema,
  query: listQueryTextSchema.optional(),
  status: nfsRequestStatusSchema.optional(),
  date: dateFilterSchema.optional(),
  /** Bank reconciliation: `true` the invoices a payment was matched to, `false` issued ones still unpaid. */
  received: queryBooleanSchema.optional(),
})

/**
 * `GET /nfs/requests/search` (admin, every company): the work queue, pending and processing
 * first, each oldest first (waiting longest), then issued and rejected, newest first.
 */
export const nfsRequestSearchQuerySchema = nfsRequestListQuerySchema.extend({
  companyId: idSchema.optional(),
})

/** A request in the admin's answers, with the company it is for. */
export const nfsRequestWithCompanySchema = nfsRequestSchema.extend({
  company: companyRefSchema.nullable(),
})
export type NfsRequestWithCompany = z.infer<typeof nfsRequestWithCompanySchema>

/** `POST /nfs/schedulers` and `PUT /nfs/schedulers/{id}` (docs/product.md §3: cnpj, dayOfMonth, totalValue). */
export const nfsSchedulerInputSchema = z.strictObject({
  ...invoiceBody,
  dayOfMonth: dayOfMonthSchema,
  active: z.boolean({ error: 'Use true ou false.' }).default(true),
})
export type NfsSchedulerInput = z.input<typeof nfsSchedulerInputSchema>

export const nfsSchedulerSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  cnpj: z.string(),
  dayOfMonth: dayOfMonthSchema,
  totalValue: z.number(),
  serviceDescription: z.string(),
  serviceCode: z.string(),
  taxationCode: z.string(),
  municipalityCode: z.string(),
  municipalityName: z.string(),
  issWithheld: z.boolean(),
  issTaxation: nfsRequestSchema.shape.issTaxation,
  /** `tpImunidade` of an immune service, carried to each request the schedule makes. */
  immunityType: nfsRequestSchema.shape.immunityType,
  taker: nfsRequestSchema.shape.taker,
  active: z.boolean(),
  /** `YYYY-MM` of the last month this schedule created its request. */
  lastRunMonth: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
})
export type NfsScheduler = z.infer<typeof nfsSchedulerSchema>

/** A schedule as the API answers it: with the day it issues next (null while paused). */
export const nfsSchedulerViewSchema = nfsSchedulerSchema.extend({
  nextRunDate: calendarDateSchema.nullable(),
})
export type NfsSchedulerView = z.infer<typeof nfsSchedulerViewSchema>

/** A service the company invoiced before (`GET /nfs/services`): its code, last wording and use. */
export const nfsServiceSchema = z.object({
  taxationCode: z.string(),
  serviceCode: z.string(),
  description: z.string(),
  /** The day of the latest invoice or schedule that used it. */
  lastUsedOn: calendarDateSchema,
})
export type NfsService = z.infer<typeof nfsServiceSchema>

/** `GET /nfs/services?companyId`: the company's services, the last used first. */
export const nfsServiceListQuerySchema = pageQuerySchema(10).extend({ companyId: idSchema })

/** `GET /nfs/schedulers?companyId` and `GET /nfs/schedulers/active`. */
export const nfsSchedulerListQuerySchema = pageQuerySchema(10).extend({ companyId: idSchema })
export const nfsSchedulerActiveQuerySchema = pageQuerySchema(10).extend({
  companyId: idSchema.optional(),
})

// Their words are the glossary's (one name for each status, on every screen).
export { nfsRequestStatusLabels }
