import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shiftMonth, todayInBrazil } from '@/schemas/finance-common'
import {
  ageOn,
  migrateAccountantSchema,
  stepMessages,
  uploadGuideReceiptSchema,
} from '@/schemas/steps'

// One "today" for every rule, in Brazil's calendar (America/Sao_Paulo), whatever the zone of the
// server or the browser: at 23:30 in São Paulo on the last day of a month, UTC is already the 1st
// of the next one, and a date "tomorrow" must still be refused.

const lastDayLateNight = new Date('2026-11-30T23:30:00-03:00') // 2026-12-01T02:30Z

describe('todayInBrazil', () => {
  it('is the São Paulo date at 23:30 on the last day of a month, not the UTC one', () => {
    expect(lastDayLateNight.toISOString().slice(0, 10)).toBe('2026-12-01')
    expect(todayInBrazil(lastDayLateNight)).toBe('2026-11-30')
    expect(todayInBrazil(new Date('2026-12-31T23:30:00-03:00'))).toBe('2026-12-31')
    expect(todayInBrazil(new Date('2026-12-01T00:30:00-03:00'))).toBe('2026-12-01')
  })
  it('moves months across years', () => {
    expect(shiftMonth('2026-01', -2)).toBe('2025-11')
    expect(shiftMonth('2026-11', 2)).toBe('2027-01')
    expect(shiftMonth('2026-11', -24)).toBe('2024-11')
  })
})

describe('the wizard rules, at 23:30 in São Paulo on 30 November', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(lastDayLateNight)
  })
  afterEach(() => vi.useRealTimers())

  const receipt = (paidAt: string) =>
    uploadGuideReceiptSchema.safeParse({ receipt: { fileName: 'comprovante.pdf', paidAt } })

  it('refuses a receipt dated tomorrow (1 December) and takes one dated today', () => {
    expect(receipt('2026-12-01').error?.issues[0]?.message).toBe(stepMessages.paidAtFuture)
    expect(receipt('2026-11-30').success).toBe(true)
  })
  it('a partner born on 1 December 2008 is still 17; one born on 30 November is 18', () => {
    expect(ageOn('2008-12-01')).toBe(17)
    expect(ageOn('2008-11-30')).toBe(18)
  })
  it('the take-over month may still be November, not October', () => {
    const accountant = {
      name: 'Roberto Almeida',
      email: 'roberto@almeidacontabil.com.br',
      phone: '+55 (11) 3333-4444',
      crc: 'SP-123456/O-7',
      reason: 'Queremos um atendimento mais próximo.',
    }
    expect(
      migrateAccountantSchema.safeParse({ ...accountant, takeOverMonth: '2026-11' }).success,
    ).toBe(true)
    expect(
      migrateAccountantSchema.safeParse({ ...accountant, takeOverMonth: '2026-10' }).error
        ?.issues[0]?.message,
    ).toBe(stepMessages.takeOverMonthPast)
  })
})
