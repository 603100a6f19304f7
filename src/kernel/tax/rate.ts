import type { SimplesAnnex } from '../../schemas/cnae'
import { toCents } from '../money'
import { basisPointsOf, divideHalfUp } from './ratio'
import { SIMPLES_ANNEXES, type SimplesBracket } from './tables'

// The bracket and effective rate of one annex for an RBT12, and the tax of an amount at it (the
// annex cards of the panel; the month's DAS is worked out by month.ts).

export interface SimplesRate extends SimplesBracket {
  annex: SimplesAnnex
  /** 1-based bracket (faixa). */
  bracket: number
  /**
   * `(RBT12 × nominal rate − deduction) / RBT12`, as a fraction (for display: the tax itself is
   * worked out from the exact ratio by `simplesTaxOn`).
   */
  effectiveRate: number
  /** The exact effective rate as a ratio of integers: `numerator / denominator`. */
  exact: { numerator: bigint; denominator: bigint }
}

/**
 * The bracket and effective rate of `annex` for a revenue of the last 12 months (reais). A
 * company without revenue yet pays the first bracket's nominal rate. Beyond R$ 4,8 mi there is
 * no Simples rate: `null`.
 */
export function simplesRateFor(rbt12: number, annex: SimplesAnnex): SimplesRate | null {
  const table = SIMPLES_ANNEXES[annex]
  const revenue = Math.max(0, toCents(rbt12))
  const index = table.findIndex((bracket) => revenue <= toCents(bracket.upTo))
  if (index < 0) return null
  const bracket = table[index]!
  const rate = BigInt(basisPointsOf(bracket.nominalRate))
  const exact =
    revenue === 0
      ? { numerator: rate, denominator: 10_000n }
      : {
          numerator: BigInt(revenue) * rate - BigInt(toCents(bracket.deduction)) * 10_000n,
          denominator: BigInt(revenue) * 10_000n,
        }
  const effectiveRate = Number(exact.numerator) / Number(exact.denominator)
  return { ...bracket, annex, bracket: index + 1, effectiveRate, exact }
}

/** The tax on an amount (reais) at an effective rate, in reais, rounded half up to the cent. */
export function simplesTaxOn(amount: number, rate: SimplesRate): number {
  const amountCents = BigInt(Math.max(0, toCents(amount)))
  return divideHalfUp(amountCents * rate.exact.numerator, rate.exact.denominator) / 100
}

/** Nominal rate of the first bracket (up to R$ 180.000) of every annex, in percent. */
export const SIMPLES_FIRST_BAND_RATE = Object.fromEntries(
  Object.entries(SIMPLES_ANNEXES).map(([annex, table]) => [
    annex,
    basisPointsOf(table[0]!.nominalRate) / 100,
  ]),
) as Record<SimplesAnnex, number>
