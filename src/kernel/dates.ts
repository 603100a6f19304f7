// The product's calendar: every rule counts days in Brazil (America/Sao_Paulo), whatever the zone
// of the server or the browser. At 22:15 on 30 November in São Paulo it is still the 30th,
// though UTC is already in December; so the day of a timestamp is cut here, never from its ISO
// text (`iso.slice(0, 10)` is the UTC day).
// The day comes from Intl's parts (year, month, day by type), not from a locale's date pattern,
// which changes between ICU versions. The formatter is made on first use: building one costs a
// phone tens of milliseconds, which a page's first paint must not pay for nothing.
// This module imports nothing, so every layer of the app and the mock server may use it.

export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo'

/**
 * Noon of a calendar day in São Paulo (UTC−3 all year since 2019): the instant a plain
 * `YYYY-MM-DD` stands for when a Date is needed, whatever the zone it is read in.
 */
export const noonInBrazil = (day: string) => new Date(`${day}T12:00:00-03:00`)

/**
 * "21/11/2026": a plain `YYYY-MM-DD` is that calendar day; a time (ISO text or Date) is the day
 * it falls on in São Paulo (`dayInBrazil`).
 */
export function formatDate(value: string | Date): string {
  const [year, month, day] = dayInBrazil(value).split('-')
  return `${day}/${month}/${year}`
}

let parts: Intl.DateTimeFormat | undefined
const formatter = () =>
  (parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BRAZIL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    numberingSystem: 'latn',
  }))

const plainDay = /^\d{4}-\d{2}-\d{2}$/

const HOUR_MS = 3_600_000
/** 1915-01-01T00:00Z: from then on São Paulo's offset is a whole number of hours (tz database). */
const WHOLE_HOURS_SINCE = Date.UTC(1915, 0, 1)
/** How many hours' days are kept before the memo starts over (a few years of hours). */
const DAYS_KEPT = 50_000
const dayOfHour = new Map<number, string>()

/**
 * `YYYY-MM-DD`, the day a moment falls on in São Paulo. A plain `YYYY-MM-DD` is that day already
 * (a calendar date has no zone); an ISO timestamp, a Date or epoch milliseconds are placed in
 * São Paulo. An invalid moment throws a RangeError.
 */
export function dayInBrazil(at: Date | string | number): string {
  if (typeof at === 'string' && plainDay.test(at)) return at
  const moment = at instanceof Date ? at : new Date(at)
  const ms = moment.getTime()
  // São Paulo's offsets have been whole hours since 1914 (−3, −2 in summer time), so a UTC hour
  // falls on one day there: the day is kept per hour (a bulk close reads thousands of them).
  const hour = ms >= WHOLE_HOURS_SINCE ? Math.floor(ms / HOUR_MS) : NaN
  const known = dayOfHour.get(hour)
  if (known !== undefined) return known
  let year = ''
  let month = ''
  let day = ''
  for (const part of formatter().formatToParts(moment)) {
    if (part.type === 'year') year = part.value.padStart(4, '0')
    else if (part.type === 'month') month = part.value
    else if (part.type === 'day') day = part.value
  }
  const found = `${year}-${month}-${day}`
  if (!Number.isNaN(hour)) {
    if (dayOfHour.size >= DAYS_KEPT) dayOfHour.clear()
    dayOfHour.set(hour, found)
  }
  return found
}

/** Today as `YYYY-MM-DD` in Brazil: the one "today" every rule uses. */
export const todayInBrazil = (now: Date = new Date()) => dayInBrazil(now)

/** `YYYY-MM`, the month a moment falls on in São Paulo. */
export const monthInBrazil = (at: Date | string | number) => dayInBrazil(at).slice(0, 7)

/** The year a moment falls on in São Paulo. */
export const yearInBrazil = (at: Date | string | number) => Number(dayInBrazil(at).slice(0, 4))

/** A competence (`YYYY-MM`) as a person reads it: `MM/AAAA`. */
export const competenceText = (period: string) => `${period.slice(5)}/${period.slice(0, 4)}`

/** A `YYYY-MM` month as a count of months (to add and compare months without dates). */
export const monthIndex = (period: string) =>
  Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1
/** The `YYYY-MM` month of such a count. */
export const monthOfIndex = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`

/** The months from `from` to `to`, both included (`YYYY-MM`). */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = []
  for (let i = monthIndex(from); i <= monthIndex(to); i++) months.push(monthOfIndex(i))
  return months
}

/** `YYYY-MM` moved by some months. */
export const addMonths = (period: string, months: number) =>
  monthOfIndex(monthIndex(period) + months)

/** The `YYYY-MM` months from `count - 1` months before `today` (`YYYY-MM-DD`) up to its month. */
export const recentMonths = (today: string, count: number): string[] =>
  count > 0 ? monthsFrom(addMonths(today.slice(0, 7), 1 - count), today.slice(0, 7)) : []

// ---- A due date said relative to today ----
// The one way every screen says a due date: "vence em 20/12", "vence hoje", "venceu em 23/11 —
// atrasado há 5 dias". A past date is never said as future: the words come from the day, not from
// the sentence around it. Days are plain `YYYY-MM-DD` calendar days; the year is said only when
// it is not this year's. The caller passes today (the client's clock, or the server's for what
// the server says). Plurals go by Intl.PluralRules.

/** A day of 24 hours, in milliseconds (for instants in UTC; a calendar day is `addDays`). */
export const DAY_MS = 86_400_000

/** `YYYY-MM-DD` moved by some calendar days (negative: back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is before. */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) =>
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
  return Math.round((utc(to) - utc(from)) / DAY_MS)
}

/** "20/12", or "20/12/2027" when the year is not today's. */
export function shortDay(day: string, today: string): string {
  const [year, month, date] = day.split('-')
  return year === today.slice(0, 4) ? `${date}/${month}` : `${date}/${month}/${year}`
}

let rules: Intl.PluralRules | undefined

/**
 * The word for a count in pt-BR by Intl.PluralRules ("1 dia", "5 dias", "1.000.000 de notas" with
 * `many`); zero takes the plural ("0 notas"), as Brazilian usage says it, although CLDR files 0
 * under "one".
 */
export function pluralWord(
  count: number,
  forms: { one: string; other: string; many?: string },
): string {
  if (count === 0) return forms.other
  rules ??= new Intl.PluralRules('pt-BR')
  const category = rules.select(count)
  if (category === 'one') return forms.one
  if (category === 'many') return forms.many ?? forms.other
  return forms.other
}

export type DueState = 'future' | 'today' | 'overdue'

export type DueWords = {
  state: DueState
  /** Days past the due date (0 unless overdue). */
  daysLate: number
  /** Lower case, to go inside a sentence: "vence em 20/12". */
  text: string
}

/**
 * What to say of a due date today: "vence em 20/12", "vence hoje", "venceu em 23/11 — atrasado
 * há 5 dias" (`late` names what is late: "atrasada" for a guide, "atrasado" for a month).
 */
export function dueWords(
  dueDate: string,
  today: string,
  { late = 'atrasado' }: { late?: 'atrasado' | 'atrasada' } = {},
): DueWords {
  const days = daysBetween(today, dueDate)
  if (days > 0)
    return { state: 'future', daysLate: 0, text: `vence em ${shortDay(dueDate, today)}` }
  if (days === 0) return { state: 'today', daysLate: 0, text: 'vence hoje' }
  const daysLate = -days
  return {
    state: 'overdue',
    daysLate,
    text: `venceu em ${shortDay(dueDate, today)} — ${late} há ${daysLate} ${pluralWord(daysLate, { one: 'dia', other: 'dias' })}`,
  }
}

/** The same words starting a sentence: "Vence em 20/12". */
export const dueSentence = (...args: Parameters<typeof dueWords>) => {
  const { text } = dueWords(...args)
  return text.charAt(0).toUpperCase() + text.slice(1)
}

// Calendar days and periods checked by hand, not a date library: src/schemas/finance-common.ts's
// schemas use them in every route's search validation, which every signed-in page loads first
// (docs/testing.md "Benchmarks": the login page's JS).

/** Days in a month (1–12) of a year, Gregorian (years below 100 included, unlike `Date.UTC`). */
function daysInMonth(year: number, month: number) {
  const date = new Date(0)
  date.setUTCFullYear(year, month, 0)
  return date.getUTCDate()
}

/** Whether a `YYYY-MM-DD` text is a day of the calendar. */
export const isRealDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

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
