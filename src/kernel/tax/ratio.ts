// Exact arithmetic for the tax rules: a rate is a ratio of integers (BigInt), so that a bracket
// edge, a share of 33,5 % or the 5 % ISS cap is exact, and an amount is rounded to the cent once,
// half up, the way the law's arithmetic does (a binary fraction would fall either side).

/** `n / d`, with `d > 0`. */
export type Ratio = { readonly n: bigint; readonly d: bigint }

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a
  let y = b
  // A temporary, not `[x, y] = [y, x % y]`: that builds an array at every step (a month's
  // calculation runs thousands of them).
  while (y !== 0n) {
    const rest = x % y
    x = y
    y = rest
  }
  return x === 0n ? 1n : x
}

export function ratio(n: bigint | number, d: bigint | number = 1n): Ratio {
  let num = BigInt(n)
  let den = BigInt(d)
  if (den === 0n) throw new Error('ratio: division by zero')
  if (den < 0n) [num, den] = [-num, -den]
  const divisor = gcd(num, den)
  return { n: num / divisor, d: den / divisor }
}

export const ZERO = ratio(0)
export const ONE = ratio(1)

export const add = (a: Ratio, b: Ratio) => ratio(a.n * b.d + b.n * a.d, a.d * b.d)
export const sub = (a: Ratio, b: Ratio) => ratio(a.n * b.d - b.n * a.d, a.d * b.d)
export const mul = (a: Ratio, b: Ratio) => ratio(a.n * b.n, a.d * b.d)
export const div = (a: Ratio, b: Ratio) => ratio(a.n * b.d, a.d * b.n)
export const sum = (values: readonly Ratio[]) => values.reduce(add, ZERO)
/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export const compare = (a: Ratio, b: Ratio) => {
  const difference = a.n * b.d - b.n * a.d
  return difference < 0n ? -1 : difference > 0n ? 1 : 0
}
export const max = (a: Ratio, b: Ratio) => (compare(a, b) >= 0 ? a : b)
export const min = (a: Ratio, b: Ratio) => (compare(a, b) <= 0 ? a : b)

/** A share written in hundredths of a percent (33,50 % → 3350) as a ratio. */
export const hundredthsOfPercent = (value: number) => ratio(value, 10_000)
/** The nearest whole number, halves up (for non-negative values; negatives mirror). */
export function roundHalfUp(value: Ratio): bigint {
  const negative = value.n < 0n
  const n = negative ? -value.n : value.n
  const rounded = (n * 2n + value.d) / (value.d * 2n)
  return negative ? -rounded : rounded
}

/** Cut towards zero to whole units. */
export const truncate = (value: Ratio) => value.n / value.d

/** A value as a JavaScript number (for display only: the rules compare ratios). */
export const toNumber = (value: Ratio) => Number(value.n) / Number(value.d)

/**
 * Splits a whole amount (cents) among parts in proportion to their weights so that the parts add
 * up to it exactly: each part gets its share cut down, and the cents left over go one by one to
 * the largest remainders (ties to the earlier part).
 */
export function allocate(total: bigint, weights: readonly Ratio[]): bigint[] {
  const whole = sum(weights)
  if (whole.n === 0n) return weights.map(() => 0n)
  const exact = weights.map((weight) => mul(ratio(total), div(weight, whole)))
  const floors = exact.map((share) => {
    const cut = share.n / share.d
    return share.n < 0n && cut * share.d !== share.n ? cut - 1n : cut
  })
  let left = total - floors.reduce((a, b) => a + b, 0n)
  const order = exact
    .map((share, index) => ({ index, rest: sub(share, ratio(floors[index]!)) }))
    .sort((a, b) => compare(b.rest, a.rest) || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0n) break
    floors[index]! += 1n
    left -= 1n
  }
  return floors
}

/** A rate as a fraction (0.112) to whole basis points (1120). */
export const basisPointsOf = (rate: number) => Math.round(rate * 10_000)

/** `numerator / denominator` rounded half up, for non-negative integers (BigInt: no overflow). */
export const divideHalfUp = (numerator: bigint, denominator: bigint) =>
  Number(roundHalfUp(ratio(numerator, denominator)))
