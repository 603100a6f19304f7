import type { ActivityTax, SimplesAnnex } from '../../schemas/cnae'

// Where one activity's revenue is taxed (LC 123/2006, art. 18, §§ 4º, 5º-B to 5º-I and 5º-M),
// from the curated classification of the CNAE data.

/**
 * - `annex`: always this annex, or (`byFatorR`) Annex III or V as the fator R decides;
 * - `by-revenue`: resale goes to Annex I, the company's own production to Annex II — each
 *   revenue is declared in its annex, so no single annex can be named;
 * - `barred`: an activity that cannot opt for the Simples Nacional;
 * - `unknown`: not in the classification: the product does not guess an annex.
 */
export type ActivityAnnex =
  | { kind: 'annex'; annex: SimplesAnnex; byFatorR: boolean }
  | { kind: 'by-revenue'; annexes: SimplesAnnex[] }
  | { kind: 'barred' }
  | { kind: 'unknown' }

export function annexOfActivity(activity: ActivityTax, fatorRReached: boolean): ActivityAnnex {
  const annexes = activity.simplesAnnexes
  if (annexes === null) return { kind: 'unknown' }
  if (annexes.length === 0) return { kind: 'barred' }
  if (activity.fatorR) return { kind: 'annex', annex: fatorRReached ? 'III' : 'V', byFatorR: true }
  if (annexes.length === 1) return { kind: 'annex', annex: annexes[0]!, byFatorR: false }
  return { kind: 'by-revenue', annexes: [...annexes] }
}

/**
 * The activity of the company an invoice's service (LC 116 item, `17.06`) belongs to: the first
 * of the company's activities (main first) whose curated services include it; undefined when
 * none does (the revenue is then named, never placed by guess).
 */
export const activityOfService = (activities: readonly ActivityTax[], service: string) =>
  activities.find((activity) => activity.services.includes(service))
