import { z } from 'zod'
import { bankTransactionSchema } from './bank'
import { idSchema, isoDateTimeSchema, pageQuerySchema } from './common'
import { competenceSchema, guiaKindSchema } from './document'
import { calendarDateSchema, toCents } from './finance-common'
import { nfsRequestStatusSchema, type NfsRequest } from './invoice'

// Bank reconciliation (docs/decisions.md "Bank reconciliation"): each credit of a statement beside
// the invoices (NFS-e) it pays, each tax debit beside its guide (guia), and what is left.

export const reconciliationStatuses = ['unmatched', 'suggested', 'matched'] as const
export const reconciliationStatusSchema = z.enum(reconciliationStatuses, {
  error: 'Situação inválida (use matched, suggested ou unmatched)',
})
export type ReconciliationStatus = z.infer<typeof reconciliationStatusSchema>

export const reconciliationStatusLabels: Record<ReconciliationStatus, string> = {
  unmatched: 'A conciliar',
  suggested: 'Sugestões',
  matched: 'Conciliadas',
}

/** A credit is matched to invoices; a debit to a tax guide. */
export const reconciliationSides = ['credit', 'debit'] as const
export type ReconciliationSide = (typeof reconciliationSides)[number]

/** A transaction matched to one invoice, or to several of one taker paid at once. */
const invoiceMatchSchema = z.object({
  kind: z.literal('invoice'),
  invoiceIds: z.array(z.string()).min(1),
  /** Matched by the rules (true) or by a person (false). */
  auto: z.boolean(),
  /** The person who confirmed it; null when the rules matched it. */
  confirmedBy: z.string().nullable(),
  /** When it became a match. */
  confirmedAt: isoDateTimeSchema,
  /** Why the pair goes together (pt-BR), as the rules saw it. */
  reasons: z.array(z.string()),
})

/** A debit matched to the tax guide it paid. */
const guideMatchSchema = z.object({
  kind: z.literal('guide'),
  documentId: z.string(),
  auto: z.boolean(),
  confirmedBy: z.string().nullable(),
  confirmedAt: isoDateTimeSchema,
  reasons: z.array(z.string()),
})

/**
 * What a credit no invoice explains may be, as a person says it: revenue declared without an
 * invoice (a sale of goods, counted in the month's declared revenue), or money in that is not
 * revenue — the kinds the rules already leave alone by their category (engine.ts: transfers,
 * redemptions, partners' money, loans, financial income).
 */
export const creditExplanations = [
  'declared-sale',
  'transfer',
  'redemption',
  'partner',
  'loan',
  'financial-income',
] as const
export const creditExplanationSchema = z.enum(creditExplanations, {
  error: `Explicação inválida (use ${creditExplanations.join(', ')})`,
})
export type CreditExplanation = z.infer<typeof creditExplanationSchema>

export const creditExplanationLabels: Record<CreditExplanation, string> = {
  'declared-sale': 'Venda de mercadoria declarada sem nota',
  transfer: 'Transferência entre contas da empresa',
  redemption: 'Resgate de aplicação',
  partner: 'Aporte dos sócios',
  loan: 'Empréstimo ou financiamento',
  'financial-income': 'Rendimento de aplicação',
}

/** What each explanation means for the month (the screens say it beside the choice). */
export const creditExplanationNotes: Record<CreditExplanation, string> = {
  'declared-sale':
    'Entra na receita sem nota declarada do mês, que já está no DAS: a entrada só se explica até o valor declarado.',
  transfer: 'Dinheiro da própria empresa vindo de outra conta: não é receita.',
  redemption: 'Dinheiro de uma aplicação da empresa voltando para a conta: não é receita.',
  partner: 'Dinheiro que um sócio colocou na empresa: não é receita.',
  loan: 'Dinheiro de um empréstimo ou financiamento: não é receita.',
  'financial-income':
    'Juros ou rendimento de aplicação: receita financeira, fora do DAS do Simples Nacional.',
}

/** A credit a person explained without an invoice. */
const explanationMatchSchema = z.object({
  kind: z.literal('explained'),
  explanation: creditExplanationSchema,
  /** A declared sale: the month whose declared revenue it is part of; null otherwise. */
  period: competenceSchema.nullable(),
  auto: z.boolean(),
  confirmedBy: z.string().nullable(),
  confirmedAt: isoDateTimeSchema,
  reasons: z.array(z.string()),
})

export const reconciliationMatchSchema = z.discriminatedUnion('kind', [
  invoiceMatchSchema,
  guideMatchSchema,
  explanationMatchSchema,
])
export type ReconciliationMatch = z.infer<typeof reconciliationMatchSchema>

/**
 * What the rules propose for a transaction a person must confirm: one invoice (`invoiceIds` has
 * its id), several invoices of one taker whose amounts add up to the credit (`id` is the first),
 * or a guide. `score` (0–100) orders them; `reasons` say why, in pt-BR.
 */
export const reconciliationSuggestionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('invoice'),
    id: z.string(),
    invoiceIds: z.array(z.string()).min(1),
    score: z.number().int().min(0).max(100),
    reasons: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('guide'),
    id: z.string(),
    score: z.number().int().min(0).max(100),
    reasons: z.array(z.string()),
  }),
])
export type ReconciliationSuggestion = z.infer<typeof reconciliationSuggestionSchema>

/**
 * The reconciliation of one transaction, as the store keeps it (key: the transaction's id). Only
 * transactions the rules look at have one: credits that may be revenue, and debits that name a
 * tax or may pay a guide.
 */
export const reconciliationRecordSchema = z.object({
  transactionId: z.string(),
  companyId: z.string(),
  accountId: z.string(),
  date: calendarDateSchema,
  /** Signed, in cents (a debit is negative): what a same-amount lookup reads. */
  amountCents: z.number().int(),
  side: z.enum(reconciliationSides),
  status: reconciliationStatusSchema,
  match: reconciliationMatchSchema.nullable(),
  suggestions: z.array(reconciliationSuggestionSchema),
  /** The CPF or CNPJ the memo names (digits; an alphanumeric CNPJ upper case), if any. */
  memoDocument: z.string().nullable(),
  /** Invoices (`invoice:<id>`) and guides (`guide:<id>`) a person unmatched: never automatic again. */
  dismissed: z.array(z.string()),
  /** The guide as it was before this match marked it paid, to put it back on undo. */
  guideBefore: z
    .object({ status: z.enum(['pending', 'paid']), paidAt: isoDateTimeSchema.nullable() })
    .nullable(),
  /** Changes with every write: an automatic run that read an older one leaves it alone. */
  rev: z.number().int().nonnegative(),
  updatedAt: isoDateTimeSchema,
})
export type ReconciliationRecord = z.infer<typeof reconciliationRecordSchema>

/** An invoice as a reconciliation row shows it beside the transaction. */
export const reconciliationInvoiceSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  status: nfsRequestStatusSchema,
  takerName: z.string().nullable(),
  takerDocument: z.string().nullable(),
  /** Service (competence) date. */
  date: calendarDateSchema,
  issuedAt: isoDateTimeSchema.nullable(),
  totalValue: z.number(),
  /** What the taker pays: the value less what it withholds (null when the ISS withheld is unknown). */
  amountDue: z.number().nullable(),
  issWithheld: z.boolean(),
})
export type ReconciliationInvoice = z.infer<typeof reconciliationInvoiceSchema>

/** A guide as a reconciliation row shows it. */
export const reconciliationGuideSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: guiaKindSchema,
  amount: z.number(),
  dueDate: calendarDateSchema,
  competence: competenceSchema,
  status: z.string(),
})
export type ReconciliationGuide = z.infer<typeof reconciliationGuideSchema>

/** The account a transaction is in, for "Itaú ···1234". */
export const reconciliationAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
})

/** One row of `GET /bank-statements/reconciliation`. */
export const reconciliationRowSchema = z.object({
  /** The bank transaction as the transactions list gives it. */
  transaction: bankTransactionSchema,
  account: reconciliationAccountSchema.nullable(),
  status: reconciliationStatusSchema,
  side: z.enum(reconciliationSides),
  match: reconciliationMatchSchema.nullable(),
  suggestions: z.array(reconciliationSuggestionSchema),
  memoDocument: z.string().nullable(),
  /** The invoices and guides the match and the suggestions name, by id. */
  invoices: z.array(reconciliationInvoiceSchema),
  guides: z.array(reconciliationGuideSchema),
  /** Who confirmed the match, as people read it (null when the rules matched it). */
  confirmer: z.object({ name: z.string(), accountant: z.boolean() }).nullable().optional(),
  /** The payer's name the memo gives beside its CPF or CNPJ ("ESTUDIO NOVA LUZ LTDA"), if any. */
  memoName: z.string().nullable().optional(),
})
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>

/**
 * `GET /bank-statements/reconciliation` (companyId, accountId, status, side, period `YYYY-MM`,
 * limit 10, offset).
 */
export const reconciliationListQuerySchema = pageQuerySchema(10).extend({
  companyId: idSchema,
  accountId: idSchema.optional(),
  status: reconciliationStatusSchema.optional(),
  period: competenceSchema.optional(),
  side: z.enum(reconciliationSides, { error: 'Lado inválido (use credit ou debit)' }).optional(),
})
export type ReconciliationListQuery = z.input<typeof reconciliationListQuerySchema>

export const reconciliationMessages = {
  transactionNotFound: 'Movimentação não encontrada.',
  invoiceNotFound: 'Nota fiscal não encontrada.',
  guideNotFound: 'Guia não encontrada.',
  notMatched: 'Esta movimentação não está conciliada: não há o que desfazer.',
  alreadyMatched:
    'Esta movimentação já está conciliada. Desfaça a conciliação antes de escolher outra.',
  invoiceTaken: (label: string) =>
    `A ${label} já está conciliada com outra movimentação. Desfaça aquela conciliação antes.`,
  guideTaken: 'Esta guia já está conciliada com outra movimentação. Desfaça aquela antes.',
  creditOnly: 'Notas fiscais se conciliam com entradas (créditos); esta movimentação é uma saída.',
  debitOnly: 'Guias se conciliam com saídas (débitos); esta movimentação é uma entrada.',
  notIssued: (label: string, status: string) =>
    `Só notas emitidas entram na conciliação: a ${label} está "${status}".`,
  notGuide: 'Este documento não é uma guia de imposto.',
  sameTaker: 'As notas pagas por um mesmo crédito precisam ser do mesmo tomador.',
  tooMany: 'Escolha no máximo 20 notas para um mesmo crédito.',
  repeated: 'A mesma nota foi escolhida duas vezes.',
  amountsDiffer: (transaction: string, expected: string) =>
    `Os valores não fecham: a movimentação é de ${transaction} e ${expected}.`,
  target: 'Informe as notas (invoiceIds) ou a guia (documentId) desta movimentação.',
  explainCreditOnly: 'Só uma entrada (crédito) se explica sem nota; esta movimentação é uma saída.',
  noDeclaredRevenue: (month: string) =>
    `Não há receita sem nota declarada em ${month}: declare a venda sem nota do mês primeiro (Painel › Simples Nacional › Informar a receita sem nota).`,
  beyondDeclared: (month: string, declared: string, explained: string) =>
    `A receita sem nota declarada em ${month} é de ${declared}; com estas entradas, as vendas explicadas somariam ${explained}. Declare o restante da receita sem nota antes.`,
  belowExplained: (month: string, explained: string) =>
    `As entradas do extrato explicadas como venda sem nota em ${month} somam ${explained}: a receita sem nota declarada não pode ser menor. Desfaça essas explicações na Conciliação antes.`,
} as const

/**
 * `POST /bank-statements/reconciliation/explanations?companyId`: a person explains one or more
 * credits without an invoice (a card acquirer's payouts, one by one or together).
 */
export const reconciliationExplainSchema = z.strictObject({
  transactionIds: z.array(idSchema).min(1).max(100),
  explanation: creditExplanationSchema,
})
export type ReconciliationExplain = z.input<typeof reconciliationExplainSchema>

/** `POST /bank-statements/reconciliation?companyId`: a person matches a transaction. */
export const reconciliationConfirmSchema = z.union(
  [
    z.strictObject({
      transactionId: idSchema,
      invoiceIds: z
        .array(idSchema, { error: reconciliationMessages.target })
        .min(1, { error: reconciliationMessages.target })
        .max(20, { error: reconciliationMessages.tooMany }),
    }),
    z.strictObject({ transactionId: idSchema, documentId: idSchema }),
  ],
  { error: reconciliationMessages.target },
)
export type ReconciliationConfirm = z.input<typeof reconciliationConfirmSchema>

/** An amount and how many make it up. */
const tallySchema = z.object({ count: z.number().int().nonnegative(), amount: z.number() })
export type Tally = z.infer<typeof tallySchema>

/**
 * `GET /bank-statements/reconciliation/summary?companyId&period`: a month of reconciliation — its
 * credits that may be revenue (matched, suggested, without an invoice), its tax debits, the
 * issued invoices not received yet (every month) and how many rows each tab has.
 */
export const reconciliationSummarySchema = z.object({
  period: competenceSchema,
  credits: tallySchema,
  matchedCredits: tallySchema,
  suggestedCredits: tallySchema,
  /** Credits no invoice explains: revenue the accountant must hear about (the DAS includes it). */
  creditsWithoutInvoice: tallySchema,
  taxDebits: tallySchema,
  matchedTaxDebits: tallySchema,
  /** Issued invoices no transaction has paid yet (any month). */
  invoicesNotReceived: tallySchema,
  /** Rows per tab (every month). */
  tabs: z.object({
    unmatched: z.number().int().nonnegative(),
    suggested: z.number().int().nonnegative(),
    matched: z.number().int().nonnegative(),
  }),
})
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>

export const reconciliationSummaryQuerySchema = z.object({
  companyId: idSchema,
  /** `YYYY-MM`; the current month in São Paulo when left out. */
  period: competenceSchema.optional(),
})

/** LC 116/2003: the ISS rate is at least 2 % (art. 8-A) and at most 5 % (art. 8, II). */
export const ISS_MIN_RATE = 0.02
export const ISS_MAX_RATE = 0.05

/** Federal withholdings an invoice may carry (IN RFB 1.234/2012, Lei 10.833/2003 art. 30). */
const withholdingFields = ['irrf', 'pis', 'cofins', 'csll', 'inss'] as const

/**
 * What the taker of an invoice pays, in cents: its value less what the taker withholds — the ISS
 * when `issWithheld` (LC 116/2003 art. 6) and any federal withholding the invoice carries. When
 * the ISS is withheld and the invoice does not say how much, the amount is a range: the value
 * less 5 % to the value less 2 % (the lowest and highest ISS rates of LC 116/2003).
 */
export function amountDueOf(
  request: Pick<NfsRequest, 'totalValue' | 'issWithheld' | 'withholdings'>,
): { min: number; max: number } {
  const total = toCents(request.totalValue)
  const held = request.withholdings ?? null
  const federal = withholdingFields.reduce((sum, field) => sum + toCents(held?.[field] ?? 0), 0)
  if (!request.issWithheld) return { min: total - federal, max: total - federal }
  if (held?.iss !== undefined) {
    const due = total - federal - toCents(held.iss)
    return { min: due, max: due }
  }
  return {
    min: total - federal - Math.round(total * ISS_MAX_RATE),
    max: total - federal - Math.round(total * ISS_MIN_RATE),
  }
}
