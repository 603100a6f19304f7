// Money as the API carries it: a number of reais with two decimals, and its one text ("R$ 1.234,56").
// This module imports nothing: the tax rules (src/kernel/tax) use it, the formatters
// (src/lib/format.ts) re-export it, the server's messages, PDFs and files write with it, and the
// CNAE catalog loads it on the public pages and in the build's sitemaps. Lint (eslint.config.js)
// keeps money out of `Intl.NumberFormat` with a currency and out of `Math.round(x * 100)`.

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
/** A decimal (a rate, a percent share) rounded to two places as written: the cents' rounding. */
export const roundHundredths = roundMoney

/** 1332 → "1.332". */
export function formatInteger(value: number): string {
  const sign = value < 0 ? '-' : ''
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/** Whole cents as "R$", `space` after the symbol, a minus before it; never "-R$ 0,00". */
function centsWith(cents: number, space: string): string {
  const whole = Math.abs(cents)
  const text = `R$${space}${formatInteger(Math.floor(whole / 100))},${String(whole % 100).padStart(2, '0')}`
  return cents < 0 ? `-${text}` : text
}

/**
 * 1234.56 → "R$ 1.234,56" (a no-break space after R$, like Intl), rounded to the cent as the
 * amounts are (`toCents`: 1,005 → "R$ 1,01"); what rounds to zero is "R$ 0,00", never "-R$ 0,00".
 * Written out without Intl: building an Intl formatter costs a phone tens of milliseconds; the
 * text is exactly Intl's pt-BR (tests/unit/format.test.ts compares them).
 */
export const formatMoney = (value: number): string => centsWith(toCents(value), '\u00a0')

/**
 * 123456 (cents) → "R$ 1.234,56" with a plain space: the text of messages, PDFs and files, which
 * a person may copy and search; −150 → "-R$ 1,50".
 */
export const formatCents = (cents: number): string => centsWith(Math.round(cents), ' ')
