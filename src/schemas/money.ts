// Money as the API carries it: a number of reais with two decimals. This module imports nothing:
// the tax rules (tax.ts) use it, and the CNAE catalog loads them on the public pages and in the
// build's sitemaps.

/** Rounds to whole cents (avoids 0.1 + 0.2 drift in sums). */
export const toCents = (value: number) => Math.round(value * 100)
export const fromCents = (cents: number) => cents / 100
export const roundMoney = (value: number) => fromCents(toCents(value))
