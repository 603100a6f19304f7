import { addDays, daysBetween } from '../dates'
import { TAX_YEARS } from './parameters'
import { RuleDataMissing } from '../rule-data-missing'

// Due dates of the guides: the calendar days banks open, from the national holidays of each year
// (a dated table per year: adding a year is one line) and the weekends.

/**
 * National holidays, by year (`YYYY-MM-DD`): 01/01, Paixão (Good Friday), 21/04, 01/05, 07/09,
 * 12/10, 02/11, 15/11, 20/11 and 25/12 — the yearly parameters' (src/kernel/tax/parameters.ts).
 */
export const NATIONAL_HOLIDAYS: Readonly<Record<number, readonly string[]>> = Object.fromEntries(
  Object.values(TAX_YEARS).map((entry) => [entry.year, entry.holidays.days]),
)

/** The day of the month the DAS (and the DAS-MEI) falls due, in the month after the revenue. */
export const DAS_DUE_DAY = 20
/** The day of the month the DCTFWeb DARF (INSS and IRRF of the payroll) falls due. */
export const DCTFWEB_DUE_DAY = 20
/** The day of the month the FGTS Digital guide (GFD) of the payroll falls due. */
export const FGTS_DUE_DAY = 20

export const calendarSources = {
  NATIONAL_HOLIDAYS:
    'Lei nº 662/1949 (redação da Lei nº 10.607/2002), Lei nº 6.802/1980 (12/10), Lei nº 14.759/2023 (20/11) e Lei nº 9.093/1995 (Paixão); calendário bancário nacional',
  DAS_DUE_DAY:
    'Resolução CGSN nº 140/2018, art. 40 e § 3º (dia 20 do mês seguinte; sem expediente bancário, o dia útil seguinte)',
  DCTFWEB_DUE_DAY:
    'Lei nº 8.212/1991, art. 30, I, b, e Lei nº 11.196/2005, art. 70, I, d (dia 20 do mês seguinte; sem expediente bancário, o dia útil anterior)',
  FGTS_DUE_DAY:
    'Lei nº 8.036/1990, art. 15, caput, na redação da Lei nº 14.438/2022 (FGTS Digital: até o dia 20 do mês seguinte; sem expediente bancário, o dia útil anterior)',
} as const

export const calendarMessages = {
  unknownYear: (year: number) =>
    `Os feriados nacionais de ${year} ainda não estão no calendário do sistema: não dá para calcular o vencimento.`,
} as const

/** A year the calendar does not know: the due date of a guide in it is not guessed. */
export class UnknownCalendarYear extends RuleDataMissing {
  constructor(readonly year: number) {
    super(calendarMessages.unknownYear(year))
  }
}

// Calendar days are the kernel's (src/kernel/dates.ts): the tax rules count in them.
export { addDays, daysBetween }

const pad = (value: number) => String(value).padStart(2, '0')
const dayText = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`)

/** Whether banks open that day: not a weekend, not a national holiday (throws for unknown years). */
export function isBusinessDay(day: string): boolean {
  const year = Number(day.slice(0, 4))
  const holidays = NATIONAL_HOLIDAYS[year]
  if (!holidays) throw new UnknownCalendarYear(year)
  const weekday = dateOf(day).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !holidays.includes(day)
}

/** The day itself when banks open, else the next day they do. */
export function onOrAfterBusinessDay(day: string): string {
  let current = day
  while (!isBusinessDay(current)) current = addDays(current, 1)
  return current
}

/** The day itself when banks open, else the last day before it they do. */
export function onOrBeforeBusinessDay(day: string): string {
  let current = day
  while (!isBusinessDay(current)) current = addDays(current, -1)
  return current
}

/** `YYYY-MM` of the month after `period`. */
export function nextMonth(period: string): string {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(5, 7))
  return month === 12 ? `${year + 1}-01` : `${year}-${pad(month + 1)}`
}

/**
 * Due date of the DAS (and the DAS-MEI) of the revenue of `period` (`YYYY-MM`): the 20th of the
 * next month, or the next business day when banks do not open on it (20/11/2026 → 23/11).
 */
export const dasDueDate = (period: string) =>
  onOrAfterBusinessDay(`${nextMonth(period)}-${pad(DAS_DUE_DAY)}`)

/**
 * Due date of the DCTFWeb DARF (INSS withheld, the CPP of Annex IV, IRRF) of the payroll of
 * `period`: the 20th of the next month, or the business day before it.
 */
export const dctfWebDueDate = (period: string) =>
  onOrBeforeBusinessDay(`${nextMonth(period)}-${pad(DCTFWEB_DUE_DAY)}`)

/**
 * Due date of the FGTS Digital guide (GFD) of the payroll of `period`: the 20th of the next
 * month, or the business day before it.
 */
export const fgtsDueDate = (period: string) =>
  onOrBeforeBusinessDay(`${nextMonth(period)}-${pad(FGTS_DUE_DAY)}`)

/** The last calendar day of a `YYYY-MM` month. */
export function lastDayOf(period: string): string {
  const date = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0))
  return dayText(date)
}
