import type { Cnae } from '@/schemas/cnae'

/** The Simples Nacional annexes of an activity ("III ou V"), or null when it has none. */
export const annexLabel = (cnae: Cnae) =>
  cnae.taxRates && cnae.taxRates.simples.length > 0
    ? cnae.taxRates.simples.map((rate) => rate.annex).join(' ou ')
    : null

/** Barred from the Simples Nacional (classified, with no annex). */
export const barredFromSimples = (cnae: Cnae) =>
  cnae.taxRates !== null && cnae.taxRates.simples.length === 0
