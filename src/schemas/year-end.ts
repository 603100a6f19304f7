import { z } from 'zod'
import { formatDate } from '../kernel/dates'
import { companyRefSchema } from './company'
import { idSchema, isoDateTimeSchema, pageQuerySchema } from './common'
import { calendarDateSchema, competenceSchema, roundMoney } from './finance-common'
import { fieldError } from './limit-messages'
import { monthGuideSchema, monthIssueSchema } from './simples/api'
import { declarationStatusSchema } from './year-end-status'

// The declarations' statuses are year-end-status' (the year-end queue's address is parsed in the
// app's first chunk, without these schemas); the year's screens keep naming them from here.
export * from './year-end-status'

// The year of a company (docs/product.md §10): the profits its partners may take tax-free and the
// distributions paid (with the 10 % withheld from 2026 and its DARF 1841), the partners' income
// reports, the DEFIS (Simples Nacional) and the DASN-SIMEI (MEI), and the accountant's year-end
// queue. One zod schema per entity, shared by the forms, the client and the mock server.

export const yearEndMessages = {
  yearInvalid: 'Ano inválido: use os quatro dígitos (ex.: 2026).',
  yearNotBegun: (year: number) => `O ano de ${year} ainda não começou.`,
  amountInvalid: 'Informe um valor em reais (ex.: 15000,00).',
  amountPositive: 'O valor da distribuição precisa ser maior que R$ 0,00.',
  countInvalid: 'Informe um número inteiro de pessoas, zero ou mais.',
  unknownPartner: (partnerId: string) =>
    `Sócio não encontrado entre os sócios da empresa: ${partnerId}.`,
  futureDate: 'A data do pagamento não pode ser depois de hoje.',
  beforeOpening: (day: string) =>
    `A data é anterior ao início das atividades da empresa (${formatDate(day)}).`,
  notSimplesCompany:
    'Esta empresa não está no Simples Nacional como ME ou EPP: não há distribuição de lucros isentos a calcular.',
  notMei: 'Esta empresa não é MEI: a declaração anual dela é a DEFIS, não a DASN-SIMEI.',
  notDefisCompany:
    'Esta empresa não está no Simples Nacional como ME ou EPP: a declaração anual dela não é a DEFIS.',
  notClient: 'Esta empresa ainda não é cliente ativa: não há ano a declarar.',
  distributionNotFound: 'Distribuição não encontrada nesta empresa.',
  darfPaid: (month: string) =>
    `O DARF 1841 de ${month.slice(5)}/${month.slice(0, 4)} já foi pago: apagar esta distribuição mudaria o imposto retido. Fale com a contabilidade para retificar.`,
  exceeds: (excess: string) =>
    `Esta distribuição passa do limite de lucros isentos do ano em ${excess}: o que passar é rendimento tributável do sócio na declaração anual (tabela progressiva).`,
  withheld: (irrf: string, month: string) =>
    `Os lucros pagos a este sócio em ${month} passam de R$ 50.000,00: 10 % do total do mês são retidos (${irrf} nesta distribuição) e pagos no DARF 1841.`,
  notOver: (year: number) =>
    `O ano de ${year} ainda não terminou: a declaração pode ser entregue a partir de 01/01/${year + 1}.`,
  alreadyDelivered: 'Esta declaração já foi entregue.',
  cannotDeliver: (reasons: string) => `Ainda falta completar a declaração: ${reasons}`,
  deliveredInFuture: 'A data da entrega não pode ser depois de hoje.',
  deliveredBeforeYearEnd: (year: number) =>
    `A data da entrega precisa ser a partir de 01/01/${year + 1}.`,
  deliveredLocked:
    'A declaração já foi entregue: os dados não mudam mais. Para corrigir, retifique no PGDAS-D e registre de novo.',
  receiptInvalid: 'Número do recibo inválido: de 6 a 40 letras, números, pontos, barras ou traços.',
  booksSource:
    'Diga de onde vem o lucro contábil (ex.: Balanço de 31/12/2026, Balancete de 30/06/2026).',
  booksUpTo: (year: number) => `A data do balanço precisa ser do ano de ${year}.`,
  booksFuture: 'A data do balanço não pode ser depois de hoje.',
  otherMonthsOverlap: (month: string) =>
    `${month.slice(5)}/${month.slice(0, 4)} já foi fechado no sistema: não o informe à parte.`,
  otherMonthsYear: (year: number) => `Os meses informados à parte precisam ser de ${year}.`,
  reportsNotOver: (year: number) =>
    `O ano de ${year} ainda não terminou: os informes de rendimentos saem a partir de 01/01/${year + 1}.`,
} as const

/** A year in the path: four digits, from 2018 (LC 155/2016's tables) to 2099. */
export const yearSchema = z
  .string({ error: yearEndMessages.yearInvalid })
  .regex(/^\d{4}$/, { error: yearEndMessages.yearInvalid })
  .transform(Number)
  .refine((year) => year >= 2018 && year <= 2099, { error: yearEndMessages.yearInvalid })

export const companyYearParamsSchema = z.object({ id: idSchema, year: yearSchema })
export const yearOnlyParamsSchema = z.object({ year: yearSchema })
export const reportParamsSchema = companyYearParamsSchema.extend({ partnerId: idSchema })
export const distributionParamsSchema = z.object({ id: idSchema, distributionId: idSchema })

/** An amount of money a form takes, zero included, at most R$ 100 mi. */
const moneySchema = z
  .number({ error: fieldError(yearEndMessages.amountInvalid) })
  .finite({ error: yearEndMessages.amountInvalid })
  .min(0)
  .max(100_000_000)
  .transform(roundMoney)

const countSchema = z
  .number({ error: fieldError(yearEndMessages.countInvalid) })
  .int({ error: yearEndMessages.countInvalid })
  .min(0)
  .max(100_000)

// ---- profits and distributions ----

/** `POST /companies/{id}/profits/distributions`: profits paid to a partner. */
export const distributionInputSchema = z.strictObject({
  partnerId: idSchema,
  date: calendarDateSchema,
  amount: z
    .number({ error: fieldError(yearEndMessages.amountInvalid) })
    .finite({ error: yearEndMessages.amountInvalid })
    .gt(0, { error: yearEndMessages.amountPositive })
    .max(100_000_000)
    .transform(roundMoney),
  /** Profits of results up to 2025 whose distribution was approved by 31/01/2026. */
  fromResultsUpTo2025: z.boolean().optional().default(false),
  approvedOn: calendarDateSchema.nullable().optional(),
})
export type DistributionInput = z.input<typeof distributionInputSchema>

/** A distribution of profits as kept. */
export const distributionRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  partnerId: z.string(),
  name: z.string(),
  cpf: z.string(),
  date: calendarDateSchema,
  amount: z.number(),
  fromResultsUpTo2025: z.boolean(),
  approvedOn: calendarDateSchema.nullable(),
  /** The income tax withheld on this payment (Lei 9.250/1995, art. 6º-A). */
  irrf: z.number(),
  /** What the partner received in the month so far, this payment included (withheld base). */
  monthTotal: z.number(),
  createdAt: isoDateTimeSchema,
  createdBy: z.string(),
})
export type DistributionRecord = z.infer<typeof distributionRecordSchema>

/** A distribution as the API answers it: with the month's DARF 1841 and its warnings. */
export const distributionSchema = distributionRecordSchema.extend({
  /** The DARF 1841 of the month of payment (every partner's withholding of that month). */
  guide: monthGuideSchema.nullable(),
  warnings: z.array(monthIssueSchema),
})
export type Distribution = z.infer<typeof distributionSchema>

/** `PUT /companies/{id}/profits/{year}/books`: the accounting profit the books show. */
export const booksInputSchema = z.strictObject({
  profit: moneySchema,
  /** Which balance sheet (annual, or a monthly interim one). */
  source: z
    .string({ error: fieldError(yearEndMessages.booksSource) })
    .trim()
    .min(3, { error: yearEndMessages.booksSource })
    .max(200),
  upTo: calendarDateSchema,
})
export type BooksInput = z.input<typeof booksInputSchema>

export const booksSchema = z.object({
  profit: z.number(),
  source: z.string(),
  upTo: calendarDateSchema,
  recordedAt: isoDateTimeSchema,
  recordedBy: z.string(),
})
export type Books = z.infer<typeof booksSchema>

export const presumptionKinds = [
  'commerce-industry',
  'fuel',
  'passenger-transport',
  'cargo-transport',
  'hospital',
  'services',
] as const

/** `GET /companies/{id}/profits/{year}`: what the partners may still take tax-free. */
export const profitsSchema = z.object({
  companyId: z.string(),
  year: z.number().int(),
  /** The months counted (from January, or the opening, to this month or December). */
  months: z.array(z.string()),
  /** Of those, the ones not closed yet: calculated now, a preview. */
  previewMonths: z.array(z.string()),
  revenue: z.number(),
  /** The presumed profit over the revenue (0.32 for services; a blend for several activities). */
  presumptionRate: z.number(),
  presumed: z.number(),
  irpjInDas: z.number(),
  das: z.number(),
  /** Presumption less the IRPJ share of the DAS. */
  presumedLimit: z.number(),
  /** Presumption less the whole DAS (LC 123's literal text). */
  literalLimit: z.number(),
  exemptLimit: z.number(),
  distributed: z.number(),
  /** What may still be taken tax-free (never below zero). */
  available: z.number(),
  withheld: z.number(),
  basis: z.enum(['presumption', 'books']),
  books: booksSchema.nullable(),
  activities: z.array(
    z.object({
      cnae: z.string(),
      text: z.string(),
      annex: z.string(),
      kind: z.enum(presumptionKinds),
      rate: z.number(),
      revenue: z.number(),
      presumed: z.number(),
      irpj: z.number(),
    }),
  ),
  partners: z.array(
    z.object({
      partnerId: z.string(),
      name: z.string(),
      cpf: z.string(),
      received: z.number(),
      irrf: z.number(),
      exempt: z.number(),
      taxable: z.number(),
    }),
  ),
  distributions: z.array(distributionSchema),
  warnings: z.array(monthIssueSchema),
})
export type Profits = z.infer<typeof profitsSchema>

// ---- income reports ----

export const incomeReportPartnerSchema = z.object({
  partnerId: z.string(),
  name: z.string(),
  cpf: z.string(),
  /** The partner's e-mail in the company's registration (the account area finds its own). */
  email: z.string().nullable(),
  /** Quadro 3, line 1. */
  proLabore: z.number(),
  /** Quadro 3, line 2. */
  inss: z.number(),
  /** Quadro 3, line 5. */
  irrf: z.number(),
  /** Profits received in the year. */
  profits: z.number(),
  /** Quadro 4, line 6: of which exempt. */
  exemptProfits: z.number(),
  /** Above the exempt limit: taxable in the partner's annual return. */
  taxableProfits: z.number(),
  /** The 10 % withheld on profits (from 2026). */
  profitsIrrf: z.number(),
})
export type IncomeReportPartner = z.infer<typeof incomeReportPartnerSchema>

/** `GET /companies/{id}/income-reports/{year}`: every partner's report of the year. */
export const incomeReportsSchema = z.object({
  companyId: z.string(),
  year: z.number().int(),
  dueDate: calendarDateSchema,
  /** The year is over: the figures no longer change with new payments. */
  yearOver: z.boolean(),
  /** When the accountant sent them to the partners (null: not yet; a download is a preview). */
  sentAt: isoDateTimeSchema.nullable(),
  partners: z.array(incomeReportPartnerSchema),
})
export type IncomeReports = z.infer<typeof incomeReportsSchema>

// ---- the declarations ----

/** `POST …/deliver`: the receipt of the declaration delivered in the Receita's system. */
export const deliveryInputSchema = z.strictObject({
  receipt: z
    .string({ error: fieldError(yearEndMessages.receiptInvalid) })
    .trim()
    .regex(/^[0-9A-Za-z./-]{6,40}$/, { error: yearEndMessages.receiptInvalid }),
  /** The day it was delivered (default today). */
  deliveredOn: calendarDateSchema.optional(),
})
export type DeliveryInput = z.input<typeof deliveryInputSchema>

export const lateFineSchema = z.object({
  dueDate: calendarDateSchema,
  deliveredOn: calendarDateSchema,
  months: z.number().int(),
  taxes: z.number(),
  /** 0.04 for two months. */
  rate: z.number(),
  gross: z.number(),
  reduction: z.number(),
  minimum: z.number(),
  fine: z.number(),
})
export type LateFineView = z.infer<typeof lateFineSchema>

export const deliverySchema = z.object({
  receipt: z.string(),
  deliveredOn: calendarDateSchema,
  deliveredAt: isoDateTimeSchema,
  deliveredBy: z.string(),
  fine: lateFineSchema.nullable(),
})
export type Delivery = z.infer<typeof deliverySchema>

/** One thing the accountant must complete before the delivery. */
export const missingItemSchema = z.object({
  code: z.string(),
  /** The input field it asks for (null: done elsewhere, e.g. closing a month). */
  field: z.string().nullable(),
  message: z.string(),
})
export type MissingItem = z.infer<typeof missingItemSchema>

/** `PUT /companies/{id}/defis/{year}`: what the product cannot know. */
export const defisInputSchema = z.strictObject({
  cashStart: moneySchema.nullable().optional(),
  cashEnd: moneySchema.nullable().optional(),
  bankStart: moneySchema.nullable().optional(),
  bankEnd: moneySchema.nullable().optional(),
  stockStart: moneySchema.nullable().optional(),
  stockEnd: moneySchema.nullable().optional(),
  purchases: moneySchema.nullable().optional(),
  employeesStart: countSchema.nullable().optional(),
  employeesEnd: countSchema.nullable().optional(),
  /** Months declared in the PGDAS-D outside the product (before it was the accountant). */
  otherMonths: z
    .strictObject({
      months: z.array(competenceSchema).min(1).max(12),
      revenue: moneySchema,
      das: moneySchema,
      irpj: moneySchema,
    })
    .nullable()
    .optional(),
})
/** The same, with at least one field (an empty completion says nothing). */
export const defisInputBodySchema = defisInputSchema.refine(
  (input) => Object.values(input).some((value) => value !== undefined),
  { error: 'Informe pelo menos um dado da DEFIS para salvar.' },
)
export type DefisInput = z.input<typeof defisInputSchema>
export type DefisCompletion = z.output<typeof defisInputSchema>

export const defisPartnerSchema = z.object({
  partnerId: z.string(),
  name: z.string(),
  cpf: z.string(),
  /** Share of the capital, 0 to 1. */
  capitalShare: z.number(),
  /** Profits received, up to the exempt limit. */
  exemptIncome: z.number(),
  /** Pró-labore and the profits above the limit. */
  taxableIncome: z.number(),
  /** Withheld on the pró-labore and on profits. */
  irrf: z.number(),
})

/** `GET /companies/{id}/defis/{year}`: the DEFIS assembled, and what is left to complete. */
export const defisSchema = z.object({
  companyId: z.string(),
  year: z.number().int(),
  dueDate: calendarDateSchema,
  deliverableFrom: calendarDateSchema,
  status: declarationStatusSchema,
  partners: z.array(defisPartnerSchema),
  months: z.object({
    closed: z.array(z.string()),
    other: z.array(z.string()),
    missing: z.array(z.string()),
  }),
  revenue: z.number(),
  /** Revenue whose ISS the taker withheld. */
  issWithheldRevenue: z.number(),
  exports: z.number(),
  /** The year's DAS: the taxes the DEFIS declares (the late fine is a share of it). */
  das: z.number(),
  exemptLimit: z.number(),
  /** The accounting profit, when the books show more than the limit. */
  accountingProfit: z.number().nullable(),
  /** Cash and bank balances the statements give (a suggestion for the confirmed ones). */
  statements: z.object({
    bankStart: z.number().nullable(),
    bankEnd: z.number().nullable(),
    accounts: z.array(
      z.object({
        accountId: z.string(),
        bankName: z.string(),
        start: z.number().nullable(),
        end: z.number().nullable(),
      }),
    ),
  }),
  /** Employees with salaries in the year's payroll (a suggestion: none when no salaries). */
  payrollHadSalaries: z.boolean(),
  expenses: z.object({
    total: z.number(),
    byCategory: z.array(z.object({ categoryId: z.string(), name: z.string(), amount: z.number() })),
  }),
  completion: defisInputSchema.nullable(),
  missing: z.array(missingItemSchema),
  delivery: deliverySchema.nullable(),
  /** The late fine if delivered today (not delivered yet and past the due date). */
  fineToday: lateFineSchema.nullable(),
})
export type Defis = z.infer<typeof defisSchema>

/** `PUT /companies/{id}/dasn-simei/{year}`: what the MEI declares besides its invoices. */
export const dasnInputSchema = z.strictObject({
  hadEmployee: z.boolean(),
  /** Revenue without an invoice not declared month by month (sales to individuals, months before us). */
  otherRevenue: z.strictObject({
    commerce: moneySchema,
    industry: moneySchema,
    services: moneySchema,
  }),
})
export type DasnInput = z.input<typeof dasnInputSchema>
export type DasnCompletion = z.output<typeof dasnInputSchema>

const revenueByKindSchema = z.object({
  commerce: z.number(),
  industry: z.number(),
  services: z.number(),
})

export const dasnOutcomes = ['within', 'excess-up-to-20', 'excess-over-20'] as const
export const dasnOutcomeSchema = z.enum(dasnOutcomes)
export type DasnOutcome = z.infer<typeof dasnOutcomeSchema>

/** `GET /companies/{id}/dasn-simei/{year}`: the MEI's year and its declaration. */
export const dasnSchema = z.object({
  companyId: z.string(),
  year: z.number().int(),
  /** The start of activity (the opening year's limit counts its months). */
  openedOn: calendarDateSchema.nullable(),
  dueDate: calendarDateSchema,
  deliverableFrom: calendarDateSchema,
  status: declarationStatusSchema,
  /** Gross revenue by kind: invoices and declared revenue, plus what the declaration adds. */
  revenue: revenueByKindSchema,
  /** Of which from the product (issued NFS-e and revenue declared month by month). */
  fromProduct: revenueByKindSchema,
  hadEmployee: z.boolean().nullable(),
  total: z.number(),
  limit: z.number(),
  excess: z.number(),
  /** The excess over the limit, as a share of it (0.111). */
  excessShare: z.number(),
  outcome: dasnOutcomeSchema,
  complementaryDas: z
    .object({
      amount: z.number(),
      dueDate: calendarDateSchema,
      lines: z.array(
        z.object({
          kind: z.enum(['commerce', 'industry', 'services']),
          annex: z.string(),
          excess: z.number(),
          rate: z.number(),
          amount: z.number(),
        }),
      ),
    })
    .nullable(),
  /** From when the company is an ME (excess), else null. */
  meFrom: calendarDateSchema.nullable(),
  monthsToRecalculate: z.array(z.string()),
  /** The year's DAS-MEI and the DAS on the excess: the taxes declared. */
  taxesDeclared: z.number(),
  /** The year is still running: the outcome is where the revenue stands today. */
  yearOver: z.boolean(),
  completion: dasnInputSchema.nullable(),
  missing: z.array(missingItemSchema),
  delivery: deliverySchema.nullable(),
  fineToday: lateFineSchema.nullable(),
})
export type Dasn = z.infer<typeof dasnSchema>

// ---- the year-end queue ----

export const yearEndQueueQuerySchema = pageQuerySchema(25).extend({
  status: declarationStatusSchema.optional(),
  query: z.string().trim().max(100).optional(),
})
export type YearEndQueueQuery = z.input<typeof yearEndQueueQuerySchema>

export const yearEndRowSchema = z.object({
  company: companyRefSchema,
  year: z.number().int(),
  regime: z.enum(['simples', 'mei']),
  declaration: z.enum(['defis', 'dasn-simei']),
  status: declarationStatusSchema,
  dueDate: calendarDateSchema,
  delivery: z
    .object({ receipt: z.string(), deliveredOn: calendarDateSchema, fine: z.number().nullable() })
    .nullable(),
  /** How many items are left to complete (months and fields). */
  missing: z.number().int(),
  monthsClosed: z.number().int(),
  revenue: z.number(),
  das: z.number(),
  distributed: z.number(),
  /** The exempt limit of the months closed (and the books). */
  exemptLimit: z.number(),
  aboveExempt: z.boolean(),
  /** A MEI's outcome by the months closed. */
  outcome: dasnOutcomeSchema.nullable(),
  reportsSentAt: isoDateTimeSchema.nullable(),
})
export type YearEndRow = z.infer<typeof yearEndRowSchema>

// ---- what the server keeps ----

/** One closed month's figures the year keeps (reais). */
export const yearMonthSchema = z.object({
  revenue: z.number(),
  das: z.number(),
  irpj: z.number(),
  activities: z.array(
    z.object({
      cnae: z.string(),
      text: z.string(),
      annex: z.string(),
      revenue: z.number(),
      irpj: z.number(),
      issWithheld: z.number(),
      exported: z.number(),
    }),
  ),
  /** A MEI's revenue by kind (invoices are services; declared revenue by its activity). */
  kinds: z.object({ commerce: z.number(), industry: z.number(), services: z.number() }).nullable(),
})
export type YearMonth = z.infer<typeof yearMonthSchema>

/**
 * A company's year as kept: the accountant's inputs (books, the DEFIS or DASN-SIMEI completion
 * and delivery, the income reports sent), the closed months' figures and the distributions'
 * totals, and what the year-end queue lists (its status and flags), kept current by every write
 * that changes them — a month close, a distribution, a completion, a delivery.
 */
export const companyYearRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  year: z.number().int(),
  regime: z.enum(['simples', 'mei']),
  company: z.object({
    name: z.string(),
    alias: z.string().nullable(),
    cnpj: z.string().nullable(),
    type: z.string().nullable(),
  }),
  openedOn: calendarDateSchema.nullable(),
  months: z.record(z.string(), yearMonthSchema),
  books: booksSchema.nullable(),
  defis: defisInputSchema.nullable(),
  dasn: dasnInputSchema.nullable(),
  delivery: deliverySchema.nullable(),
  reportsSent: z.object({ at: isoDateTimeSchema, by: z.string() }).nullable(),
  distributed: z.number(),
  withheld: z.number(),
  /** The DARF 1841 guides of each month of payment (document ids, oldest first). */
  darfs: z.record(z.string(), z.array(z.string())),
  // Derived (the queue's columns).
  status: z.enum(['to-complete', 'ready', 'delivered']),
  dueDate: calendarDateSchema,
  missing: z.number().int(),
  exemptLimit: z.number(),
  aboveExempt: z.boolean(),
  outcome: dasnOutcomeSchema.nullable(),
  updatedAt: isoDateTimeSchema,
})
export type CompanyYearRecord = z.infer<typeof companyYearRecordSchema>
