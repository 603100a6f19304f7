import { z } from 'zod'
import { activityTaxSchema, simplesAnnexSchema } from '../cnae'
import { companyRefSchema } from '../company'
import { idSchema, isoDateTimeSchema, pageQuerySchema } from '../common'
import { competenceSchema, guiaKindSchema, guideReplacementSchema } from '../document'
import {
  bankPaymentSchema,
  calendarDateSchema,
  queryBooleanSchema,
  roundMoney,
} from '../finance-common'
import { fieldError } from '../limit-messages'
import { cpfSchema } from '../brazil'
import { fullNameSchema } from '../people'
import { formatCents, roundHundredths, toCents } from '../../kernel/money'
import { simplesTaxes } from '../../kernel/tax/tables'
import { monthStatusSchema, queueSortSchema, type MonthStatus } from './queue-params'

// The month statuses and the queue's sort orders are queue-params' (the address bar's search
// parsing reads them there, without loading this module).
export * from './queue-params'

// The API of the month (PGDAS-D), the payroll and the guides: one zod schema per entity, shared by
// the forms, the client and the mock server (docs/api.md "Conventions").

export const simplesMessages = {
  amountInvalid: 'Informe um valor em reais, zero ou mais (ex.: 5000,00).',
  unknownPartner: (partnerId: string) =>
    `Sócio não encontrado entre os sócios da empresa: ${partnerId}.`,
  repeatedPartner: 'Cada sócio aparece uma vez no pró-labore do mês.',
  repeatedEmployee: 'Cada empregado aparece uma vez na folha do mês (o CPF se repete).',
  salaryInvalid: 'Informe o salário do mês em reais, maior que zero (ex.: 3000,00).',
  dependentsInvalid: 'Dependentes: um número inteiro de 0 a 20.',
  salariesAreEmployees: (expected: string) =>
    `Os salários do mês são a soma dos salários dos empregados (${expected}): lance cada empregado com nome, CPF, salário e dependentes.`,
  fgtsIsComputed: (expected: string) =>
    `O FGTS do mês é 8 % dos salários dos empregados (${expected}): não é informado à parte.`,
  periodBeforeStart: (period: string, start: string) =>
    `A competência ${period.slice(5)}/${period.slice(0, 4)} é anterior ao início de atividade da empresa (${start.slice(5)}/${start.slice(0, 4)}): não há folha antes disso.`,
  periodTooLate: (period: string, last: string) =>
    `A competência ${period.slice(5)}/${period.slice(0, 4)} ainda está longe: a folha vai até o mês que vem (${last.slice(5)}/${last.slice(0, 4)}).`,
  ratInvalid: 'RAT: 1 %, 2 % ou 3 % (Lei nº 8.212/1991, art. 22, II).',
  fapInvalid: 'FAP: de 0,5000 a 2,0000, com até quatro casas (Decreto nº 3.048/1999, art. 202-A).',
  /** Said to whoever tried: the client asks the accountant; the accountant retifies. */
  monthClosed: (period: string, audience: 'client' | 'accountant' = 'client') =>
    audience === 'client'
      ? `A competência ${period.slice(5)}/${period.slice(0, 4)} já foi fechada: a folha e a receita declarada não mudam mais. Fale com a contabilidade para retificar.`
      : `A competência ${period.slice(5)}/${period.slice(0, 4)} já foi fechada: a folha e a receita declarada não mudam mais. Para corrigir, retifique o PGDAS-D e a DCTFWeb do mês.`,
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

/**
 * The id of a company's month records — its payroll, declared revenue and closed month — in the
 * store and in the API's bodies: `companyId:YYYY-MM`.
 */
export const monthKey = (companyId: string, period: string) => `${companyId}:${period}`

/** An employee on the month's payroll, as entered. */
export const employeeInputSchema = z.strictObject({
  name: fullNameSchema,
  cpf: cpfSchema,
  salary: z
    .number({ error: fieldError(simplesMessages.salaryInvalid) })
    .finite({ error: simplesMessages.salaryInvalid })
    .gt(0, { error: simplesMessages.salaryInvalid })
    .max(10_000_000, { error: simplesMessages.salaryInvalid })
    .transform(roundMoney),
  dependents: z
    .number({ error: fieldError(simplesMessages.dependentsInvalid) })
    .int({ error: simplesMessages.dependentsInvalid })
    .min(0, { error: simplesMessages.dependentsInvalid })
    .max(20, { error: simplesMessages.dependentsInvalid })
    .default(0),
})
export type EmployeeInput = z.input<typeof employeeInputSchema>

/**
 * `PUT /companies/{id}/payroll/{period}`: each partner's pró-labore and each employee (name, CPF,
 * salary, dependants). The month's salaries are the employees' sum and its FGTS 8 % of them:
 * `salaries` and `fgts`, when sent, must be those (a client of the earlier API sends 0, 0).
 */
export const payrollInputSchema = z
  .strictObject({
    proLabore: z.array(z.strictObject({ partnerId: idSchema, amount: moneySchema })).max(20),
    employees: z.array(employeeInputSchema).max(500).default([]),
    salaries: moneySchema.optional(),
    fgts: moneySchema.optional(),
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
    const cpfs = new Set<string>()
    input.employees.forEach((employee, index) => {
      if (cpfs.has(employee.cpf))
        context.addIssue({
          code: 'custom',
          message: simplesMessages.repeatedEmployee,
          path: ['employees', index, 'cpf'],
        })
      cpfs.add(employee.cpf)
    })
    const salaryCents = input.employees.reduce((total, e) => total + toCents(e.salary), 0)
    if (input.salaries !== undefined && toCents(input.salaries) !== salaryCents)
      context.addIssue({
        code: 'custom',
        message: simplesMessages.salariesAreEmployees(formatCents(salaryCents)),
        path: ['salaries'],
      })
    if (input.fgts !== undefined) {
      const fgtsCents = input.employees.reduce(
        (total, e) => total + Math.round((toCents(e.salary) * 8) / 100),
        0,
      )
      if (toCents(input.fgts) !== fgtsCents)
        context.addIssue({
          code: 'custom',
          message: simplesMessages.fgtsIsComputed(formatCents(fgtsCents)),
          path: ['fgts'],
        })
    }
  })
export type PayrollInput = z.input<typeof payrollInputSchema>

/** `PUT /companies/{id}/payroll-risk`: the company's RAT and FAP (null: back to the defaults). */
export const payrollRiskInputSchema = z.strictObject({
  rat: z
    .union([z.literal(1), z.literal(2), z.literal(3)], {
      error: fieldError(simplesMessages.ratInvalid),
    })
    .nullable(),
  fap: z
    .number({ error: fieldError(simplesMessages.fapInvalid) })
    .min(0.5, { error: simplesMessages.fapInvalid })
    .max(2, { error: simplesMessages.fapInvalid })
    .refine((value) => Number.isInteger(Math.round(value * 1e8) / 1e4), {
      error: simplesMessages.fapInvalid,
    })
    .nullable(),
})
export type PayrollRiskInput = z.input<typeof payrollRiskInputSchema>

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
  /** When it was paid (the day a person gave, or the statement line's). */
  paidAt: isoDateTimeSchema.nullable(),
  /** The statement line that paid it (bank reconciliation): the day and the bank. */
  paidBy: bankPaymentSchema.nullable(),
  /** The guide recalculated for a later payment that replaced it (no longer to be paid). */
  replacedBy: guideReplacementSchema.nullable(),
})
export type MonthGuide = z.infer<typeof monthGuideSchema>

export const payrollEmployeeSchema = z.object({
  name: z.string(),
  cpf: z.string(),
  salary: z.number(),
  dependents: z.number().int(),
  inss: z.number(),
  irrf: z.number(),
  /** Deposited by the company (FGTS Digital guide), not withheld. */
  fgts: z.number(),
  net: z.number(),
})
export type PayrollEmployee = z.infer<typeof payrollEmployeeSchema>

/**
 * The CPP paid outside the DAS (Annex IV), with each term of IN RFB 2.110/2022 arts. 168–171:
 * (20 % × (pró-labore + salaries) + RAT × FAP × salaries) × Annex IV revenue ÷ the month's revenue.
 */
export const cppOutsideSchema = z.object({
  amount: z.number(),
  /** 20 % of pró-labore and salaries. */
  base: z.number(),
  /** RAT × FAP of the salaries. */
  ratFap: z.number(),
  /** RAT in percent (3 = 3 %); FAP as published (1.0 = 1,0000). */
  rat: z.number().nullable(),
  fap: z.number(),
  annexIvRevenue: z.number(),
  totalRevenue: z.number(),
  onlyAnnexIv: z.boolean(),
})
export type CppOutsideView = z.infer<typeof cppOutsideSchema>

/**
 * A month's payroll as the server keeps it (computed by the rules of the competence's year when
 * it was saved; the CPP outside the DAS again when the month closes, on its final revenue).
 */
export const payrollRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  period: z.string(),
  partners: z.array(payrollPartnerSchema),
  employees: z.array(payrollEmployeeSchema).default([]),
  /** The employees' salaries (their sum). */
  salaries: z.number(),
  /** The FGTS of the month: 8 % of each salary (the FGTS Digital guide). */
  fgts: z.number(),
  proLabore: z.number(),
  /** Partners' INSS and IRRF withheld. */
  inss: z.number(),
  irrf: z.number(),
  employeesInss: z.number().default(0),
  employeesIrrf: z.number().default(0),
  /** The company's 20 % on pró-labore and salaries. */
  cpp: z.number(),
  /** Whether some CPP is paid outside the DAS (an Annex IV activity). */
  cppOutsideDas: z.boolean(),
  cppOutside: cppOutsideSchema.nullable().default(null),
  /** The DCTFWeb DARF of the month: INSS and IRRF withheld, and the CPP outside the DAS. */
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
    /** When the FGTS Digital guide (GFD) falls due (the same). */
    fgtsDueDate: calendarDateSchema.nullable(),
    /** The company's RAT and FAP, where they come from, and whether its CPP needs them. */
    risk: z.object({
      /** Annex IV: the CPP (with RAT × FAP on salaries) is paid outside the DAS. */
      needed: z.boolean(),
      rat: z.number().nullable(),
      ratFrom: z.enum(['company', 'activity']).nullable(),
      fap: z.number(),
      fapFrom: z.enum(['company', 'default']),
      /** What to do when the RAT is not known (pt-BR), or null. */
      message: z.string().nullable(),
    }),
    /** Why the month's payroll cannot be computed (a year the tables lack…), or null. */
    problem: z.string().nullable(),
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

const limitEffectSchema = z.enum(['within', 'next-year', 'next-month', 'retroactive'])

export const monthLimitsSchema = z.object({
  year: z.number().int(),
  opening: z.boolean(),
  months: z.number().int(),
  ceiling: z.number(),
  sublimit: z.number(),
  yearRevenue: z.number(),
  sublimitEffect: limitEffectSchema,
  ceilingEffect: limitEffectSchema,
  ceilingExcessRevenue: z.number(),
  notes: z.array(z.string()),
})

/** Amounts under R$ 10,00 a guide adds from earlier competences, or carries to the next one. */
export const carrySchema = z.object({
  /** What earlier competences carried into this one's guide (reais), and which they are. */
  carriedIn: z.number(),
  from: z.array(z.string()),
  /** This competence's guide was not issued: under R$ 10,00, carried to the next one. */
  carriedOut: z.number(),
})
export type Carry = z.infer<typeof carrySchema>
const noCarry = { carriedIn: 0, from: [], carriedOut: 0 }
export const monthCarrySchema = z
  .object({ das: carrySchema, darf: carrySchema })
  .default({ das: noCarry, darf: noCarry })

/**
 * `GET /companies/{id}/simples/{period}`: the month as the PGDAS-D calculates it (a closed month:
 * as it was frozen), its DAS and guide, and what keeps it from closing.
 */
/**
 * A closed month of the opening year done again without ICMS and ISS: a later month of that year
 * went more than 20 % over the proportional sublimit, with effect back to the start of activity.
 */
export const restatedMonthSchema = z.object({
  period: z.string(),
  /** The DAS as the month closed. */
  closedDas: z.number(),
  /** The DAS the month owes now, without ICMS and ISS. */
  das: z.number(),
  /** The ICMS and ISS the closed DAS carried: now due to the State and the municipality. */
  icms: z.number(),
  iss: z.number(),
})
export type RestatedMonth = z.infer<typeof restatedMonthSchema>

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
  /** The year's limits (proportional in the opening year) and their effects; null for a MEI. */
  limits: monthLimitsSchema.nullable().default(null),
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
  /**
   * Months of the RBT12 window from before the company's data in this product, on or after its
   * start of activity, whose revenue was not declared (`GET|PUT …/revenue-history`).
   */
  missingMonths: z.array(z.string()).default([]),
  /**
   * The opening year's closed months done again without ICMS and ISS when this month takes the
   * year more than 20 % over the proportional sublimit (LC 123/2006, art. 3º, § 11).
   */
  restated: z.array(restatedMonthSchema).default([]),
  /** Guides under R$ 10,00: what this month's guides add from earlier months or carry on. */
  carry: monthCarrySchema,
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
  /** Only the months whose DAS is past due and unpaid (monthOverdue). */
  overdue: queryBooleanSchema.optional(),
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
  /** The DAS is past due and unpaid (monthOverdue, by the server's today). */
  overdue: z.boolean(),
})
export type SimplesQueueRow = z.infer<typeof simplesQueueRowSchema>

/** A month as the rules of its DAS read it: its status, its DAS, whether it published a guide. */
type MonthDas = {
  status: MonthStatus
  das: { amount: number; dueDate: string | null }
  hasGuide: boolean
}

/**
 * Whether a month has a DAS to pay: an open month whose DAS comes to more than zero, a closed
 * one that published its guide. A DAS of R$ 0,00 (a month without revenue) owes nothing.
 */
export const monthOwesDas = (month: MonthDas) =>
  month.das.amount > 0 && (month.status === 'open' || month.hasGuide)

/**
 * A month is late ("atrasado") once its DAS's due date has passed and it is not paid: still open
 * (not even declared: the PGDAS-D is due the same day as the DAS), or closed with its DAS unpaid.
 * A month that owes no DAS (monthOwesDas) is never late. The queue's flag and filter, and every
 * screen that says a month's state, use this one rule.
 */
export function monthOverdue(month: MonthDas, today: string) {
  return (
    month.status !== 'paid' &&
    month.das.dueDate !== null &&
    month.das.dueDate < today &&
    monthOwesDas(month)
  )
}

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

// ---- revenue before us ----

export const revenueHistoryMessages = {
  repeatedMonth: 'Cada mês aparece uma vez no histórico de receita.',
  beforeStart: (period: string, start: string) =>
    `${period.slice(5)}/${period.slice(0, 4)} é anterior ao início de atividade da empresa (${start.slice(8)}/${start.slice(5, 7)}/${start.slice(0, 4)}, data de abertura do CNPJ).`,
  notBefore: (period: string, first: string) =>
    `A receita de ${period.slice(5)}/${period.slice(0, 4)} já vem deste sistema (notas, receita declarada ou mês fechado desde ${first.slice(5)}/${first.slice(0, 4)}): o histórico é só dos meses anteriores.`,
  inHistory: (period: string) =>
    `A receita de ${period.slice(5)}/${period.slice(0, 4)} está no histórico de receita (de antes do sistema): corrija-a por lá.`,
  tooOld: (period: string) =>
    `${period.slice(5)}/${period.slice(0, 4)} é antigo demais: o histórico guarda os 24 meses anteriores aos dados deste sistema, os que a RBT12 e o ano anterior usam.`,
} as const

/**
 * `PUT /companies/{id}/revenue-history`: the gross revenue of each month before the company's
 * data in this product, as the previous accountant declared it in the PGDAS-D (0 is a month
 * without revenue). The list replaces the one kept.
 */
export const revenueHistoryInputSchema = z
  .strictObject({
    months: z.array(z.strictObject({ period: competenceSchema, amount: moneySchema })).max(36),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>()
    input.months.forEach((month, index) => {
      if (seen.has(month.period))
        context.addIssue({
          code: 'custom',
          message: revenueHistoryMessages.repeatedMonth,
          path: ['months', index, 'period'],
        })
      seen.add(month.period)
    })
  })
export type RevenueHistoryInput = z.input<typeof revenueHistoryInputSchema>

const historyMonthSchema = z.object({ period: z.string(), amount: z.number() })

/** The revenue history as the server keeps it (one per company). */
export const revenueHistoryRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  months: z.array(historyMonthSchema),
  updatedAt: isoDateTimeSchema,
  updatedBy: z.string(),
})
export type RevenueHistoryRecord = z.infer<typeof revenueHistoryRecordSchema>

/** `GET /companies/{id}/revenue-history`: what was declared and which months it may hold. */
export const revenueHistorySchema = z.object({
  companyId: z.string(),
  months: z.array(historyMonthSchema),
  /** The start of activity (the CNPJ's opening date in the registry), or null. */
  openedOn: calendarDateSchema.nullable(),
  /** The first month this product has revenue data for (`YYYY-MM`), or null. */
  firstMonthWithUs: z.string().nullable(),
  /** The months the history may hold, oldest first: from the start (at most 24) to before us. */
  allowed: z.array(z.string()),
  /** Months of the current month's RBT12 window still without data. */
  missingMonths: z.array(z.string()),
  updatedAt: isoDateTimeSchema.nullable(),
})
export type RevenueHistory = z.infer<typeof revenueHistorySchema>

// ---- the Selic ----

export const selicMessages = {
  monthFuture: 'A Selic de um mês só existe depois que ele acaba: escolha um mês já encerrado.',
  rateInvalid: 'Informe a taxa do mês em percentual, de 0 a 10 (ex.: 1,22).',
  sourceRequired:
    'Diga de onde vem a taxa (ex.: Banco Central, série 4390, consultada em 05/12/2026).',
} as const

/** The Selic of one month as the product has it, and where it came from. */
export const selicMonthSchema = z.object({
  id: z.string(),
  month: z.string(),
  /** Percent accumulated in the month (1,22 % → 1.22). */
  rate: z.number(),
  /** `reference`: fixtures/reference/selic.json; `banco-central`: series 4390; `accountant`. */
  origin: z.enum(['reference', 'banco-central', 'accountant']),
  source: z.string(),
  addedBy: z.string().nullable(),
  addedAt: isoDateTimeSchema,
})
export type SelicMonth = z.infer<typeof selicMonthSchema>

/** `POST /selic`: a month's Selic the accountant adds, with its source. */
export const selicInputSchema = z.strictObject({
  month: competenceSchema,
  rate: z
    .number({ error: fieldError(selicMessages.rateInvalid) })
    .min(0, { error: selicMessages.rateInvalid })
    .max(10, { error: selicMessages.rateInvalid })
    .transform(roundHundredths),
  source: z
    .string({ error: fieldError(selicMessages.sourceRequired) })
    .trim()
    .min(5, { error: selicMessages.sourceRequired })
    .max(300),
})
export type SelicInput = z.input<typeof selicInputSchema>

/** `GET /selic`: the months the product has, newest first, and the last read of the series. */
export const selicTableSchema = z.object({
  months: z.array(selicMonthSchema),
  /** The last time the Banco Central's series was read, and how it went. */
  lastRead: z
    .object({ at: isoDateTimeSchema, ok: z.boolean(), message: z.string().nullable() })
    .nullable(),
})
export type SelicTable = z.infer<typeof selicTableSchema>

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
    missingMonths: true,
    restated: true,
    carry: true,
    guide: true,
    closedAt: true,
    lateInvoices: true,
  }),
  dasDocumentId: z.string().nullable(),
  darfDocumentId: z.string().nullable(),
  /** The FGTS Digital guide (GFD) of the month's employees. */
  fgtsDocumentId: z.string().nullable().default(null),
  /** Under R$ 10,00: what this close's guides added from earlier months, or carried on. */
  carry: monthCarrySchema,
  /** The later competence whose guide took this month's carried amounts (null: not yet). */
  carriedInto: z
    .object({ das: z.string().nullable(), darf: z.string().nullable() })
    .default({ das: null, darf: null }),
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
