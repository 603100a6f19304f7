import { describe, expect, it } from 'vitest'
import { formatDate } from '@/lib/format'
import { dayInBrazil, monthInBrazil, todayInBrazil, yearInBrazil } from '@/kernel/dates'

// The product's one calendar (src/kernel/dates.ts): the day of a moment is the day it falls
// on in São Paulo, read from Intl's parts rather than any locale's date pattern.

describe('dayInBrazil', () => {
  it('cuts 22:15 on 30/11 in São Paulo to the 30th, where the UTC text says 01/12', () => {
    const iso = '2026-12-01T01:15:00.000Z' // 22:15 on 30 November in São Paulo
    expect(iso.slice(0, 10)).toBe('2026-12-01')
    expect(dayInBrazil(iso)).toBe('2026-11-30')
    expect(dayInBrazil(new Date(iso))).toBe('2026-11-30')
    expect(dayInBrazil(Date.parse(iso))).toBe('2026-11-30')
    expect(monthInBrazil(iso)).toBe('2026-11')
    expect(formatDate(iso)).toBe('30/11/2026')
  })

  it('crosses the year in São Paulo, not in UTC', () => {
    expect(dayInBrazil('2027-01-01T02:59:59.999Z')).toBe('2026-12-31')
    expect(dayInBrazil('2027-01-01T03:00:00.000Z')).toBe('2027-01-01')
    expect(yearInBrazil('2027-01-01T02:59:59.999Z')).toBe(2026)
  })

  it('keeps a plain calendar date as it is', () => {
    expect(dayInBrazil('2026-02-28')).toBe('2026-02-28')
    expect(formatDate('2026-03-02')).toBe('02/03/2026')
  })

  it('reads offsets written into the timestamp', () => {
    expect(dayInBrazil('2026-11-30T23:30:00-03:00')).toBe('2026-11-30')
    expect(dayInBrazil('2026-11-30T23:30:00+09:00')).toBe('2026-11-30')
  })

  it('agrees with a fixed UTC−3 for every hour of 2026 (no daylight saving since 2019)', () => {
    for (
      let at = Date.parse('2026-01-01T00:00:00Z');
      at < Date.parse('2027-01-01T00:00:00Z');
      at += 3_600_000
    )
      expect(dayInBrazil(at)).toBe(new Date(at - 3 * 3_600_000).toISOString().slice(0, 10))
  })

  it('counted the summer time of 2018: 00:30 UTC on 2018-12-01 was 22:30 on 30/11 (UTC−2)', () => {
    expect(dayInBrazil('2018-12-01T01:30:00Z')).toBe('2018-11-30')
    expect(dayInBrazil('2018-12-01T02:30:00Z')).toBe('2018-12-01')
  })

  it('answers every minute of the 2018–2019 summer time as Intl does, asked again or not', () => {
    // The day is kept per UTC hour (src/kernel/dates.ts): each minute across the changes of
    // offset, read twice, against a fresh formatter that keeps nothing.
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    for (const [from, to] of [
      ['2018-11-03T12:00:00Z', '2018-11-05T12:00:00Z'],
      ['2019-02-16T12:00:00Z', '2019-02-18T12:00:00Z'],
      ['1914-01-01T00:00:00Z', '1914-01-02T06:00:00Z'],
    ] as const)
      for (let at = Date.parse(from); at < Date.parse(to); at += 60_000)
        for (let pass = 0; pass < 2; pass++) expect(dayInBrazil(at)).toBe(intl.format(at))
  })

  it('refuses a moment that is not one', () => {
    expect(() => dayInBrazil('ontem')).toThrow(RangeError)
  })

  it('today is the São Paulo day', () => {
    expect(todayInBrazil(new Date('2026-11-30T23:30:00-03:00'))).toBe('2026-11-30')
  })
})
