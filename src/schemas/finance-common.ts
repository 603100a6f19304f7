import { z } from 'zod'
import { format, isValid, lastDayOfMonth, parse } from 'date-fns'
import { messages } from './messages'
import { fieldError } from './limit-messages'

// Money, calendar dates and periods shared by invoices, documents, bank statements and reports.
// Dates are calendar days as `YYYY-MM-DD` strings (no time zone: a bank statement or an invoice
// belongs to a day, not to an instant); money is a number of reais with two decimals.

/** Rounds to whole cents (avoids 0.1 + 0.2 drift in sums). */
export const toCents = (value: number) => Math.round(value * 100)
export const fromCents = (cents: number) => cents / 100
export const roundMoney = (value: number) => fromCents(toCents(value))

/** A positive amount in reais, at most R$ 1 bilhão, rounded to cents. */
export const amountSchema = z
  .number({ error: fieldError(messages.amountInvalid) })
  .finite({ error: messages.amountInvalid })
  .min(0.01)
  .max(1_000_000_000)
  .transform(roundMoney)

const isRealDate = (value: string) => isValid(parse(value, 'yyyy-MM-dd', new Date(2000, 0, 1)))

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const calendarDateSchema = z
  .string({ error: messages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.dateInvalid })
  .refine(isRealDate, { error: messages.dateInvalid })

export type DateRange = { from: string; to: string }

const isoDay = (date: Date) => format(date, 'yyyy-MM-dd')

/**
 * A period as the API takes it in `date` / `period`: a year (`2026`), a month (`2026-10`) or a
 * day (`2026-10-21`); returns the inclusive range of days it covers.
 */
export function periodRange(period: string): DateRange | undefined {
  if (/^\d{4}$/.test(period)) return { from: `${period}-01-01`, to: `${period}-12-31` }
  if (/^\d{4}-\d{2}$/.test(period)) {
    const first = parse(`${period}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1))
    if (!isValid(first)) return undefined
    return { from: `${period}-01`, to: isoDay(lastDayOfMonth(first)) }
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

const brazilDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/**
 * Today as `YYYY-MM-DD` in Brazil (America/Sao_Paulo), whatever the zone of the server or the
 * browser: the one "today" every rule uses (at 23:30 in São Paulo on 30 November it is still the
 * 30th, though UTC is already in December).
 */
export const todayInBrazil = (now: Date = new Date()) => brazilDay.format(now)

/** `YYYY-MM` moved by `months` (negative: back): `2026-01` − 2 → `2025-11`. */
export function shiftMonth(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** `true`/`false` (also `1`/`0`, `yes`/`no`…) in a query string, not JavaScript truthiness. */
export const queryBooleanSchema = z.stringbool({ error: 'Use true ou false.' })

/** Free-text search of the lists. */
export const listQueryTextSchema = z.string().trim().max(200)
