// The product's calendar: every rule counts days in Brazil (America/Sao_Paulo), whatever the zone
// of the server or the browser. At 22:15 on 30 November in São Paulo it is still the 30th,
// though UTC is already in December; so the day of a timestamp is cut here, never from its ISO
// text (`iso.slice(0, 10)` is the UTC day).
// The day comes from Intl's parts (year, month, day by type), not from a locale's date pattern,
// which changes between ICU versions. The formatter is made on first use: building one costs a
// phone tens of milliseconds, which a page's first paint must not pay for nothing.
// This module imports nothing, so every layer of the app and the mock server may use it.

export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo'

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

/**
 * `YYYY-MM-DD`, the day a moment falls on in São Paulo. A plain `YYYY-MM-DD` is that day already
 * (a calendar date has no zone); an ISO timestamp, a Date or epoch milliseconds are placed in
 * São Paulo. An invalid moment throws a RangeError.
 */
export function dayInBrazil(at: Date | string | number): string {
  if (typeof at === 'string' && plainDay.test(at)) return at
  const moment = at instanceof Date ? at : new Date(at)
  let year = ''
  let month = ''
  let day = ''
  for (const part of formatter().formatToParts(moment)) {
    if (part.type === 'year') year = part.value.padStart(4, '0')
    else if (part.type === 'month') month = part.value
    else if (part.type === 'day') day = part.value
  }
  return `${year}-${month}-${day}`
}

/** Today as `YYYY-MM-DD` in Brazil: the one "today" every rule uses. */
export const todayInBrazil = (now: Date = new Date()) => dayInBrazil(now)

/** `YYYY-MM`, the month a moment falls on in São Paulo. */
export const monthInBrazil = (at: Date | string | number) => dayInBrazil(at).slice(0, 7)

/** The year a moment falls on in São Paulo. */
export const yearInBrazil = (at: Date | string | number) => Number(dayInBrazil(at).slice(0, 4))

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
