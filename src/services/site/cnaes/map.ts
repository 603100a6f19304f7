import type { Cnae, CnaeServer } from '@/schemas/cnae'

/**
 * docs/product.md §3: the server's snake_case CNAE becomes the app's camelCase here, and only here.
 * Every screen and service that reads a CNAE gets it through this function.
 */
export function toCnae(raw: CnaeServer): Cnae {
  return {
    code: raw.code,
    text: raw.text,
    taxRates: raw.tax_rates
      ? {
          simples: raw.tax_rates.simples.map((rate) => ({
            annex: rate.annex,
            nominalRateFirstBand: rate.nominal_rate_first_band,
            condition: rate.condition,
          })),
          basis: raw.tax_rates.basis,
        }
      : null,
    isAllowedMei: raw.is_allowed_mei,
    isRFactor: raw.is_r_factor,
    cnaeAllowedActivities: raw.cnae_allowed_activities,
    cnaeNotAllowedActivities: raw.cnae_not_allowed_activities,
    obs: raw.obs,
    hierarchy: raw.hierarchy,
    isActive: raw.is_active,
  }
}
