import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoney } from '@/lib/format'
import { fromCents, roundMoney, toCents } from '@/kernel/money'

// Money is kept in whole cents, half a cent rounded up on the decimal value as written (the
// amount a person typed or a document printed), not on the binary number that stores it:
// 1.005 is stored as 1.00499999999999989…, and `Math.round(1.005 * 100)` gives 100.

describe('toCents: half-up on the decimal value', () => {
  it('1,005 → 1,01 (not 1,00) and 2,675 → 2,68 (not 2,67, as toFixed gives)', () => {
    expect(Math.round(1.005 * 100)).toBe(100) // the rounding it replaces
    expect(toCents(1.005)).toBe(101)
    expect(roundMoney(1.005)).toBe(1.01)
    expect((2.675).toFixed(2)).toBe('2.67') // binary rounding gets this one wrong too
    expect(toCents(2.675)).toBe(268)
    expect(roundMoney(2.675)).toBe(2.68)
  })

  it('rounds a negative half away from zero, as its positive, and gives no negative zero', () => {
    expect(toCents(-1.005)).toBe(-101)
    expect(toCents(-2.675)).toBe(-268)
    expect(Object.is(toCents(-0.004), 0)).toBe(true)
    expect(Object.is(toCents(-0), 0)).toBe(true)
    expect(toCents(-0.005)).toBe(-1)
  })

  it('keeps sums that drift in binary on the cent', () => {
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(1e-7)).toBe(0)
    expect(toCents(1.5e21)).toBe(1.5e23)
    expect(toCents(Number.NaN)).toBeNaN()
  })

  it('agrees with decimal half-up on every amount of three decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (mils) => {
        // The amount mils/1000 as written, rounded half-up (away from zero) in integers.
        const half = Math.floor((Math.abs(mils) + 5) / 10)
        const expected = mils < 0 && half !== 0 ? -half : half
        expect(toCents(mils / 1000)).toBe(expected)
      }),
    )
  })

  it('gives, for any number, the cents of its decimal text moved two places (the whole-cents shortcut agrees)', () => {
    const byText = (value: number) => {
      const [digits, exponent = '0'] = String(Math.abs(value)).split('e')
      const cents = Math.round(Number(`${digits}e${Number(exponent) + 2}`))
      return value < 0 && cents !== 0 ? -cents : cents
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
          fc.integer({ min: -1e11, max: 1e11 }).map((cents) => cents / 100),
          fc.integer({ min: -1e9, max: 1e9 }).map((tenths) => tenths / 1e4),
        ),
        (value) => {
          expect(toCents(value)).toBe(byText(value))
        },
      ),
      { numRuns: 5_000 },
    )
  })

  it('goes back to reais', () => {
    expect(fromCents(268)).toBe(2.68)
  })
})

describe('formatMoney rounds as toCents does', () => {
  it('shows 1,005 as R$ 1,01 and 2,675 as R$ 2,68', () => {
    expect(formatMoney(1.005)).toBe('R$\u00a01,01')
    expect(formatMoney(2.675)).toBe('R$\u00a02,68')
  })

  it('shows what rounds to zero as R$ 0,00, never -R$ 0,00', () => {
    expect(formatMoney(-0)).toBe('R$\u00a00,00')
    expect(formatMoney(-0.004)).toBe('R$\u00a00,00')
    expect(formatMoney(-0.005)).toBe('-R$\u00a00,01')
    expect(toCents(-0.005)).toBe(-1)
  })
})
