import { randomUUID } from 'node:crypto'
import {
  darf1841DueDate,
  DARF_CODE_DIVIDENDS,
  exemptShares,
  monthWithholding,
  resultsUpTo2025Problem,
  WITHHOLDING_FROM,
  type ExemptProfits,
} from '../../../src/kernel/tax/year-end'
import type { Company } from '../../../src/schemas/company'
import { formatCents, toCents } from '../../../src/kernel/money'
import type { MonthIssue } from '../../../src/schemas/simples/api'
import {
  yearEndMessages,
  type CompanyYearRecord,
  type Distribution,
  type DistributionRecord,
  type Profits,
  type YearMonth,
} from '../../../src/schemas/year-end'
import { releaseGuide } from '../bank/reconciliation/writes'
import { calculate } from '../simples/calculate'
import { guideViewOf, issueGuide, type NewGuide } from '../simples/guides'
import { basisOf, storeSources } from '../simples/sources'
import type { Store } from '../../store/database'
import {
  changeYear,
  distributionTotals,
  limitOver,
  monthRuns,
  saveYear,
  yearOf,
} from './company-year'
import { invalid, missing, refused } from './errors'
import { requireYearBegun, requireYearFacts, type YearFacts } from './facts'
import { monthsOfActivity, yearMonthOf } from '../../../src/kernel/tax/year-end/months'

// The profits a partner may take tax-free over a year, the distributions paid, and the income
// tax withheld on them from 2026 with its DARF 1841 (src/kernel/tax/year-end has the rules).

const reais = (cents: number) => cents / 100
const monthText = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`

export const profitsWarnings = {
  literal: (das: string, literal: string) =>
    `Pela letra da LC 123/2006 (art. 14, § 1º), o limite descontaria todo o DAS do período (${das}), e não só o IRPJ: seria ${literal}. A Receita desconta só o IRPJ (Resolução CGSN 140/2018, art. 145, § 1º; SC Cosit 244/2025).`,
  preview: (months: string) =>
    `${months}: ${months.includes(',') || months.includes(' a ') ? 'competências ainda não fechadas' : 'competência ainda não fechada'} — os valores são uma prévia e mudam com as notas e o fechamento.`,
  above: (distributed: string, limit: string, excess: string) =>
    `Já foram distribuídos ${distributed}, acima do limite de ${limit}: ${excess} são rendimento tributável dos sócios na declaração anual.`,
  booksLower: (books: string) =>
    `O lucro contábil registrado (${books}) é menor que o limite pela presunção: vale o limite pela presunção (LC 123/2006, art. 14, § 1º).`,
  construction:
    'Obras por empreitada com fornecimento de todos os materiais têm presunção de 8 %, não 32 %: se for o caso, confirme com a contabilidade.',
} as const

/** The months of a year counted for its profits: closed ones as frozen, the others calculated now. */
export function yearMonths(store: Store, facts: YearFacts, year: number, today: string) {
  const companyId = facts.company.id
  const closed = new Map(
    store.closedMonths
      .find({ where: { companyId, period: { from: `${year}-01`, to: `${year}-12` } } })
      .map((month) => [month.period, month] as const),
  )
  const sources = storeSources(store)
  const figures: YearMonth[] = []
  const months: string[] = []
  const preview: string[] = []
  for (const period of monthsOfActivity(year, facts.openedOn, today)) {
    const frozen = closed.get(period)
    if (frozen) {
      figures.push(yearMonthOf(frozen.calculation))
      months.push(period)
      continue
    }
    try {
      figures.push(yearMonthOf(calculate(facts, period, basisOf(sources, facts, period))))
      months.push(period)
      preview.push(period)
    } catch (error) {
      // A month the calculation cannot take (before the start of activity) counts nothing.
      if (!(error instanceof RangeError)) throw error
    }
  }
  return { figures, months, preview, closed }
}

const distributionsOf = (store: Store, companyId: string, year: number) =>
  store.distributions
    .find({
      where: { companyId, date: { from: `${year}-01-01`, to: `${year}-12-31` } },
      order: 'date',
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt))

/** The DARF 1841 now owed for a month of payments (its pending guide, else the last one paid). */
function monthGuide(store: Store, record: CompanyYearRecord, month: string, today: string) {
  const ids = record.darfs[month] ?? []
  for (const id of [...ids].reverse()) {
    const view = guideViewOf(store, id, today)
    if (view && view.status === 'pending') return view
  }
  return ids.length ? guideViewOf(store, ids.at(-1)!, today) : null
}

const distributionView = (
  store: Store,
  record: CompanyYearRecord,
  distribution: DistributionRecord,
  today: string,
  warnings: MonthIssue[] = [],
): Distribution => ({
  ...distribution,
  guide:
    distribution.irrf > 0 ? monthGuide(store, record, distribution.date.slice(0, 7), today) : null,
  warnings,
})

function warningsOf(
  limit: ExemptProfits,
  preview: string[],
  distributed: number,
  facts: YearFacts,
) {
  const warnings: MonthIssue[] = []
  if (preview.length)
    warnings.push({ code: 'preview-months', message: profitsWarnings.preview(monthRuns(preview)) })
  if (distributed > limit.exemptLimit)
    warnings.push({
      code: 'above-exempt',
      message: profitsWarnings.above(
        formatCents(distributed),
        formatCents(limit.exemptLimit),
        formatCents(distributed - limit.exemptLimit),
      ),
    })
  if (limit.booksProfit !== null && limit.basis === 'presumption')
    warnings.push({
      code: 'books-lower',
      message: profitsWarnings.booksLower(formatCents(limit.booksProfit)),
    })
  if (limit.das > limit.irpj)
    warnings.push({
      code: 'literal-reading',
      message: profitsWarnings.literal(formatCents(limit.das), formatCents(limit.literalLimit)),
    })
  if (facts.activities.some((activity) => ['41', '42', '43'].includes(activity.code.slice(0, 2))))
    warnings.push({ code: 'construction', message: profitsWarnings.construction })
  return warnings
}

/** `GET /companies/{id}/profits/{year}`. */
export function profitsView(store: Store, company: Company, year: number, today: string): Profits {
  requireYearBegun(year, today)
  const facts = requireYearFacts(store, company, 'simples')
  const record = yearOf(store, facts, year, new Date().toISOString())
  const { figures, months, preview } = yearMonths(store, facts, year, today)
  const limit = limitOver(figures, record, facts)
  const distributions = distributionsOf(store, company.id, year)
  const distributed = distributions.reduce((total, d) => total + toCents(d.amount), 0)
  const withheld = distributions.reduce((total, d) => total + toCents(d.irrf), 0)
  const byPartner = new Map<string, { received: number; irrf: number }>()
  for (const distribution of distributions) {
    const row = byPartner.get(distribution.partnerId) ?? { received: 0, irrf: 0 }
    row.received += toCents(distribution.amount)
    row.irrf += toCents(distribution.irrf)
    byPartner.set(distribution.partnerId, row)
  }
  const shares = exemptShares(
    facts.partners.map((partner) => ({
      partnerId: partner.partnerId,
      amount: byPartner.get(partner.partnerId)?.received ?? 0,
    })),
    limit.exemptLimit,
  )
  return {
    companyId: company.id,
    year,
    months,
    previewMonths: preview,
    revenue: reais(limit.revenue),
    presumptionRate: limit.presumptionRate / 10_000,
    presumed: reais(limit.presumed),
    irpjInDas: reais(limit.irpj),
    das: reais(limit.das),
    presumedLimit: reais(limit.presumedLimit),
    literalLimit: reais(limit.literalLimit),
    exemptLimit: reais(limit.exemptLimit),
    distributed: reais(distributed),
    available: reais(Math.max(0, limit.exemptLimit - distributed)),
    withheld: reais(withheld),
    basis: limit.basis,
    books: record.books,
    activities: limit.activities.map((activity) => ({
      cnae: activity.cnae,
      text: activity.text,
      annex: activity.annex,
      kind: activity.kind,
      rate: activity.rate / 10_000,
      revenue: reais(activity.revenue),
      presumed: reais(activity.presumed),
      irpj: reais(activity.irpj),
    })),
    partners: facts.partners.map((partner, index) => ({
      partnerId: partner.partnerId,
      name: partner.name,
      cpf: partner.cpf,
      received: reais(shares[index]!.amount),
      irrf: reais(byPartner.get(partner.partnerId)?.irrf ?? 0),
      exempt: reais(shares[index]!.exempt),
      taxable: reais(shares[index]!.taxable),
    })),
    distributions: distributions.map((d) => distributionView(store, record, d, today)),
    warnings: warningsOf(limit, preview, distributed, facts),
  }
}

/** The pending guides of a month's DARF and the recalculations that replaced them. */
function pendingChain(store: Store, ids: readonly string[]) {
  const out: string[] = []
  const queue = ids.filter((id) => store.documents.get(id)?.status === 'pending')
  while (queue.length) {
    const id = queue.shift()!
    out.push(id)
    for (const next of store.taxGuides.find({ where: { replaces: id } }))
      if (store.documents.get(next.id)?.status === 'pending') queue.push(next.id)
  }
  return out
}

/**
 * Makes the month's DARF 1841 say what the month's distributions withheld (inside store.write):
 * the guides still pending are replaced by one for what is owed beyond the guides paid; nothing
 * changes when the pending one is right. Refused when the guides paid are more than is now owed.
 */
function syncMonthDarf(
  store: Store,
  facts: YearFacts,
  record: CompanyYearRecord,
  month: string,
  by: string,
  now: string,
): { record: CompanyYearRecord; issued: string[] } {
  const companyId = facts.company.id
  const rows = store.distributions.find({
    where: { companyId, date: { from: `${month}-01`, to: `${month}-31` } },
    order: 'date',
  })
  const owed = rows.reduce((total, row) => total + toCents(row.irrf), 0)
  const ids = record.darfs[month] ?? []
  const documents = ids.flatMap((id) => store.documents.get(id) ?? [])
  const paid = documents.filter((document) => document.status === 'paid')
  const paidCents = paid.reduce((total, document) => total + toCents(document.guia!.amount), 0)
  if (owed < paidCents) throw refused(yearEndMessages.darfPaid(month))
  const pending = documents.filter((document) => document.status === 'pending')
  if (
    pending.length === 1 &&
    toCents(pending[0]!.guia!.amount) === owed - paidCents &&
    owed - paidCents > 0
  )
    return { record, issued: [] }
  for (const id of pendingChain(
    store,
    pending.map((document) => document.id),
  )) {
    const document = store.documents.get(id)
    if (document) releaseGuide(store, document, now)
    store.documents.remove(id)
    store.taxGuides.remove(id)
  }
  const kept = paid.map((document) => document.id)
  const issued: string[] = []
  if (owed - paidCents > 0) {
    const { document } = issueGuide(
      store,
      darfGuide(facts.company, month, rows, { owed, paid: paidCents }, by, now),
    )
    issued.push(document.id)
  }
  return {
    record: { ...record, darfs: { ...record.darfs, [month]: [...kept, ...issued] } },
    issued,
  }
}

/**
 * The DARF 1841 of a month's payments (cents): what is owed beyond the guides paid, each
 * partner's withholding a line (one line of the difference for a complementary guide).
 */
export function darfGuide(
  company: Pick<Company, 'id'>,
  month: string,
  rows: readonly DistributionRecord[],
  amounts: { owed: number; paid: number },
  by: string,
  now: string,
  id?: string,
): NewGuide {
  const byPartner = new Map<string, { name: string; base: number; irrf: number }>()
  for (const row of rows) {
    if (row.irrf <= 0) continue
    const entry = byPartner.get(row.partnerId) ?? { name: row.name, base: 0, irrf: 0 }
    entry.base = Math.max(entry.base, toCents(row.monthTotal))
    entry.irrf += toCents(row.irrf)
    byPartner.set(row.partnerId, entry)
  }
  const complementary = amounts.paid > 0
  return {
    company,
    kind: 'DARF',
    title: `DARF ${DARF_CODE_DIVIDENDS}${complementary ? ' complementar' : ''} – IRRF sobre lucros e dividendos – pagamentos de ${monthText(month)}`,
    competence: month,
    amount: amounts.owed - amounts.paid,
    dueDate: darf1841DueDate(`${month}-01`),
    lines: complementary
      ? [
          {
            label: `Diferença do IRRF de ${monthText(month)}: devido ${formatCents(amounts.owed)}, já recolhido ${formatCents(amounts.paid)}`,
            amount: reais(amounts.owed - amounts.paid),
          },
        ]
      : [...byPartner.values()].map((entry) => ({
          label: `${entry.name}: 10 % sobre ${formatCents(entry.base)} de lucros no mês`,
          amount: reais(entry.irrf),
        })),
    createdBy: by,
    now,
    id,
  }
}

/** The withholding of a partner's payments in a month, recalculated (inside store.write). */
function rewithhold(store: Store, companyId: string, partnerId: string, month: string) {
  const rows = store.distributions
    .find({ where: { companyId, partnerId, month } })
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt))
  const computed = monthWithholding(
    rows.map((row) => ({
      id: row.id,
      date: row.date,
      amount: toCents(row.amount),
      excepted: row.fromResultsUpTo2025,
    })),
  )
  rows.forEach((row, index) => {
    const { irrf, monthTotal } = computed[index]!
    if (toCents(row.irrf) !== irrf || toCents(row.monthTotal) !== monthTotal)
      store.distributions.update({ ...row, irrf: reais(irrf), monthTotal: reais(monthTotal) })
  })
}

/** Withholding, DARF and the year's totals after a partner's month changed (inside store.write). */
function afterMonthChange(
  store: Store,
  facts: YearFacts,
  partnerId: string,
  month: string,
  by: string,
  now: string,
) {
  rewithhold(store, facts.company.id, partnerId, month)
  const year = Number(month.slice(0, 4))
  const synced = syncMonthDarf(store, facts, yearOf(store, facts, year, now), month, by, now)
  const totals = distributionTotals(store, facts.company.id, year)
  const record = saveYear(store, { ...synced.record, ...totals }, facts, now)
  return { record, issued: synced.issued }
}

export interface RecordDistributionInput {
  partnerId: string
  date: string
  amount: number
  fromResultsUpTo2025: boolean
  approvedOn?: string | null
}

/**
 * `POST /companies/{id}/profits/distributions`: records profits paid to a partner, withholds the
 * month's tax and (re)issues the month's DARF 1841. Refused: a stranger to the partners, a day
 * after today or before the company, an exception of results up to 2025 that does not apply.
 */
export function recordDistribution(
  store: Store,
  companyId: string,
  input: RecordDistributionInput,
  by: string,
  now: string,
  today: string,
) {
  const written = store.write(() => {
    const company = store.companies.get(companyId)
    if (!company) throw missing(yearEndMessages.notClient)
    const facts = requireYearFacts(store, company, 'simples')
    const partner = facts.partners.find((p) => p.partnerId === input.partnerId)
    if (!partner) throw invalid(yearEndMessages.unknownPartner(input.partnerId), ['partnerId'])
    if (input.date > today) throw invalid(yearEndMessages.futureDate, ['date'])
    if (facts.openedOn && input.date < facts.openedOn)
      throw invalid(yearEndMessages.beforeOpening(facts.openedOn), ['date'])
    if (input.fromResultsUpTo2025 && input.date >= WITHHOLDING_FROM) {
      const problem = resultsUpTo2025Problem(input.date, input.approvedOn)
      if (problem) throw invalid(problem, ['approvedOn'])
    }
    const id = `dist-${randomUUID()}`
    store.distributions.insert({
      id,
      companyId,
      partnerId: partner.partnerId,
      name: partner.name,
      cpf: partner.cpf,
      date: input.date,
      amount: input.amount,
      fromResultsUpTo2025: input.fromResultsUpTo2025,
      approvedOn: input.fromResultsUpTo2025 ? (input.approvedOn ?? null) : null,
      irrf: 0,
      monthTotal: 0,
      createdAt: now,
      createdBy: by,
    })
    const { record, issued } = afterMonthChange(
      store,
      facts,
      partner.partnerId,
      input.date.slice(0, 7),
      by,
      now,
    )
    return { id, record, issued, company }
  })
  const distribution = store.distributions.get(written.id)!
  // The warnings read the year as it is now (the months not closed calculated live).
  const profits = profitsView(store, written.company, Number(input.date.slice(0, 4)), today)
  const warnings: MonthIssue[] = []
  if (distribution.irrf > 0)
    warnings.push({
      code: 'withheld',
      message: yearEndMessages.withheld(
        formatCents(toCents(distribution.irrf)),
        monthText(input.date.slice(0, 7)),
      ),
    })
  const excess = Math.min(
    toCents(distribution.amount),
    toCents(profits.distributed) - toCents(profits.exemptLimit),
  )
  if (excess > 0)
    warnings.push({ code: 'above-exempt', message: yearEndMessages.exceeds(formatCents(excess)) })
  return {
    distribution: distributionView(store, written.record, distribution, today, warnings),
    issued: written.issued,
  }
}

/**
 * `DELETE /companies/{id}/profits/distributions/{distributionId}`: the month's withholding and
 * DARF follow; refused when the month's DARF was paid for more than is then owed.
 */
export function deleteDistribution(
  store: Store,
  companyId: string,
  distributionId: string,
  by: string,
  now: string,
) {
  return store.write(() => {
    const distribution = store.distributions.get(distributionId)
    if (!distribution || distribution.companyId !== companyId)
      throw missing(yearEndMessages.distributionNotFound)
    const company = store.companies.get(companyId)
    if (!company) throw missing(yearEndMessages.notClient)
    const facts = requireYearFacts(store, company, 'simples')
    store.distributions.remove(distributionId)
    const { issued } = afterMonthChange(
      store,
      facts,
      distribution.partnerId,
      distribution.date.slice(0, 7),
      by,
      now,
    )
    return { distribution, issued }
  })
}

/** `PUT /companies/{id}/profits/{year}/books`: the accounting profit the books show. */
export function recordBooks(
  store: Store,
  companyId: string,
  year: number,
  input: { profit: number; source: string; upTo: string },
  by: string,
  now: string,
  today: string,
) {
  requireYearBegun(year, today)
  if (input.upTo.slice(0, 4) !== String(year))
    throw invalid(yearEndMessages.booksUpTo(year), ['upTo'])
  if (input.upTo > today) throw invalid(yearEndMessages.booksFuture, ['upTo'])
  const books = { ...input, recordedAt: now, recordedBy: by }
  return changeYear(store, { companyId, year, regime: 'simples', now }, (record) => ({
    ...record,
    books,
  }))
}

/** `DELETE /companies/{id}/profits/{year}/books`: back to the presumption. */
export function clearBooks(
  store: Store,
  companyId: string,
  year: number,
  now: string,
  today: string,
) {
  requireYearBegun(year, today)
  return changeYear(store, { companyId, year, regime: 'simples', now }, (record) => ({
    ...record,
    books: null,
  }))
}
