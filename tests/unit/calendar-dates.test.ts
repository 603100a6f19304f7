import { describe, expect, it } from 'vitest'
import { format, isValid, lastDayOfMonth, parse } from 'date-fns'
import {
  calendarDateSchema,
  dateFilterSchema,
  periodRange,
  reportPeriodSchema,
} from '../../src/schemas/finance-common'

// The calendar checks of the shared schemas are written by hand (every signed-in page's first
// load validates search params with them, and carries no date library for it). They must agree
// with date-fns, which they replaced, on every day of the years that matter and the edges.

const YEARS = [1, 50, 99, 100, 1582, 1900, 2000, 2023, 2024, 2025, 2026, 2100, 9999]
const pad = (value: number, size = 2) => String(value).padStart(size, '0')
const reference = (value: string) => isValid(parse(value, 'yyyy-MM-dd', new Date(2000, 0, 1)))

describe('calendar dates without a date library', () => {
  it('accepts the same days as date-fns, and refuses the same', () => {
    for (const year of YEARS)
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const value = `${pad(year, 4)}-${pad(month)}-${pad(day)}`
          expect(calendarDateSchema.safeParse(value).success, value).toBe(reference(value))
          expect(dateFilterSchema.safeParse(value).success, value).toBe(reference(value))
        }
  })

  it("gives a month's range as date-fns does, and refuses months that do not exist", () => {
    for (const year of YEARS)
      for (let month = 0; month <= 13; month++) {
        const period = `${pad(year, 4)}-${pad(month)}`
        const first = parse(`${period}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1))
        const expected = isValid(first)
          ? { from: `${period}-01`, to: format(lastDayOfMonth(first), 'yyyy-MM-dd') }
          : undefined
        expect(periodRange(period), period).toEqual(expected)
        expect(reportPeriodSchema.safeParse(period).success, period).toBe(expected !== undefined)
      }
  })

  it('keeps years and single days', () => {
    expect(periodRange('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' })
    expect(periodRange('2024-02-29')).toEqual({ from: '2024-02-29', to: '2024-02-29' })
    expect(periodRange('2023-02-29')).toBeUndefined()
    expect(periodRange('20260')).toBeUndefined()
  })
})
