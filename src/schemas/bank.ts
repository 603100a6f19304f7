import { z } from 'zod'
import { idSchema, isoDateTimeSchema, pageQuerySchema } from './common'
import {
  calendarDateSchema,
  dateFilterSchema,
  type BankPayment,
  listQueryTextSchema,
  queryBooleanSchema,
} from './finance-common'
import { fieldError } from './limit-messages'

// Bank statements (docs/product.md §10 "Bank statements"): Cora connections, bank accounts
// (from Cora or an OFX upload), their transactions and the chart of tax categories.

/**
 * A text as bank statements print it: upper-case ASCII, at most 80 characters (the names on the
 * Cora stand-in's entries, the history column of the accounting export).
 */
export const bankText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 *&./-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)

export const taxCategoryKinds = ['income', 'expense', 'tax', 'transfer'] as const
export const taxCategoryKindSchema = z.enum(taxCategoryKinds)
export type TaxCategoryKind = z.infer<typeof taxCategoryKindSchema>

/** One account of the chart of accounts a transaction can be classified under. */
export const taxCategorySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Ledger code used in the accounting export, e.g. `3.1.01`. */
  code: z.string().regex(/^\d(\.\d{1,3})+$/),
  name: z.string().min(2),
  group: z.string().min(2),
  kind: taxCategoryKindSchema,
  description: z.string(),
})
export type TaxCategory = z.infer<typeof taxCategorySchema>

export const bankProviders = ['cora'] as const

export const bankConnectionSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  provider: z.enum(bankProviders),
  status: z.enum(['active', 'revoked']),
  accountIds: z.array(z.string()),
  createdAt: isoDateTimeSchema,
  lastSyncAt: isoDateTimeSchema,
})
export type BankConnection = z.infer<typeof bankConnectionSchema>

export const bankAccountSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  source: z.enum(['cora', 'ofx']),
  connectionId: z.string().nullable(),
  /** COMPE bank code as the OFX gives it, e.g. `0341` (Itaú), `403` (Cora). */
  bankId: z.string().min(1).max(10),
  bankName: z.string(),
  branch: z.string().nullable(),
  accountNumber: z.string().min(1).max(40),
  accountType: z.string(),
  currency: z.string().length(3),
  /** Ledger balance as of `balanceDate` (from the last statement imported). */
  balance: z.number().nullable(),
  balanceDate: calendarDateSchema.nullable(),
  /** Ledger code of this account in the accounting export (a sub-account of 1.1.1.02 Bancos). */
  ledgerCode: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
})
export type BankAccount = z.infer<typeof bankAccountSchema>

/** A bank account with its counts (a connection's accounts, a Cora exchange's account). */
export const bankAccountViewSchema = bankAccountSchema.extend({
  transactionCount: z.number().int().nonnegative(),
  uncategorizedCount: z.number().int().nonnegative(),
})
export type BankAccountView = z.infer<typeof bankAccountViewSchema>

/** `DELETE /bank-statements/accounts/{id}`: the account removed, and its transactions with it. */
export const deletedBankAccountSchema = bankAccountViewSchema.extend({
  removedTransactions: z.number().int().nonnegative(),
})
export type DeletedBankAccount = z.infer<typeof deletedBankAccountSchema>

/** `GET /bank-statements/connections/{id}`: a connection with its accounts. */
export const bankConnectionDetailSchema = bankConnectionSchema.extend({
  accounts: z.array(bankAccountViewSchema),
})

/**
 * A bank account as the accounts screen reads it (`GET /bank-statements/accounts`, `…/{id}`): its
 * counts, the days its transactions cover and when a statement was last imported.
 */
export const bankAccountSummarySchema = bankAccountSchema.extend({
  transactionCount: z.number().int().nonnegative(),
  uncategorizedCount: z.number().int().nonnegative(),
  firstTransactionDate: calendarDateSchema.nullable(),
  lastTransactionDate: calendarDateSchema.nullable(),
  lastImportAt: isoDateTimeSchema,
})
export type BankAccountSummary = z.infer<typeof bankAccountSummarySchema>

export const transactionTypes = [
  'CREDIT',
  'DEBIT',
  'INT',
  'DIV',
  'FEE',
  'SRVCHG',
  'DEP',
  'ATM',
  'POS',
  'XFER',
  'CHECK',
  'PAYMENT',
  'CASH',
  'DIRECTDEP',
  'DIRECTDEBIT',
  'REPEATPMT',
  'OTHER',
] as const

export const bankTransactionSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  accountId: z.string(),
  /** The bank's own id of the entry (OFX FITID); unique per account. */
  fitId: z.string().min(1).max(255),
  date: calendarDateSchema,
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number(),
  type: z.enum(transactionTypes),
  description: z.string(),
  checkNumber: z.string().nullable(),
  taxCategoryId: z.string().nullable(),
  importedAt: isoDateTimeSchema,
})
export type BankTransaction = z.infer<typeof bankTransactionSchema>

// The line that paid an invoice or a guide is finance-common's (invoices and documents name it
// without loading the bank statements' schemas).
export { bankPaymentSchema, type BankPayment } from './finance-common'

/**
 * A bank as people say it: the name in parentheses if the bank gives one ("Nu Pagamentos (Nubank
 * PJ)" → "Nubank PJ"), else without the company's suffixes ("Itaú Unibanco" → "Itaú", "Cora
 * SCD" → "Cora").
 */
export function shortBankName(name: string) {
  const inside = /\(([^)]+)\)/.exec(name)?.[1]
  if (inside) return inside.trim()
  return name.replace(/\s+(Unibanco|SCD|S\.?\s?A\.?|Ltda\.?|Pagamentos)\b.*$/i, '').trim() || name
}

/** "Recebida em 03/11 — Itaú ···8723" (an invoice), "Paga em 20/11 — Cora ···8739" (a guide). */
export const bankPaymentText = (verb: 'Recebida' | 'Paga', payment: BankPayment) =>
  `${verb} em ${payment.date.slice(8, 10)}/${payment.date.slice(5, 7)} — ${bankPaymentPlace(payment)}`

/** "Itaú ···8723": where a payment went through (the bank and the account's last 4 digits). */
export const bankPaymentPlace = (payment: Pick<BankPayment, 'bankName' | 'accountNumber'>) => {
  const digits = payment.accountNumber.replace(/[^0-9A-Za-z]/g, '')
  return `${shortBankName(payment.bankName)}${digits ? ` ···${digits.slice(-4)}` : ''}`
}

/** `PUT /bank-statements/transactions/{id}/tax-category`: a category id, or null to clear it. */
export const taxCategoryUpdateSchema = z.strictObject({
  taxCategoryId: z
    .string({ error: fieldError('Informe a categoria (taxCategoryId) ou null para limpar') })
    .trim()
    .min(1, { error: 'Informe a categoria (taxCategoryId) ou null para limpar' })
    .max(64)
    .nullable(),
})

/**
 * `GET /bank-statements/transactions` (accountId, companyId, limit 10, offset,
 * withoutTaxCategory), plus what the transactions screen filters by: a period (`date`) or a range
 * of days (`from`, `to`, inclusive) and a text search in the description (`query`).
 */
export const transactionListQuerySchema = pageQuerySchema(10)
  .extend({
    companyId: idSchema,
    accountId: idSchema.optional(),
    withoutTaxCategory: queryBooleanSchema.optional(),
    date: dateFilterSchema.optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    query: listQueryTextSchema.optional(),
  })
  .refine((q) => !(q.from && q.to) || q.from <= q.to, {
    error: 'A data inicial precisa ser anterior à final',
    path: ['from'],
  })

/** `PUT /bank-statements/transactions/tax-category?companyId`: several transactions at once. */
export const taxCategoryBulkUpdateSchema = z.strictObject({
  transactionIds: z
    .array(idSchema, { error: 'Informe as transações (transactionIds).' })
    .min(1, { error: 'Escolha ao menos uma transação.' })
    .max(100, { error: 'Classifique no máximo 100 transações de uma vez.' }),
  taxCategoryId: taxCategoryUpdateSchema.shape.taxCategoryId,
})
export type TaxCategoryBulkUpdate = z.input<typeof taxCategoryBulkUpdateSchema>

export const bankAccountListQuerySchema = pageQuerySchema(10).extend({ companyId: idSchema })

export const exportTypes = ['txt', 'csv'] as const
export const exportTypeSchema = z.enum(exportTypes, { error: 'Formato inválido (use txt ou csv)' })

/** `GET /bank-statements/accounts/{id}/exports/{type}`: `date` (a period) or `from`/`to`. */
export const exportQuerySchema = z
  .object({
    companyId: idSchema,
    date: dateFilterSchema.optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
  })
  .refine((q) => !(q.from && q.to) || q.from <= q.to, {
    error: 'A data inicial precisa ser anterior à final',
    path: ['from'],
  })

/** Largest OFX upload (a year of a busy company account is well under 5 MB). */
export const OFX_MAX_BYTES = 10 * 1024 * 1024
/** Most entries one OFX file may carry (a year of a busy account is a few thousand). */
export const OFX_MAX_ENTRIES = 50_000

const count = new Intl.NumberFormat('pt-BR')

export const ofxMessages = {
  tooLarge: `O arquivo OFX passa do limite de ${OFX_MAX_BYTES / 1024 / 1024} MB. Exporte um período menor no internet banking e envie de novo.`,
  tooManyEntries: (entries: number) =>
    `O extrato tem ${count.format(entries)} lançamentos; o limite é de ${count.format(OFX_MAX_ENTRIES)} por arquivo. Exporte um período menor no internet banking e envie de novo.`,
} as const

/** What an OFX upload answers. */
export const ofxImportResultSchema = z.object({
  account: bankAccountViewSchema,
  created: z.boolean(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  dropped: z.number().int(),
  statement: z.object({ from: calendarDateSchema.nullable(), to: calendarDateSchema.nullable() }),
  /**
   * What bank reconciliation made of the new lines: matched to an invoice or a guide by
   * themselves, suggested, left to reconcile. Null when it had not finished when the import
   * answered (it goes on, and the reconciliation screen shows it).
   */
  reconciliation: z
    .object({
      matched: z.number().int().nonnegative(),
      suggested: z.number().int().nonnegative(),
      unmatched: z.number().int().nonnegative(),
    })
    .nullable()
    .optional(),
})
export type OfxImportResult = z.infer<typeof ofxImportResultSchema>

export const coraExchangeMessages = {
  codeMissing: 'Código de autorização ausente',
  stateMissing: 'A resposta da Cora veio sem o parâmetro state.',
  stateTooLong: 'O parâmetro state da Cora pode ter no máximo 128 caracteres.',
} as const

/**
 * `POST /bank-statements/connections/oauth/cora?code&state&companyId`: the code and the state the
 * Cora callback handed back.
 */
export const coraExchangeQuerySchema = z.object({
  code: z
    .string({ error: fieldError(coraExchangeMessages.codeMissing) })
    .trim()
    .min(1, { error: coraExchangeMessages.codeMissing })
    .max(128),
  state: z
    .string({ error: fieldError(coraExchangeMessages.stateMissing) })
    .trim()
    .min(1, { error: coraExchangeMessages.stateMissing })
    // Its own message: the field label `state` is a UF elsewhere.
    .max(128, { error: coraExchangeMessages.stateTooLong }),
  companyId: idSchema,
})

/** `GET /bank-statements/connections/oauth/cora`: where Cora's consent page is, for how long. */
export const coraConsentSchema = z.object({
  url: z.url(),
  state: z.string(),
  expiresAt: isoDateTimeSchema,
})

/** `POST /bank-statements/connections/oauth/cora`: the connection, its account, its 90 days. */
export const coraConnectionSchema = z.object({
  connection: bankConnectionSchema,
  account: bankAccountViewSchema,
  imported: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
})
export type CoraConnection = z.infer<typeof coraConnectionSchema>

/** A Cora authorization in progress (server side): started, authorized (code), exchanged. */
export const coraAuthorizationSchema = z.object({
  state: z.string(),
  companyId: z.string(),
  uid: z.string(),
  code: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  usedAt: isoDateTimeSchema.nullable(),
})
export type CoraAuthorization = z.infer<typeof coraAuthorizationSchema>
