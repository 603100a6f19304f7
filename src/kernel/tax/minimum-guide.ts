// A federal guide (DAS, DARF) of less than R$ 10,00 is not issued: its amount is added to the
// same tax of the next period, and so on until the total reaches R$ 10,00, then paid by that
// period's due date with no fine nor interest. Amounts in cents.

/** The least amount a DAS or DARF is issued for: R$ 10,00. */
export const MINIMUM_GUIDE = 1_000

export const minimumGuideSources = {
  MINIMUM_GUIDE:
    'Lei nº 9.430/1996, art. 68, caput e § 1º (tributo de valor inferior a R$ 10,00 adicionado ao do mesmo código dos períodos seguintes até chegar a R$ 10,00, então pago no prazo deste último, sem acréscimos); o PGDAS-D faz o mesmo com o DAS abaixo de R$ 10,00',
} as const

export interface GuideOrCarry {
  /** The month's own amount. */
  own: number
  /** Brought from earlier periods under the minimum. */
  carriedIn: number
  /** What this period's guide is for (0 when none is issued). */
  payable: number
  /** What goes to the next period (0 when the guide is issued). */
  carriedOut: number
}

/** Whether a period's amount (with what earlier periods carried) makes a guide or is carried on. */
export function guideOrCarry(own: number, carriedIn = 0): GuideOrCarry {
  const total = own + carriedIn
  if (total <= 0) return { own, carriedIn, payable: 0, carriedOut: 0 }
  return total < MINIMUM_GUIDE
    ? { own, carriedIn, payable: 0, carriedOut: total }
    : { own, carriedIn, payable: total, carriedOut: 0 }
}
