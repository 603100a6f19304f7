// Money as the API carries it: a number of reais with two decimals. This module imports nothing:
// the tax rules (tax.ts) use it, the formatters (src/lib/format.ts) too, and the CNAE catalog
// loads them on the public pages and in the build's sitemaps.

/**
 * Reais to whole cents, half a cent rounded up (away from zero) on the decimal value as written:
 * 1,005 → 101 and 2,675 → 268, where `Math.round(v * 100)` gives 100 and 267 because 1.005 is
 * stored as 1.00499999…. The shortest decimal text of the number (`String(v)`, which reads 1.005
 * back) is moved two places by its exponent, which is exact. No negative zero: −0,004 is 0.
 */
export function toCents(value: number): number {
  if (!Number.isFinite(value)) return Number.NaN
  // Whole cents already (the usual amount): no half cent to round, the product is near enough
  // to its integer that rounding it gives the same cents as the decimal text — and a run over
  // 50,000 bank lines does not format each of them.
  const scaled = Math.abs(value) * 100
  const whole = Math.round(scaled)
  if (Math.abs(scaled - whole) < 1e-6) return value < 0 && whole !== 0 ? -whole : whole
  const [digits, exponent = '0'] = String(Math.abs(value)).split('e')
  const cents = Math.round(Number(`${digits}e${Number(exponent) + 2}`))
  return value < 0 && cents !== 0 ? -cents : cents
}
export const fromCents = (cents: number) => cents / 100
/** A value of reais rounded to the cent (see toCents). */
export const roundMoney = (value: number) => fromCents(toCents(value))
