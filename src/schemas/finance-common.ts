import { z } from 'zod'
import { messages } from './messages'
import { fieldError } from './limit-messages'
import { roundMoney } from '../kernel/money'

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

// Calendar arithmetic by hand, not a date library: these schemas are part of every route's
// search validation, which every signed-in page loads first (issue 17).

/** Days in a month (1–12) of a year, Gregorian (years below 100 included, unlike `Date.UTC`). */
function daysInMonth(year: number, month: number) {
  const date = new Date(0)
  date.setUTCFullYear(year, month, 0)
  return date.getUTCDate()
}

const isRealDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const calendarDateSchema = z
  .string({ error: messages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.dateInvalid })
  .refine(isRealDate, { error: messages.dateInvalid })

export type DateRange = { from: string; to: string }

/**
 * A period as the API takes it in `date` / `period`: a year (`2026`), a month (`2026-10`) or a
 * day (`2026-10-21`); returns the inclusive range of days it covers.
 */
export function periodRange(period: string): DateRange | undefined {
  if (/^\d{4}$/.test(period)) return { from: `${period}-01-01`, to: `${period}-12-31` }
  if (/^\d{4}-\d{2}$/.test(period)) {
    const [year, month] = period.split('-').map(Number) as [number, number]
    if (month < 1 || month > 12) return undefined
    return {
      from: `${period}-01`,
      to: `${period}-${String(daysInMonth(year, month)).padStart(2, '0')}`,
    }
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(period) && isRealDate(period)) return { from: period, to: period }
  return undefined
}

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
