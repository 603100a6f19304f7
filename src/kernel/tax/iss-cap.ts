import type { SimplesAnnex } from '../../schemas/cnae'
import type { SimplesTax } from './tables'

// When the ISS share of the effective rate passes 5 % (Annex III above an effective rate of
// 14,92537 %, Annex IV above 12,5 %: only the 5th bracket reaches it), the ISS stays at 5 % and
// the difference goes to the federal taxes of the bracket. The notes of Annexes III and IV print
// the split as coefficients rounded to two decimals — IRPJ = (effective rate − 5 %) × 6,02 %,
// and so on — and the PGDAS-D applies those printed coefficients, not the exact ratios of the
// shares (which differ in the third decimal, so individual taxes move by cents).

/** The printed coefficients of each annex's note, in hundredths of a percent (sum 10.000). */
export const ISS_CAP_COEFFICIENTS: Partial<
  Record<SimplesAnnex, Partial<Record<SimplesTax, number>>>
> = {
  III: { IRPJ: 602, CSLL: 526, COFINS: 1_928, PIS: 418, CPP: 6_526 },
  IV: { IRPJ: 3_133, CSLL: 3_200, COFINS: 3_013, PIS: 654 },
}

export const issCapSources = {
  ISS_CAP_COEFFICIENTS:
    'LC 123/2006, Anexo III, nota (*) da 5ª faixa (IRPJ 6,02 %, CSLL 5,26 %, Cofins 19,28 %, PIS 4,18 %, CPP 65,26 % de (alíquota efetiva − 5 %)) e Anexo IV, nota (*) da 5ª faixa (IRPJ 31,33 %, CSLL 32,00 %, Cofins 30,13 %, PIS 6,54 %), redação da LC 155/2016',
} as const

/** The printed coefficients of an annex, or undefined when its notes print none. */
export const issCapCoefficientsOf = (annex: SimplesAnnex) => ISS_CAP_COEFFICIENTS[annex]
