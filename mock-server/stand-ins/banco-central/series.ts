import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { holidaysOf, UnknownTaxYear } from '../../../src/kernel/tax/parameters'
import { addMonths, monthIndex, monthsFrom } from '../../../src/kernel/dates'

// The Banco Central's SGS series 4390 ("Taxa de juros - Selic acumulada no mês") as this
// stand-in publishes it (sgs-4390.json says where each part comes from): the published months of
// its data file, then, up to the month before today, its own simulation — the target in force
// held, the effective rate compounded over the month's business days. A month the holidays table
// does not know is not published (the real series publishes a month once it has ended).

const dataSchema = z.object({
  series: z.literal(4390),
  targetRate: z.object({ yearly: z.number(), effectiveSpread: z.number() }),
  published: z.record(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), z.number().min(0).max(10)),
})

let data: z.output<typeof dataSchema> | undefined
const dataOf = () =>
  (data ??= dataSchema.parse(
    JSON.parse(readFileSync(new URL('./sgs-4390.json', import.meta.url), 'utf8')),
  ))

/** Business days of a month (weekdays that are not national holidays), or null for a year unknown. */
export function businessDaysOf(month: string): number | null {
  let holidays: readonly string[]
  try {
    holidays = holidaysOf(Number(month.slice(0, 4)))
  } catch (error) {
    if (error instanceof UnknownTaxYear) return null
    throw error
  }
  const [year, number] = month.split('-').map(Number) as [number, number]
  const days = new Date(Date.UTC(year, number, 0)).getUTCDate()
  let count = 0
  for (let day = 1; day <= days; day++) {
    const date = new Date(Date.UTC(year, number - 1, day))
    const weekday = date.getUTCDay()
    const text = date.toISOString().slice(0, 10)
    if (weekday !== 0 && weekday !== 6 && !holidays.includes(text)) count++
  }
  return count
}

/**
 * The simulated rate of a month (percent, two decimals): the effective yearly Selic compounded
 * over the month's business days, 252 to the year.
 */
export function simulatedRate(month: string): number | null {
  const days = businessDaysOf(month)
  if (days === null) return null
  const { yearly, effectiveSpread } = dataOf().targetRate
  const effective = (yearly - effectiveSpread) / 100
  const accumulated = (Math.pow(1 + effective, days / 252) - 1) * 100
  return Math.round(accumulated * 100) / 100
}

/**
 * The series from `from` to `to` (`YYYY-MM`, both included), as published by `today`
 * (`YYYY-MM-DD`): a month appears once it has ended.
 */
export function seriesBetween(from: string, to: string, today: string) {
  const { published } = dataOf()
  const lastEnded = addMonths(today.slice(0, 7), -1)
  const until = monthIndex(to) < monthIndex(lastEnded) ? to : lastEnded
  const since = monthIndex(from) > monthIndex(firstMonth()) ? from : firstMonth()
  if (monthIndex(until) < monthIndex(since)) return []
  const months: { month: string; rate: number }[] = []
  for (const month of monthsFrom(since, until)) {
    const rate = published[month] ?? simulatedRate(month)
    if (rate === null) break
    months.push({ month, rate })
  }
  return months
}

/** The first month the stand-in has. */
export const firstMonth = () => Object.keys(dataOf().published).sort()[0]!
