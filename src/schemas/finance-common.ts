import { z } from 'zod'
import { messages } from './messages'
import { fieldError } from './limit-messages'
import { roundMoney } from '../kernel/money'
import { isRealDate, periodRange } from '../kernel/dates'

// Money, calendar dates and periods shared by invoices, documents, bank statements and reports.
// Dates are calendar days as `YYYY-MM-DD` strings (no time zone: a bank statement or an invoice
// belongs to a day, not to an instant); money is a number of reais with two decimals.

export { fromCents, roundMoney, toCents } from '../kernel/money'

/** A month a document or tax refers to, `YYYY-MM`. */
export const competenceSchema = z
  .string({ error: 'Competência inválida (AAAA-MM)' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Competência inválida (AAAA-MM)' })

/** A positive amount in reais, at most R$ 1 bilhão, rounded to cents. */
export const amountSchema = z
  .number({ error: fieldError(messages.amountInvalid) })
  .finite({ error: messages.amountInvalid })
  .min(0.01)
  .max(1_000_000_000)
  .transform(roundMoney)

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const calendarDateSchema = z
  .string({ error: messages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.dateInvalid })
  .refine(isRealDate, { error: messages.dateInvalid })

export { periodRange, type DateRange } from '../kernel/dates'

/** `period` of the reports: `YYYY-MM` or `YYYY`. */
export const reportPeriodSchema = z
  .string({ error: messages.periodInvalid })
  .trim()
  .regex(/^\d{4}(-\d{2})?$/, { error: messages.periodInvalid })
  .refine((value) => periodRange(value) !== undefined, { error: messages.periodInvalid })

/** `date` filter of the lists and exports: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
export const dateFilterSchema = z
  .string({ error: messages.periodInvalid })
  .trim()
  .refine((value) => periodRange(value) !== undefined, {
    error: 'Data inválida (use AAAA, AAAA-MM ou AAAA-MM-DD)',
  })

/** `YYYY-MM` of a `YYYY-MM-DD` day. */
export const monthOf = (day: string) => day.slice(0, 7)

/** Today in Brazil: the calendar module's (./calendar.ts), where every day is cut. */
export { todayInBrazil } from '../kernel/dates'

/** `YYYY-MM` moved by `months` (negative: back): `2026-01` − 2 → `2025-11`. */
export function shiftMonth(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** `true`/`false` (also `1`/`0`, `yes`/`no`…) in a query string, not JavaScript truthiness. */
export const queryBooleanSchema = z.stringbool({ error: 'Use true ou false.' })

/** Free-text search of the lists. */
export const listQueryTextSchema = z.string().trim().max(200)

/**
 * The statement line that paid an invoice or a guide (bank reconciliation): the transaction, its
 * account as people name it ("Itaú ···1234") and the day the bank gives it.
 */
export const bankPaymentSchema = z.object({
  transactionId: z.string(),
  accountId: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  date: calendarDateSchema,
})
export type BankPayment = z.infer<typeof bankPaymentSchema>
