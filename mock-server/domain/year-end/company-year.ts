import {
  dasnSimei,
  dasnSimeiDueDate,
  defisDueDate,
  exemptProfits,
  type ExemptProfits,
} from '../../../src/kernel/tax/year-end'
import type { Company } from '../../../src/schemas/company'
import { toCents } from '../../../src/kernel/money'
import type { MonthCalculation } from '../../../src/kernel/tax/calculation'
import type {
  CompanyYearRecord,
  DefisCompletion,
  MissingItem,
  YearMonth,
} from '../../../src/schemas/year-end'
import { yearEndMessages } from '../../../src/schemas/year-end'
import type { Store } from '../../store/database'
import { missing } from './errors'
import { requireYearFacts, type YearFacts } from './facts'
import {
  activitiesOver,
  mainAnnexOf,
  monthsOfActivity,
  yearMonthOf,
} from '../../../src/kernel/tax/year-end/months'

// A company's year as kept (companyYears): the accountant's inputs, the closed months' figures,
// the distributions' totals, and the year-end queue's columns derived from them on every write
// (deriveYear), so the queue reads a page of rows and computes nothing per request.

export const yearKey = (companyId: string, year: number) => `${companyId}:${year}`

const reais = (cents: number) => cents / 100
const monthText = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`

/** `01/2025 a 03/2025, 05/2025`: months as runs. */
export function monthRuns(months: readonly string[]): string {
  const runs: string[][] = []
  for (const month of [...months].sort()) {
    const run = runs.at(-1)
    const last = run?.at(-1)
    const next =
      last &&
      (Number(last.slice(5)) === 12
        ? `${Number(last.slice(0, 4)) + 1}-01`
        : `${last.slice(0, 4)}-${String(Number(last.slice(5)) + 1).padStart(2, '0')}`)
    if (run && next === month) run.push(month)
    else runs.push([month])
  }
  return runs
    .map((run) =>
      run.length === 1 ? monthText(run[0]!) : `${monthText(run[0]!)} a ${monthText(run.at(-1)!)}`,
    )
    .join(', ')
}

export const missingMessages = {
  months: (months: string) =>
    `Competências sem PGDAS-D no sistema: ${months}. Feche-as no Fechamento do mês ou informe a receita, o DAS e o IRPJ delas, apurados fora do sistema.`,
  overlap: (months: string) =>
    `${months} já ${months.includes(',') || months.includes(' a ') ? 'foram fechadas' : 'foi fechada'} no sistema: tire dos meses informados à parte.`,
  cashStart: (year: number) => `Informe o saldo em caixa em 01/01/${year}.`,
  cashEnd: (year: number) => `Informe o saldo em caixa em 31/12/${year}.`,
  bankStart: (year: number) => `Confirme o saldo em bancos em 01/01/${year}.`,
  bankEnd: (year: number) => `Confirme o saldo em bancos em 31/12/${year}.`,
  stockStart: (year: number) => `Informe o estoque inicial (01/01/${year}); zero se não há.`,
  stockEnd: (year: number) => `Informe o estoque final (31/12/${year}); zero se não há.`,
  purchases: (year: number) => `Informe o total de compras de ${year}; zero se não houve.`,
  employeesStart: (year: number) => `Informe o número de empregados em 01/01/${year}.`,
  employeesEnd: (year: number) => `Informe o número de empregados em 31/12/${year}.`,
  dasn: 'Diga se o MEI teve empregado no ano e confirme a receita sem nota fiscal não lançada mês a mês (zero se não houve).',
} as const

const defisFields = [
  'cashStart',
  'cashEnd',
  'bankStart',
  'bankEnd',
  'stockStart',
  'stockEnd',
  'purchases',
  'employeesStart',
  'employeesEnd',
] as const

/** What is left to complete in a year's DEFIS: months without a PGDAS-D, and each unknown field. */
export function defisMissing(record: CompanyYearRecord): MissingItem[] {
  const items: MissingItem[] = []
  const closed = new Set(Object.keys(record.months))
  const other = record.defis?.otherMonths?.months ?? []
  const covered = new Set([...closed, ...other])
  const uncovered = monthsOfActivity(record.year, record.openedOn).filter((m) => !covered.has(m))
  if (uncovered.length)
    items.push({
      code: 'months-missing',
      field: 'otherMonths',
      message: missingMessages.months(monthRuns(uncovered)),
    })
  const overlap = other.filter((month) => closed.has(month))
  if (overlap.length)
    items.push({
      code: 'months-overlap',
      field: 'otherMonths',
      message: missingMessages.overlap(monthRuns(overlap)),
    })
  const completion: Partial<DefisCompletion> = record.defis ?? {}
  for (const field of defisFields)
    if (completion[field] === null || completion[field] === undefined)
      items.push({ code: `${field}-missing`, field, message: missingMessages[field](record.year) })
  return items
}

/** What is left to complete in a year's DASN-SIMEI. */
export const dasnMissing = (record: CompanyYearRecord): MissingItem[] =>
  record.dasn ? [] : [{ code: 'dasn-missing', field: 'hadEmployee', message: missingMessages.dasn }]

/**
 * The exempt profits over a year's figures: the months closed (or, for the profits page, the
 * months calculated now too), the months declared outside the product (at the main activity's
 * presumption) and the books.
 */
export function limitOver(
  months: readonly YearMonth[],
  record: Pick<CompanyYearRecord, 'defis' | 'books' | 'company'>,
  facts: Pick<YearFacts, 'activities'>,
): ExemptProfits {
  const activities = activitiesOver(months)
  const other = record.defis?.otherMonths
  const main = facts.activities[0]
  if (other && (other.revenue > 0 || other.irpj > 0))
    activities.push({
      cnae: main?.code ?? '0000000',
      text: `${main?.text ?? 'Atividade principal'} (meses fora do sistema)`,
      annex: mainAnnexOf(main),
      revenue: toCents(other.revenue),
      irpj: toCents(other.irpj),
    })
  const das =
    months.reduce((total, month) => total + toCents(month.das), 0) + toCents(other?.das ?? 0)
  return exemptProfits({
    activities,
    das,
    booksProfit: record.books ? toCents(record.books.profit) : null,
    companyType: record.company.type,
  })
}

/** A new year for a client company (nothing recorded yet). */
export function newYear(facts: YearFacts, year: number, now: string): CompanyYearRecord {
  const { company } = facts
  return deriveYear(
    {
      id: yearKey(company.id, year),
      companyId: company.id,
      year,
      regime: facts.regime,
      company: companyOf(company),
      openedOn: facts.openedOn,
      months: {},
      books: null,
      defis: null,
      dasn: null,
      delivery: null,
      reportsSent: null,
      distributed: 0,
      withheld: 0,
      darfs: {},
      status: 'to-complete',
      dueDate: '',
      missing: 0,
      exemptLimit: 0,
      aboveExempt: false,
      outcome: null,
      updatedAt: now,
    },
    facts,
  )
}

const companyOf = (company: Company): CompanyYearRecord['company'] => ({
  name: company.name,
  alias: company.alias,
  cnpj: company.cnpj,
  type: company.type,
})

/** The queue's columns of a year, from what it keeps (and the company as it is now). */
export function deriveYear(record: CompanyYearRecord, facts: YearFacts): CompanyYearRecord {
  const company = companyOf(facts.company)
  const months = Object.values(record.months)
  if (record.regime === 'mei') {
    const missing = dasnMissing(record)
    const kinds = months.reduce(
      (sum, month) => ({
        commerce: sum.commerce + toCents(month.kinds?.commerce ?? 0),
        industry: sum.industry + toCents(month.kinds?.industry ?? 0),
        services: sum.services + toCents(month.kinds?.services ?? month.revenue),
      }),
      {
        commerce: toCents(record.dasn?.otherRevenue.commerce ?? 0),
        industry: toCents(record.dasn?.otherRevenue.industry ?? 0),
        services: toCents(record.dasn?.otherRevenue.services ?? 0),
      },
    )
    const dasn = dasnSimei({
      year: record.year,
      openedOn: record.openedOn,
      revenue: kinds,
      activities: facts.activities,
    })
    return {
      ...record,
      company,
      status: record.delivery ? 'delivered' : missing.length === 0 ? 'ready' : 'to-complete',
      dueDate: dasnSimeiDueDate(record.year),
      missing: missing.length,
      exemptLimit: 0,
      aboveExempt: false,
      outcome: dasn.outcome,
    }
  }
  const missing = defisMissing(record)
  const limit = limitOver(months, record, facts)
  return {
    ...record,
    company,
    status: record.delivery ? 'delivered' : missing.length === 0 ? 'ready' : 'to-complete',
    dueDate: defisDueDate(record.year),
    missing: missing.length,
    exemptLimit: reais(limit.exemptLimit),
    aboveExempt: toCents(record.distributed) > limit.exemptLimit,
    outcome: null,
  }
}

/** The year as kept, or a new one. */
export const yearOf = (store: Store, facts: YearFacts, year: number, now: string) =>
  store.companyYears.get(yearKey(facts.company.id, year)) ?? newYear(facts, year, now)

/** Writes a year with its columns derived again (inside store.write). */
export function saveYear(store: Store, record: CompanyYearRecord, facts: YearFacts, now: string) {
  const saved = deriveYear({ ...record, updatedAt: now }, facts)
  store.companyYears.put(saved)
  return saved
}

/** The distributions' totals of a year, from the store (SQL sums over indexed columns). */
export function distributionTotals(store: Store, companyId: string, year: number) {
  const total = (column: 'cents' | 'irrfCents') =>
    reais(
      store.distributions.groupSums([], column, {
        companyId,
        date: { from: `${year}-01-01`, to: `${year}-12-31` },
      })[0]?.total ?? 0,
    )
  return { distributed: total('cents'), withheld: total('irrfCents') }
}

/**
 * A command on a company's year, in a transaction of its own: the company and its year read
 * fresh, changed by `change` (which may refuse), and saved with the queue's columns.
 */
export function changeYear(
  store: Store,
  input: { companyId: string; year: number; regime: 'simples' | 'mei'; now: string },
  change: (record: CompanyYearRecord, facts: YearFacts) => CompanyYearRecord,
) {
  return store.write(() => {
    const company = store.companies.get(input.companyId)
    if (!company) throw missing(yearEndMessages.notClient)
    const facts = requireYearFacts(store, company, input.regime)
    const record = change(yearOf(store, facts, input.year, input.now), facts)
    return saveYear(store, record, facts, input.now)
  })
}

/**
 * After a month closes (inside its transaction): the year keeps the month's figures, and its
 * queue row follows.
 */
export function noteMonthClosed(
  store: Store,
  facts: YearFacts,
  calculation: MonthCalculation,
  now: string,
) {
  const year = Number(calculation.period.slice(0, 4))
  const record = yearOf(store, facts, year, now)
  record.months = { ...record.months, [calculation.period]: yearMonthOf(calculation) }
  return saveYear(store, record, facts, now)
}
