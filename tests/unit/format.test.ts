import { describe, expect, it } from 'vitest'
import { formatCount, formatDate, formatInteger, formatMoney } from '@/lib/format'

// Money, numbers and days are formatted without Intl (its set-up costs a phone tens of
// milliseconds); the text must be exactly what Intl's pt-BR formats give.
describe('pt-BR formats (src/lib/format.ts)', () => {
  it('matches Intl for money', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    for (const value of [0, 0.5, 9.99, 89.9, 189.9, 1234.56, 1_000_000, -1234.5, 449.9])
      expect(formatMoney(value), String(value)).toBe(intl.format(value))
  })

  it('matches Intl for whole numbers', () => {
    for (const value of [0, 7, 1332, 5571, 1234567])
      expect(formatInteger(value)).toBe(value.toLocaleString('pt-BR'))
  })

  it('gives the calendar day in São Paulo', () => {
    const intl = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' })
    for (const value of [
      '2025-10-06T09:00:00.000Z',
      '2026-01-01T02:30:00.000Z',
      '2026-07-31T23:59:00.000Z',
    ])
      expect(formatDate(value), value).toBe(intl.format(new Date(value)))
    expect(formatDate('2026-03-02')).toBe('02/03/2026')
    expect(formatDate(new Date('2026-01-01T02:30:00.000Z'))).toBe('31/12/2025')
  })
})

describe('formatCount', () => {
  it('says one thing in the singular and the rest in the plural, with pt-BR thousands', () => {
    expect(formatCount(1, 'empresa encontrada', 'empresas encontradas')).toBe(
      '1 empresa encontrada',
    )
    expect(formatCount(0, 'pedido', 'pedidos')).toBe('0 pedidos')
    expect(formatCount(1332, 'atividade', 'atividades')).toBe('1.332 atividades')
  })
})
