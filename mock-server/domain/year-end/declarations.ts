import {
  dasnSimei,
  dasnSimeiLateFine,
  defisLateFine,
  deliverableFrom,
  type LateFine,
} from '../../../src/kernel/tax/year-end'
import type { Company } from '../../../src/schemas/company'
import { toCents } from '../../../src/kernel/money'
import { addDays, dasMeiOf } from '../../../src/kernel/tax'
import {
  yearEndMessages,
  type CompanyYearRecord,
  type Dasn,
  type DasnCompletion,
  type DeclarationStatus,
  type Defis,
  type DefisCompletion,
  type LateFineView,
  type MissingItem,
} from '../../../src/schemas/year-end'
import type { Store } from '../../store/database'
import { changeYear, dasnMissing, defisMissing, limitOver, yearOf } from './company-year'
import { invalid, refused } from './errors'
import { requireYearBegun, requireYearFacts, type YearFacts } from './facts'
import { meiKindOf, monthsOfActivity, yearMonthOf } from '../../../src/kernel/tax/year-end/months'
import { partnerFigures } from './income-reports'

// The yearly declarations the accountant files: the DEFIS of a Simples Nacional company (LC
// 123/2006, art. 25; Res. CGSN 140/2018, art. 72) and the DASN-SIMEI of a MEI (LC 123/2006, art.
// 18-A) — assembled from what the product knows, completed by the accountant (PUT), delivered
// with the receipt of the Receita's system (POST …/deliver), with the late fine after the due
// date.

const reais = (cents: number) => cents / 100

const fineView = (fine: LateFine | null): LateFineView | null =>
  fine && {
    dueDate: fine.dueDate,
    deliveredOn: fine.deliveredOn,
    months: fine.months,
    taxes: reais(fine.taxes),
    rate: fine.rate / 10_000,
    gross: reais(fine.gross),
    reduction: reais(fine.reduction),
    minimum: reais(fine.minimum),
    fine: reais(fine.fine),
  }

/** The status a declaration shows: delivered; late past its due date; else complete or not. */
export function statusOf(
  record: Pick<CompanyYearRecord, 'delivery' | 'dueDate'>,
  missingCount: number,
  today: string,
): DeclarationStatus {
  if (record.delivery) return 'delivered'
  if (today > record.dueDate) return 'late'
  return missingCount === 0 ? 'ready' : 'to-complete'
}

/** The year with its closed months read from the months themselves (what the DEFIS declares). */
function withClosedMonths(store: Store, record: CompanyYearRecord): CompanyYearRecord {
  const months = store.closedMonths.find({
    where: {
      companyId: record.companyId,
      period: { from: `${record.year}-01`, to: `${record.year}-12` },
    },
  })
  return {
    ...record,
    months: Object.fromEntries(months.map((m) => [m.period, yearMonthOf(m.calculation)])),
  }
}

/** A bank account's balance at the end of a day, from its statement; null when it does not say. */
function balanceAt(store: Store, accountId: string, day: string): number | null {
  const account = store.bankAccounts.get(accountId)
  if (!account || account.balance === null || !account.balanceDate || day > account.balanceDate)
    return null
  const first = store.bankTransactions.first({ where: { accountId }, order: 'date' })
  if (!first || first.date > day) return null
  const after = store.bankTransactions
    .find({ where: { accountId, date: { from: addDays(day, 1) } } })
    .reduce((total, transaction) => total + toCents(transaction.amount), 0)
  return toCents(account.balance) - after
}

/** The bank balances at the start and end of the year, by account and in total. */
function statementBalances(store: Store, companyId: string, year: number): Defis['statements'] {
  const accounts = store.bankAccounts.find({ where: { companyId } }).map((account) => ({
    accountId: account.id,
    bankName: account.bankName,
    start: balanceAt(store, account.id, `${year - 1}-12-31`),
    end: balanceAt(store, account.id, `${year}-12-31`),
  }))
  const total = (side: 'start' | 'end') =>
    accounts.length > 0 && accounts.every((account) => account[side] !== null)
      ? reais(accounts.reduce((sum, account) => sum + account[side]!, 0))
      : null
  return {
    bankStart: total('start'),
    bankEnd: total('end'),
    accounts: accounts.map((account) => ({
      ...account,
      start: account.start === null ? null : reais(account.start),
      end: account.end === null ? null : reais(account.end),
    })),
  }
}

/** The year's debits by category (expenses and taxes; transfers are not expenses). */
function expensesOf(store: Store, companyId: string, year: number): Defis['expenses'] {
  const categories = new Map(store.taxCategories.all().map((category) => [category.id, category]))
  const byCategory = new Map<string, number>()
  for (const transaction of store.bankTransactions.find({
    where: { companyId, date: { from: `${year}-01-01`, to: `${year}-12-31` } },
  })) {
    if (transaction.amount >= 0) continue
    const category = transaction.taxCategoryId ? categories.get(transaction.taxCategoryId) : null
    if (category && category.kind !== 'expense' && category.kind !== 'tax') continue
    const key = category?.id ?? ''
    byCategory.set(key, (byCategory.get(key) ?? 0) - toCents(transaction.amount))
  }
  const rows = [...byCategory.entries()]
    .map(([id, cents]) => ({
      categoryId: id || 'sem-categoria',
      name: categories.get(id)?.name ?? 'Sem categoria',
      amount: reais(cents),
    }))
    .sort((a, b) => b.amount - a.amount)
  return { total: reais([...byCategory.values()].reduce((a, b) => a + b, 0)), byCategory: rows }
}

/** `GET /companies/{id}/defis/{year}`. */
export function defisView(store: Store, company: Company, year: number, today: string): Defis {
  requireYearBegun(year, today)
  const facts = requireYearFacts(store, company, 'simples')
  const record = withClosedMonths(store, yearOf(store, facts, year, new Date().toISOString()))
  return assembleDefis(store, facts, record, today)
}

function assembleDefis(
  store: Store,
  facts: YearFacts,
  record: CompanyYearRecord,
  today: string,
): Defis {
  const { year } = record
  const figures = Object.values(record.months)
  const other = record.defis?.otherMonths ?? null
  const limit = limitOver(figures, record, facts)
  const partners = partnerFigures(store, facts, year, limit.exemptLimit)
  const activities = figures.flatMap((month) => month.activities)
  const sum = (values: number[]) => values.reduce((total, value) => total + toCents(value), 0)
  const das = sum(figures.map((month) => month.das)) + toCents(other?.das ?? 0)
  const missingItems = defisMissing(record)
  return {
    companyId: record.companyId,
    year,
    dueDate: record.dueDate,
    deliverableFrom: deliverableFrom(year),
    status: statusOf(record, missingItems.length, today),
    partners: partners.map((row) => ({
      partnerId: row.partner.partnerId,
      name: row.partner.name,
      cpf: row.partner.cpf,
      capitalShare: row.partner.share,
      exemptIncome: reais(row.exemptProfits),
      taxableIncome: reais(row.proLabore + row.profits - row.exemptProfits),
      irrf: reais(row.irrf + row.profitsIrrf),
    })),
    months: {
      closed: Object.keys(record.months).sort(),
      other: other?.months ?? [],
      missing: monthsOfActivity(year, record.openedOn).filter(
        (month) => !record.months[month] && !(other?.months ?? []).includes(month),
      ),
    },
    revenue: reais(sum(figures.map((month) => month.revenue)) + toCents(other?.revenue ?? 0)),
    issWithheldRevenue: reais(sum(activities.map((activity) => activity.issWithheld))),
    exports: reais(sum(activities.map((activity) => activity.exported))),
    das: reais(das),
    exemptLimit: reais(limit.exemptLimit),
    accountingProfit: limit.basis === 'books' ? record.books!.profit : null,
    statements: statementBalances(store, record.companyId, year),
    payrollHadSalaries: store.payrolls
      .find({
        where: { companyId: record.companyId, period: { from: `${year}-01`, to: `${year}-12` } },
      })
      .some((payroll) => payroll.salaries > 0),
    expenses: expensesOf(store, record.companyId, year),
    completion: record.defis,
    missing: missingItems,
    delivery: record.delivery,
    fineToday:
      record.delivery || today <= record.dueDate ? null : fineView(defisLateFine(year, das, today)),
  }
}

function requireOpen(record: CompanyYearRecord) {
  if (record.delivery) throw refused(yearEndMessages.deliveredLocked)
}

/** `PUT /companies/{id}/defis/{year}`: what the accountant completes (replaces what was there). */
export function completeDefis(
  store: Store,
  companyId: string,
  year: number,
  input: DefisCompletion,
  now: string,
  today: string,
) {
  requireYearBegun(year, today)
  const months = input.otherMonths?.months ?? []
  months.forEach((month, index) => {
    if (month.slice(0, 4) !== String(year))
      throw invalid(yearEndMessages.otherMonthsYear(year), ['otherMonths', 'months', index])
  })
  return changeYear(store, { companyId, year, regime: 'simples', now }, (stored) => {
    const record = withClosedMonths(store, stored)
    requireOpen(record)
    months.forEach((month, index) => {
      if (record.months[month])
        throw invalid(yearEndMessages.otherMonthsOverlap(month), ['otherMonths', 'months', index])
    })
    const otherMonths = input.otherMonths && {
      ...input.otherMonths,
      months: [...new Set(months)].sort(),
    }
    return { ...record, defis: { ...input, otherMonths: otherMonths ?? null } }
  })
}

/** The delivery's checks common to both declarations, and its date. */
function deliveryDay(year: number, deliveredOn: string | undefined, today: string) {
  requireYearBegun(year, today)
  if (today <= `${year}-12-31`) throw refused(yearEndMessages.notOver(year))
  const day = deliveredOn ?? today
  if (day > today) throw invalid(yearEndMessages.deliveredInFuture, ['deliveredOn'])
  if (day < deliverableFrom(year))
    throw invalid(yearEndMessages.deliveredBeforeYearEnd(year), ['deliveredOn'])
  return day
}

/** The year delivered on `day`, once nothing is missing (refused when delivered already). */
function delivered(
  record: CompanyYearRecord,
  items: MissingItem[],
  delivery: { receipt: string; day: string; by: string; now: string; fine: LateFine | null },
): CompanyYearRecord {
  if (record.delivery) throw refused(yearEndMessages.alreadyDelivered)
  if (items.length)
    throw refused(yearEndMessages.cannotDeliver(items.map((item) => item.message).join(' ')))
  return {
    ...record,
    delivery: {
      receipt: delivery.receipt,
      deliveredOn: delivery.day,
      deliveredAt: delivery.now,
      deliveredBy: delivery.by,
      fine: fineView(delivery.fine),
    },
  }
}

/** `POST /companies/{id}/defis/{year}/deliver`: the DEFIS delivered, its receipt and late fine. */
export function deliverDefis(
  store: Store,
  companyId: string,
  year: number,
  input: { receipt: string; deliveredOn?: string },
  by: string,
  now: string,
  today: string,
) {
  const day = deliveryDay(year, input.deliveredOn, today)
  return changeYear(store, { companyId, year, regime: 'simples', now }, (stored) => {
    const record = withClosedMonths(store, stored)
    const das =
      Object.values(record.months).reduce((total, month) => total + toCents(month.das), 0) +
      toCents(record.defis?.otherMonths?.das ?? 0)
    const fine = defisLateFine(year, das, day)
    return delivered(record, defisMissing(record), { receipt: input.receipt, day, by, now, fine })
  })
}

// ---- DASN-SIMEI ----

/** The MEI's revenue of a year in the product, by kind (cents): NFS-e and declared revenue. */
function productRevenue(store: Store, facts: YearFacts, year: number) {
  const companyId = facts.company.id
  const months = { from: `${year}-01`, to: `${year}-12` }
  const kinds = { commerce: 0, industry: 0, services: 0 }
  for (const row of store.nfsRequests.groupSums([], 'cents', {
    companyId,
    status: 'issued',
    month: months,
  }))
    kinds.services += row.total
  for (const declared of store.declaredRevenues.find({ where: { companyId, period: months } }))
    for (const item of declared.items)
      kinds[meiKindOf(facts.activities, item.cnae)] += toCents(item.amount)
  return kinds
}

/** The year's DAS-MEI: the closed months' guides, the others at the fixed amount (cents). */
function dasMeiOfYear(store: Store, facts: YearFacts, year: number, today: string) {
  const closed = new Map(
    store.closedMonths
      .find({
        where: { companyId: facts.company.id, period: { from: `${year}-01`, to: `${year}-12` } },
      })
      .map((month) => [month.period, toCents(month.calculation.das.amount)] as const),
  )
  // A month not closed here: the DAS-MEI of that month's own minimum wage. A year whose minimum
  // wage is not in src/kernel/tax/parameters.ts yet is refused with the message that says so
  // (src/kernel/rule-data-missing.ts), as the payroll of such a year is: no amount is made up.
  const fixedOf = (month: string) => {
    const estimate = dasMeiOf(month, facts.activities)
    return estimate.kind === 'known' ? toCents(estimate.das.total) : 0
  }
  return monthsOfActivity(year, facts.openedOn, today).reduce(
    (total, month) => total + (closed.get(month) ?? fixedOf(month)),
    0,
  )
}

/** `GET /companies/{id}/dasn-simei/{year}`. */
export function dasnView(store: Store, company: Company, year: number, today: string): Dasn {
  requireYearBegun(year, today)
  const facts = requireYearFacts(store, company, 'mei')
  const record = yearOf(store, facts, year, new Date().toISOString())
  const product = productRevenue(store, facts, year)
  const other = record.dasn?.otherRevenue
  const revenue = {
    commerce: product.commerce + toCents(other?.commerce ?? 0),
    industry: product.industry + toCents(other?.industry ?? 0),
    services: product.services + toCents(other?.services ?? 0),
  }
  const result = dasnSimei({
    year,
    openedOn: facts.openedOn,
    revenue,
    activities: facts.activities,
  })
  const taxes = dasMeiOfYear(store, facts, year, today) + (result.complementaryDas?.amount ?? 0)
  const missingItems = dasnMissing(record)
  const byKind = (cents: typeof revenue) => ({
    commerce: reais(cents.commerce),
    industry: reais(cents.industry),
    services: reais(cents.services),
  })
  return {
    companyId: company.id,
    year,
    openedOn: facts.openedOn,
    dueDate: result.dueDate,
    deliverableFrom: deliverableFrom(year),
    status: statusOf(record, missingItems.length, today),
    revenue: byKind(revenue),
    fromProduct: byKind(product),
    hadEmployee: record.dasn?.hadEmployee ?? null,
    total: reais(result.total),
    limit: reais(result.limit),
    excess: reais(result.excess),
    excessShare: result.excessShare / 10_000,
    outcome: result.outcome,
    complementaryDas: result.complementaryDas && {
      amount: reais(result.complementaryDas.amount),
      dueDate: result.complementaryDas.dueDate,
      lines: result.complementaryDas.lines.map((line) => ({
        kind: line.kind,
        annex: line.annex,
        excess: reais(line.excess),
        rate: line.rate / 10_000,
        amount: reais(line.amount),
      })),
    },
    meFrom: result.meFrom,
    monthsToRecalculate: result.monthsToRecalculate,
    taxesDeclared: reais(taxes),
    yearOver: today > `${year}-12-31`,
    completion: record.dasn,
    missing: missingItems,
    delivery: record.delivery,
    fineToday:
      record.delivery || today <= result.dueDate
        ? null
        : fineView(dasnSimeiLateFine(year, taxes, today)),
  }
}

/** `PUT /companies/{id}/dasn-simei/{year}`. */
export function completeDasn(
  store: Store,
  companyId: string,
  year: number,
  input: DasnCompletion,
  now: string,
  today: string,
) {
  requireYearBegun(year, today)
  return changeYear(store, { companyId, year, regime: 'mei', now }, (record, facts) => {
    requireOpen(record)
    // Refused before anything is kept when the year's DAS-MEI cannot be told (dasMeiOfYear).
    dasMeiOfYear(store, facts, year, today)
    return { ...record, dasn: input }
  })
}

/** `POST /companies/{id}/dasn-simei/{year}/deliver`. */
export function deliverDasn(
  store: Store,
  companyId: string,
  year: number,
  input: { receipt: string; deliveredOn?: string },
  by: string,
  now: string,
  today: string,
) {
  const day = deliveryDay(year, input.deliveredOn, today)
  return changeYear(store, { companyId, year, regime: 'mei', now }, (record, facts) => {
    const taxes = toCents(dasnView(store, facts.company, year, today).taxesDeclared)
    const fine = dasnSimeiLateFine(year, taxes, day)
    return delivered(record, dasnMissing(record), { receipt: input.receipt, day, by, now, fine })
  })
}
