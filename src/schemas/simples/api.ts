import { z } from 'zod'
import { activityTaxSchema, simplesAnnexSchema } from '../cnae'
import { companyRefSchema } from '../company'
import { idSchema, isoDateTimeSchema, pageQuerySchema } from '../common'
import { competenceSchema, guiaKindSchema } from '../document'
import { calendarDateSchema, roundMoney } from '../finance-common'
import { fieldError } from '../limit-messages'
import { simplesTaxes } from '../../kernel/tax/tables'
import { monthStatusSchema, queueSortSchema } from './queue-params'

// The month statuses and the queue's sort orders are queue-params' (the address bar's search
// parsing reads them there, without loading this module).
export * from './queue-params'

// The API of the month (PGDAS-D), the payroll and the guides: one zod schema per entity, shared by
// the forms, the client and the mock server (README "API conventions").

export const simplesMessages = {
  amountInvalid: 'Informe um valor em reais, zero ou mais (ex.: 5000,00).',
  unknownPartner: (partnerId: string) =>
    `Sócio não encontrado entre os sócios da empresa: ${partnerId}.`,
  repeatedPartner: 'Cada sócio aparece uma vez no pró-labore do mês.',
  monthClosed: (period: string) =>
    `A competência ${period.slice(5)}/${period.slice(0, 4)} já foi fechada: a folha e a receita declarada não mudam mais. Fale com a contabilidade para retificar.`,
  alreadyClosed: (period: string) =>
    `A competência ${period.slice(5)}/${period.slice(0, 4)} já foi fechada e a guia publicada.`,
  monthNotOver: (period: string) =>
    `A competência ${period.slice(5)}/${period.slice(0, 4)} ainda não terminou: feche o mês a partir do dia 1º do mês seguinte.`,
  notSimples:
    'Esta empresa não está no Simples Nacional (ME, EPP ou MEI) ou ainda não está ativa: não há apuração do mês.',
  cannotClose: (reasons: string) => `O mês não pode ser fechado ainda: ${reasons}`,
  unknownActivity: (cnae: string) => `A atividade ${cnae} não é uma das atividades da empresa.`,
  repeatedActivity:
    'Cada atividade aparece uma vez na receita declarada (e anexo, quando há dois).',
  notAGuide: 'Este documento não é uma guia de imposto federal (DAS ou DARF) desta empresa.',
  guidePaid: 'Esta guia já está paga.',
  guideNotLate: 'Esta guia ainda não venceu: pague pelo valor e pela linha dela.',
  paymentDatePast: 'A data do pagamento não pode ser anterior a hoje.',
  paymentDateMonth:
    'Escolha uma data de pagamento até o fim deste mês: os juros mudam a cada mês (Selic).',
} as const

/** An amount of money the form takes, zero included, at most R$ 100 mi. */
const moneySchema = z
  .number({ error: fieldError(simplesMessages.amountInvalid) })
  .finite({ error: simplesMessages.amountInvalid })
  .min(0)
  .max(100_000_000)
  .transform(roundMoney)

/** A competence in the path: `YYYY-MM`. */
export const periodParamsSchema = z.object({ id: idSchema, period: competenceSchema })
export const periodOnlyParamsSchema = z.object({ period: competenceSchema })

// ---- payroll ----

/** `PUT /companies/{id}/payroll/{period}`: each partner's pró-labore, the salaries and FGTS. */
export const payrollInputSchema = z
  .strictObject({
    proLabore: z.array(z.strictObject({ partnerId: idSchema, amount: moneySchema })).max(20),
    salaries: moneySchema,
    fgts: moneySchema,
  })
  .superRefine((input, context) => {
    const seen = new Set<string>()
    input.proLabore.forEach((entry, index) => {
      if (seen.has(entry.partnerId))
        context.addIssue({
          code: 'custom',
          message: simplesMessages.repeatedPartner,
          path: ['proLabore', index, 'partnerId'],
        })
      seen.add(entry.partnerId)
    })
  })
export type PayrollInput = z.input<typeof payrollInputSchema>

export const payrollPartnerSchema = z.object({
  partnerId: z.string(),
  name: z.string(),
  cpf: z.string(),
  amount: z.number(),
  inss: z.number(),
  irrf: z.number(),
  net: z.number(),
})
export type PayrollPartner = z.infer<typeof payrollPartnerSchema>

/** A guide a month made (the DAS, the DCTFWeb DARF), as its screens show it. */
export const monthGuideSchema = z.object({
  documentId: z.string(),
  kind: guiaKindSchema,
  name: z.string(),
  amount: z.number(),
  dueDate: calendarDateSchema,
  /** The 48-digit line; null once the guide is past due (an expired line is not paid). */
  line: z.string().nullable(),
  status: z.enum(['pending', 'paid']),
  overdue: z.boolean(),
  fileName: z.string(),
})
export type MonthGuide = z.infer<typeof monthGuideSchema>

/** A month's payroll as the server keeps it (computed by the rules in force when it was saved). */
export const payrollRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  period: z.string(),
  partners: z.array(payrollPartnerSchema),
  salaries: z.number(),
  fgts: z.number(),
  proLabore: z.number(),
  inss: z.number(),
  irrf: z.number(),
  /** The company's 20 % on pró-labore and salaries. */
  cpp: z.number(),
  /** Whether the CPP is paid outside the DAS (an Annex IV activity). */
  cppOutsideDas: z.boolean(),
  /** The DCTFWeb DARF of the month: INSS and IRRF withheld, and the CPP paid apart. */
  darf: z.number(),
  /** What the fator R counts of this month: pró-labore, salaries, FGTS, CPP paid apart. */
  fatorRPayroll: z.number(),
  updatedAt: isoDateTimeSchema,
  updatedBy: z.string(),
})
export type PayrollRecord = z.infer<typeof payrollRecordSchema>

/** The payroll of a month: every partner (before anything is entered, with zeros). */
export const payrollSchema = payrollRecordSchema
  .omit({ id: true, updatedAt: true, updatedBy: true })
  .extend({
    /** Whether the month's payroll was entered (the month-close queue asks for it). */
    entered: z.boolean(),
    /** The month is closed: the payroll no longer changes. */
    locked: z.boolean(),
    /** When the DCTFWeb DARF falls due (null when the calendar does not know the year). */
    darfDueDate: calendarDateSchema.nullable(),
    /** The guides this payroll made once the month closed. */
    guides: z.array(monthGuideSchema),
    updatedAt: isoDateTimeSchema.nullable(),
  })
export type Payroll = z.infer<typeof payrollSchema>

// ---- declared revenue ----

/** `PUT /companies/{id}/simples/{period}/revenue`: revenue without an invoice, by activity. */
export const declaredRevenueInputSchema = z
  .strictObject({
    items: z
      .array(
        z.strictObject({
          cnae: z
            .string()
            .trim()
            .regex(/^\d{7}$/, { error: 'Atividade (CNAE) inválida: use os 7 dígitos.' }),
          /** Resale (I) or own production (II), for an activity in both annexes. */
          annex: z.enum(['I', 'II']).nullable().default(null),
          amount: moneySchema,
        }),
      )
      .max(20),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>()
    input.items.forEach((item, index) => {
      const key = `${item.cnae}|${item.annex ?? ''}`
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          message: simplesMessages.repeatedActivity,
          path: ['items', index, 'cnae'],
        })
      seen.add(key)
    })
  })
export type DeclaredRevenueInput = z.input<typeof declaredRevenueInputSchema>

export const declaredRevenueItemSchema = z.object({
  cnae: z.string(),
  annex: z.enum(['I', 'II']).nullable(),
  amount: z.number(),
})

// ---- the month ----

const taxesSchema = z.object(
  Object.fromEntries(simplesTaxes.map((tax) => [tax, z.number()])) as Record<
    (typeof simplesTaxes)[number],
    z.ZodNumber
  >,
)

export const monthIssueSchema = z.object({ code: z.string(), message: z.string() })
export type MonthIssue = z.infer<typeof monthIssueSchema>

export const simplesActivitySchema = z.object({
  cnae: z.string(),
  text: z.string(),
  annex: simplesAnnexSchema,
  subjectToFatorR: z.boolean(),
  revenue: z.number(),
  issWithheld: z.number(),
  issNotDue: z.number(),
  exported: z.number(),
  bracket: z.number().int(),
  nominalRate: z.number(),
  deduction: z.number(),
  effectiveRate: z.number(),
  dasRate: z.number(),
  amount: z.number(),
  taxes: taxesSchema,
})

/**
 * `GET /companies/{id}/simples/{period}`: the month as the PGDAS-D calculates it (a closed month:
 * as it was frozen), its DAS and guide, and what keeps it from closing.
 */
export const simplesMonthSchema = z.object({
  companyId: z.string(),
  period: z.string(),
  regime: z.enum(['simples', 'mei']),
  status: monthStatusSchema,
  revenue: z.number(),
  /** Issued invoices of the competence counted, and the revenue the client declared. */
  invoices: z.object({ count: z.number().int(), total: z.number() }),
  declared: z.array(declaredRevenueItemSchema),
  rbt12: z.number(),
  rbt12Rule: z.enum(['first-month', 'young-company', 'twelve-months']),
  monthsOfActivity: z.number().int(),
  yearRevenue: z.number(),
  payroll12: z.number().nullable(),
  /** r cut to two decimals; null for a MEI. */
  fatorR: z.number().nullable(),
  fatorRRule: z.enum(['payroll-over-revenue', 'payroll-without-revenue', 'no-payroll']).nullable(),
  subjectToFatorR: z.boolean(),
  sublimitExceeded: z.boolean(),
  sublimit: z.object({
    limit: z.number(),
    exceeded: z.boolean(),
    excessRevenue: z.number(),
    impeded: z.boolean(),
  }),
  activities: z.array(simplesActivitySchema),
  unplaced: z.array(
    z.object({ service: z.string().nullable(), cnae: z.string().nullable(), revenue: z.number() }),
  ),
  taxes: taxesSchema,
  das: z.object({ amount: z.number(), dueDate: calendarDateSchema.nullable() }),
  /** A MEI's fixed DAS: INSS, ICMS, ISS. */
  dasMei: z
    .object({ inss: z.number(), icms: z.number(), iss: z.number(), total: z.number() })
    .nullable(),
  /** What the calculation itself cannot settle (a service no activity covers…). */
  problems: z.array(monthIssueSchema),
  /** Everything that keeps the accountant from closing the month (problems included). */
  missing: z.array(monthIssueSchema),
  guide: monthGuideSchema.nullable(),
  closedAt: isoDateTimeSchema.nullable(),
  /**
   * What the month was calculated from (src/kernel/tax/month.ts takes it as its input): the
   * invoice form adds its invoice to it and runs the same calculation for its estimate.
   */
  basis: z.object({
    openedOn: calendarDateSchema.nullable(),
    activities: z.array(activityTaxSchema),
    /** Cents by `YYYY-MM`. */
    revenue: z.record(z.string(), z.number()),
    payroll: z.record(z.string(), z.number()),
    items: z.array(
      z.object({
        service: z.string().nullable(),
        cnae: z.string().nullable(),
        annex: simplesAnnexSchema.nullable().optional(),
        segment: z.enum(['normal', 'iss-withheld', 'iss-not-due', 'export']),
        cents: z.number(),
      }),
    ),
  }),
  /** Invoices of the competence issued after it closed: the accountant looks at them. */
  lateInvoices: z.array(
    z.object({
      id: z.string(),
      number: z.number().int().nullable(),
      date: calendarDateSchema,
      totalValue: z.number(),
      issuedAt: isoDateTimeSchema.nullable(),
    }),
  ),
})
export type SimplesMonthView = z.infer<typeof simplesMonthSchema>

// ---- the month-close queue ----

/** `GET /simples/{period}`: every active Simples and MEI company's month, 25 a page. */
export const simplesQueueQuerySchema = pageQuerySchema(25).extend({
  status: monthStatusSchema.optional(),
  query: z.string().trim().max(100).optional(),
  sort: queueSortSchema.optional(),
})
export type SimplesQueueQuery = z.input<typeof simplesQueueQuerySchema>

export const simplesQueueRowSchema = z.object({
  company: companyRefSchema,
  period: z.string(),
  regime: z.enum(['simples', 'mei']),
  status: monthStatusSchema,
  revenue: z.number(),
  das: z.object({ amount: z.number(), dueDate: calendarDateSchema.nullable() }),
  missing: z.array(monthIssueSchema),
  guide: monthGuideSchema.nullable(),
  lateInvoices: z.number().int(),
})
export type SimplesQueueRow = z.infer<typeof simplesQueueRowSchema>

/** `POST /simples/{period}/close`: several companies' months at once. */
export const closeMonthsInputSchema = z.strictObject({
  companyIds: z.array(idSchema).min(1).max(100),
})
export type CloseMonthsInput = z.input<typeof closeMonthsInputSchema>

export const closeOutcomeSchema = z.object({
  companyId: z.string(),
  closed: z.boolean(),
  /** Why it was not closed (pt-BR), or null. */
  message: z.string().nullable(),
  guide: monthGuideSchema.nullable(),
})
export type CloseOutcome = z.infer<typeof closeOutcomeSchema>

// ---- a guide paid late ----

/** `GET|POST /companies/{id}/guides/{documentId}/late-payment`: the day it will be paid. */
export const latePaymentQuerySchema = z.object({ paymentDate: calendarDateSchema.optional() })
export const latePaymentInputSchema = z.strictObject({ paymentDate: calendarDateSchema })
export const guideParamsSchema = z.object({ id: idSchema, documentId: idSchema })

export const latePaymentSchema = z.object({
  documentId: z.string(),
  principal: z.number(),
  dueDate: calendarDateSchema,
  paymentDate: calendarDateSchema,
  days: z.number().int(),
  fineRate: z.number(),
  fine: z.number(),
  interestRate: z.number(),
  interest: z.number(),
  selicMonths: z.array(z.string()),
  total: z.number(),
  /** The new guide, once made (POST). */
  guide: monthGuideSchema.nullable(),
})
export type LatePaymentView = z.infer<typeof latePaymentSchema>

/** `GET /companies/{id}/guides`: the guides to pay (due and overdue), due first. */
export const guideListQuerySchema = z.object({ id: idSchema })
export const companyGuideSchema = monthGuideSchema.extend({
  competence: z.string(),
  /** A DAS or DARF this product can recalculate when paid late. */
  updatable: z.boolean(),
  /** The guide this one replaced (recalculated for a later payment), if any. */
  replaces: z.string().nullable(),
})
export type CompanyGuide = z.infer<typeof companyGuideSchema>

// ---- what the server keeps ----

/** Revenue without an invoice the client declared for a month. */
export const declaredRevenueRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  period: z.string(),
  items: z.array(declaredRevenueItemSchema),
  updatedAt: isoDateTimeSchema,
  updatedBy: z.string(),
})
export type DeclaredRevenueRecord = z.infer<typeof declaredRevenueRecordSchema>

/** A closed month: the calculation as it was frozen, and the guides it published. */
export const closedMonthRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  period: z.string(),
  status: z.enum(['closed', 'paid']),
  calculation: simplesMonthSchema.omit({
    status: true,
    missing: true,
    guide: true,
    closedAt: true,
    lateInvoices: true,
  }),
  dasDocumentId: z.string().nullable(),
  darfDocumentId: z.string().nullable(),
  closedAt: isoDateTimeSchema,
  closedBy: z.string(),
})
export type ClosedMonthRecord = z.infer<typeof closedMonthRecordSchema>

/** A guide this product made: what its PDF prints (rendered when first downloaded). */
export const taxGuideRecordSchema = z.object({
  /** The guia document's id. */
  id: z.string(),
  companyId: z.string(),
  kind: guiaKindSchema,
  title: z.string(),
  competence: z.string(),
  fileName: z.string(),
  amount: z.number(),
  dueDate: calendarDateSchema,
  line: z.string(),
  /** What the amount is made of, line by line. */
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  /** The expired guide this one recalculates for a later payment. */
  replaces: z.string().nullable(),
  createdAt: isoDateTimeSchema,
})
export type TaxGuideRecord = z.infer<typeof taxGuideRecordSchema>
