import { toCents } from '../money'
import { meiSources } from './mei'
import { basisPointsOf } from './ratio'

// The tax facts the product computes with, for the 2026 calendar year (DOMAIN.md), and the rules
// that use them. Every value is a named constant with its source in `taxFactSources`, and
// tests/unit/tax.test.ts names that source: next year's values are a one-line change each.
// Lives in src/schemas so the web app and the mock server share it (schemas import only schemas).

/** The calendar year the values below are in force for. */
export const TAX_YEAR = 2026

// Every computation works in whole cents and whole basis points (integers), so that an edge like
// exactly 28 % or R$ 180.000,00 is exact and half a cent rounds the way the law's arithmetic
// does, not the way a binary fraction happens to fall (0.28 has no exact binary form). The
// Simples Nacional's tables and its month (PGDAS-D) are in ./simples; the MEI in ./simples/mei.

export * from './mei'
export * from './rate'
export * from './tables'
export * from './annex'

const basisPoints = basisPointsOf

// ---- Simples Nacional ----

/** Yearly revenue limit of a microempresa (ME); above it, up to the ceiling, an EPP. */
export const ME_ANNUAL_LIMIT = 360_000
/** Ceiling of the Simples Nacional: revenue of the last 12 months (RBT12). */
export const SIMPLES_CEILING = 4_800_000
/** Fator R from which an Annex V activity is taxed by Annex III (28 %). */
export const FATOR_R_THRESHOLD = 0.28

/** Where each fact above comes from (the tests name these). */
export const taxFactSources = {
  ...meiSources,
  ME_ANNUAL_LIMIT: 'LC 123/2006, art. 3º, I (ME até R$ 360 mil)',
  SIMPLES_CEILING: 'LC 123/2006, art. 3º, II (EPP até R$ 4,8 milhões)',
  FATOR_R_THRESHOLD: 'LC 123/2006, art. 18, §§ 5º-J e 5º-M',
  SIMPLES_ANNEX_I: 'LC 123/2006, Anexo I (redação da LC 155/2016)',
  SIMPLES_ANNEX_II: 'LC 123/2006, Anexo II (redação da LC 155/2016)',
  SIMPLES_ANNEX_III: 'LC 123/2006, Anexo III (redação da LC 155/2016)',
  SIMPLES_ANNEX_IV: 'LC 123/2006, Anexo IV (redação da LC 155/2016)',
  SIMPLES_ANNEX_V: 'LC 123/2006, Anexo V (redação da LC 155/2016)',
  SIMPLES_FIRST_BAND_RATE: 'LC 123/2006, Anexos I a V, 1ª faixa (redação da LC 155/2016)',
  ANNEX_BY_ACTIVITY:
    'LC 123/2006, art. 18, §§ 4º e 4º-A (cada receita é tributada no anexo da sua atividade)',
  ANNEX_IV_CPP:
    'LC 123/2006, art. 13, VI, e art. 18, § 5º-C (no Anexo IV a CPP é recolhida fora do DAS)',
  EFFECTIVE_RATE: 'LC 123/2006, art. 18, § 1º-A',
  RBT12_OPENING: 'LC 123/2006, art. 18, § 2º',
} as const

// ---- Simples Nacional rules ----

/** A yearly amount spread over 12 months, rounded up to the cent (so 12 of them reach it). */
export const perMonthRoundedUp = (yearly: number) => Math.ceil(toCents(yearly) / 12) / 100

/** Payroll still needed in the last 12 months to reach a fator R of 28 % (0 when reached). */
export function payrollToReachFatorR(payroll12: number, rbt12: number): number {
  const target = BigInt(toCents(rbt12)) * BigInt(basisPoints(FATOR_R_THRESHOLD))
  // Rounded up to the cent: a cent less would stay below the line.
  const needed = Number((target + 9_999n) / 10_000n) - toCents(payroll12)
  return Math.max(0, needed) / 100
}
