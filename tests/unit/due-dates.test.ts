import { describe, expect, it } from 'vitest'
import { daysBetween, dueSentence, dueWords, pluralWord, shortDay } from '@/kernel/dates'

// A due date said relative to today (src/kernel/dates.ts): never a past date as future.

describe('dueWords', () => {
  it('says a future date as future, today as today, a past one as late with its days', () => {
    expect(dueWords('2026-12-20', '2026-11-28')).toEqual({
      state: 'future',
      daysLate: 0,
      text: 'vence em 20/12',
    })
    expect(dueWords('2026-11-28', '2026-11-28').text).toBe('vence hoje')
    expect(dueWords('2026-11-23', '2026-11-28')).toEqual({
      state: 'overdue',
      daysLate: 5,
      text: 'venceu em 23/11 — atrasado há 5 dias',
    })
    expect(dueWords('2026-11-27', '2026-11-28', { late: 'atrasada' }).text).toBe(
      'venceu em 27/11 — atrasada há 1 dia',
    )
  })

  it('says the year only when it is not this year', () => {
    expect(dueWords('2027-01-20', '2026-12-28').text).toBe('vence em 20/01/2027')
    expect(dueWords('2025-12-22', '2026-01-05').text).toBe(
      'venceu em 22/12/2025 — atrasado há 14 dias',
    )
  })

  it('counts calendar days across months and the summer-time change', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3)
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2)
    expect(daysBetween('2026-11-28', '2026-11-23')).toBe(-5)
    expect(shortDay('2026-03-02', '2026-01-01')).toBe('02/03')
  })

  it('starts a sentence in capitals', () => {
    expect(dueSentence('2026-11-23', '2026-11-28')).toBe('Venceu em 23/11 — atrasado há 5 dias')
  })
})

describe('pluralWord', () => {
  const notes = { one: 'nota', other: 'notas', many: 'de notas' }
  it('chooses the form by Intl.PluralRules, zero in the plural', () => {
    expect(pluralWord(1, notes)).toBe('nota')
    expect(pluralWord(2, notes)).toBe('notas')
    expect(pluralWord(0, notes)).toBe('notas')
    expect(pluralWord(1_000_000, notes)).toBe('de notas')
  })
})
