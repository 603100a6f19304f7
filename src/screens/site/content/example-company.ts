import type { ActivityTax } from '@/schemas/cnae'
import {
  activityWindow,
  addMonths,
  fatorROf,
  fatorRReachesLine,
  monthsFrom,
} from '@/kernel/tax/rbt12'
import { annexOfActivity, simplesRateFor, simplesTaxOn } from '@/kernel/tax/facts'

// The public site's example: a fictional company (no client's name or numbers), whose figures the
// product's own Simples Nacional rules work out when the page is built. The home page's card and
// the testimonial of its owner (fixtures/content/testimonials.json) both speak of it.

/** What the fictional company is and did: the only figures typed here are its facts. */
export const exampleCompany = {
  name: 'Estúdio Aurora Design Ltda',
  alias: 'Estúdio Aurora',
  owner: 'Lívia Tavares',
  /**
   * Design (CNAE 7410-2/99), a service subject to the fator R: Annex III or V (LC 123/2006, art.
   * 18, §§ 5º-I, 5º-J e 5º-M), as the product's curated classification says
   * (fixtures/cnae-details.json; tests/unit/example-company.test.ts checks it).
   */
  activity: {
    code: '7410299',
    text: 'Atividades de design não especificadas anteriormente',
    simplesAnnexes: ['III', 'V'],
    fatorR: true,
    basis: null,
    services: [],
    meiOccupations: [],
  } satisfies ActivityTax,
  /** The month the card sums up (`YYYY-MM`): its DAS was paid, the next one is due. */
  month: '2026-06',
  /** Gross revenue of the 12 months before the month (RBT12), in reais. */
  revenue12: 216_000,
  /** Revenue of the month (what its DAS is worked out on), in reais. */
  monthRevenue: 19_400,
  /** Service invoices (NFS-e) issued in the month. */
  invoices: 9,
  /**
   * The partner's monthly pró-labore, the same over the 12 months: the company's whole payroll
   * (no employees; in Annex III the employer's INSS is inside the DAS).
   */
  proLabore: 5_200,
} as const

/**
 * The one call into the Simples Nacional rules (src/kernel/tax/facts.ts), the way the panel makes it:
 * the annex the activity falls in with this fator R, the bracket and effective rate for the
 * RBT12, and the month's DAS on its revenue (rounded half up to the cent).
 */
export function simplesMonthOf(facts: {
  activity: ActivityTax
  month: string
  revenue12: number
  payroll12: number
  monthRevenue: number
}) {
  // The 12 months before, each with a twelfth of the year's revenue and payroll (in cents), for
  // a company open for longer: the fator R is payroll over revenue of those months, cut to two
  // decimals as the PGDAS-D takes it (LC 123/2006, art. 18, § 5º-M).
  const months = monthsFrom(addMonths(facts.month, -12), addMonths(facts.month, -1))
  const each = (yearly: number) =>
    Object.fromEntries(months.map((m) => [m, Math.round((yearly * 100) / 12)]))
  const window = activityWindow(facts.month, `${addMonths(facts.month, -24)}-01`)
  const fatorR = fatorROf(window, each(facts.revenue12), each(facts.payroll12), facts.month)
  const placed = annexOfActivity(facts.activity, fatorRReachesLine(fatorR))
  const annex = placed.kind === 'annex' ? placed.annex : null
  const rate = annex ? simplesRateFor(facts.revenue12, annex) : null
  if (!annex || !rate) throw new Error('Simples: the example company has no annex or rate')
  return {
    annex,
    fatorR: fatorR.hundredths / 100,
    effectiveRate: rate.effectiveRate,
    das: simplesTaxOn(facts.monthRevenue, rate),
  }
}

/** `2026-06` → `2026-07`. */
const nextMonth = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
}

/**
 * The DAS of a month is due on the 20th of the next (LC 123/2006, art. 21, III). The example's
 * months were chosen so that both 20ths are working days (the test checks it): no shift to work
 * out.
 */
const dasDueDate = (month: string) => `${nextMonth(month)}-20`

/** The card's figures, worked out from the facts by the product's rules. */
export function exampleCompanySummary(company: typeof exampleCompany = exampleCompany) {
  const payroll12 = company.proLabore * 12
  const simples = simplesMonthOf({
    activity: company.activity,
    month: company.month,
    revenue12: company.revenue12,
    payroll12,
    monthRevenue: company.monthRevenue,
  })
  return {
    ...simples,
    month: company.month,
    paidDasDue: dasDueDate(company.month),
    nextMonth: nextMonth(company.month),
    nextDasDue: dasDueDate(nextMonth(company.month)),
    invoices: company.invoices,
    proLabore: company.proLabore,
    payroll12,
  }
}
