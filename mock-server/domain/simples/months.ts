import { guideOrCarry } from '../../../src/kernel/tax/minimum-guide'
import type { Company } from '../../../src/schemas/company'
import { competenceText, monthIndex, periodRange } from '../../../src/kernel/dates'
import {
  addMonths,
  dctfWebDueDate,
  fgtsDueDate,
  restatedWithoutLocalTaxes,
  simplesTaxLabels,
  type SimplesTax,
} from '../../../src/kernel/tax'
import type { BankTransaction } from '../../../src/schemas/bank'
import type { CompanyDocument } from '../../../src/schemas/document'
import {
  closedMonthRecordSchema,
  monthKey,
  simplesMessages,
  type Carry,
  type ClosedMonthRecord,
  type MonthGuide,
  type MonthIssue,
  type PayrollRecord,
  type RestatedMonth,
  type SimplesMonthView,
  type TaxGuideRecord,
} from '../../../src/schemas/simples/api'
import { formatCents, toCents } from '../../../src/kernel/money'
import { invalid, conflict } from '../errors'
import type { Store } from '../../store/database'
import { calculate, type Calculation } from './calculate'
import { factsOf, type CompanyFacts } from './facts'
import { guideViewOf, issueGuides, type NewGuide } from './guides'
import { closingPayroll, storedPayroll } from './payroll'
import { storedMonthOf } from './sources'
import { yearAfterMonthClose } from '../year-end/reactions'

// A company's month as the API answers it: live while open (calculated from its invoices,
// declared revenue, the revenue before us and payroll), frozen once the accountant closes it;
// what keeps it from closing; closing it, which publishes the DAS (or DAS-MEI), the payroll's
// DCTFWeb DARF and FGTS guide — a DAS or DARF under R$ 10,00 carried to the next competence.

export const missingMessages = {
  payroll: (fatorR: boolean) =>
    `Folha do mês (pró-labore dos sócios e salários dos empregados) não lançada: ela decide ${fatorR ? 'o fator R, a DCTFWeb e o FGTS' : 'a DCTFWeb e o FGTS'}.`,
  payrollWithEmployees: (count: number, fatorR: boolean) =>
    `Folha do mês não lançada: o pró-labore e ${count === 1 ? 'o empregado' : `os ${count} empregados`} do mês anterior (salário, dependentes), que decidem ${fatorR ? 'o fator R, a DCTFWeb e o FGTS' : 'a DCTFWeb e o FGTS'}.`,
  notOver: (period: string) =>
    `A competência ${competenceText(period)} ainda não terminou: o fechamento é a partir do dia 1º do mês seguinte.`,
  future: 'Essa competência ainda não começou.',
  creditsWithoutInvoice: (count: number, amount: string) =>
    count === 1
      ? `Uma entrada no extrato sem nota fiscal (${amount}): emita a nota ou concilie a entrada na Conciliação.`
      : `${count} entradas no extrato sem nota fiscal (${amount}): emita as notas ou concilie as entradas na Conciliação.`,
  revenueHistory: (months: readonly string[]) =>
    `Receita de antes do sistema não informada (${months.map(competenceText).join(', ')}): declare-a no histórico de receita, do PGDAS-D da contabilidade anterior, para a RBT12 sair certa.`,
  openingUnknown:
    'O início de atividade (data de abertura do CNPJ) não consta do cadastro da Receita: sem ele não dá para saber a RBT12 de uma empresa com menos de 13 meses. Confira o CNPJ da empresa.',
  payrollProblem: (message: string) => `Folha do mês: ${message}`,
} as const

/**
 * Credits of a month (`YYYY-MM`) no invoice explains — neither matched nor suggested: revenue the
 * accountant must hear about (the month's DAS includes it), as the reconciliation left them
 * (mock-server/domain/bank/reconciliation/writes.ts writes their records). Oldest first.
 */
export function creditsWithoutInvoice(
  store: Store,
  companyId: string,
  period: string,
): BankTransaction[] {
  const date = periodRange(period)
  if (!date) return []
  const records = store.reconciliations.find({
    where: { companyId, status: 'unmatched', side: 'credit', date },
    order: 'date ASC, id ASC',
  })
  return store.bankTransactions
    .docsOfKeys(records.map((r) => r.transactionId))
    .map((doc) => JSON.parse(doc) as BankTransaction)
}

/**
 * Revenue of the month that the bank reconciliation found without an invoice: the DAS is due on
 * all the month's revenue (LC 123/2006, art. 18, § 3º: receita bruta auferida), so a credit no
 * invoice explains keeps the month open until an invoice is issued for it (the reconciliation's
 * "Receita sem nota" starts one) and matched. The single place where the two meet.
 */
export function reconciliationIssues(store: Store, company: Company, period: string): MonthIssue[] {
  const credits = creditsWithoutInvoice(store, company.id, period)
  if (credits.length === 0) return []
  const cents = credits.reduce((total, credit) => total + toCents(credit.amount), 0)
  return [
    {
      code: 'credits-without-invoice',
      message: missingMessages.creditsWithoutInvoice(credits.length, formatCents(cents)),
    },
  ]
}

/**
 * Whether a period's RBT12 rule is settled without the start of activity: a company active with
 * us since 12 months or more before the period has at least 12 months of activity behind it.
 */
function startSettles(facts: Pick<CompanyFacts, 'openedOn' | 'activeSince'>, period: string) {
  if (facts.openedOn) return true
  return (
    facts.activeSince !== null &&
    monthIndex(period) - monthIndex(facts.activeSince.slice(0, 7)) >= 12
  )
}

/** The problems of a calculation as the API lists what is missing. */
const issuesOf = (calculation: Calculation): MonthIssue[] =>
  calculation.problems.map(({ code, message }) => ({ code, message }))

/**
 * What keeps an open month from being closed; `entered`: whether the month's payroll is entered,
 * when the caller read it already (a close reads it once: closeMonth).
 */
export function missingOf(
  store: Store,
  facts: CompanyFacts,
  calculation: Calculation,
  today: string,
  missingMonths: readonly string[],
  entered?: boolean,
): MonthIssue[] {
  const { company } = facts
  const { period } = calculation
  const missing: MonthIssue[] = []
  const current = today.slice(0, 7)
  // A MEI's DAS-MEI is fixed: its guide may be published during the month itself.
  if (calculation.regime === 'simples' ? period >= current : period > current)
    missing.push({ code: 'month-not-over', message: missingMessages.notOver(period) })
  if (calculation.regime === 'simples') {
    if (!startSettles(facts, period))
      missing.push({ code: 'opening-unknown', message: missingMessages.openingUnknown })
    if (missingMonths.length > 0)
      missing.push({
        code: 'revenue-history-missing',
        message: missingMessages.revenueHistory(missingMonths),
      })
    if (!(entered ?? store.payrolls.exists({ id: monthKey(company.id, period) }))) {
      const before = storedPayroll(store.payrolls.get(monthKey(company.id, addMonths(period, -1))))
      const employees = before?.employees.length ?? 0
      missing.push({
        code: 'payroll-missing',
        message: employees
          ? missingMessages.payrollWithEmployees(employees, calculation.subjectToFatorR)
          : missingMessages.payroll(calculation.subjectToFatorR),
      })
    }
  }
  missing.push(...issuesOf(calculation), ...reconciliationIssues(store, company, period))
  return missing
}

/** Issued invoices of a closed competence whose issue came after the close. */
function lateInvoicesOf(store: Store, companyId: string, period: string, closedAt: string) {
  return store.nfsRequests
    .find({ where: { companyId, status: 'issued', month: period }, order: 'date, id' })
    .filter((request) => request.issuedAt !== null && request.issuedAt > closedAt)
    .map((request) => ({
      id: request.id,
      number: request.number,
      date: request.date,
      totalValue: request.totalValue,
      issuedAt: request.issuedAt,
    }))
}

/**
 * The live calculation of an open month from the company's facts, read before: the store's
 * reads of the month, then the calculation (400 for a month before the start or not begun).
 */
function calculationOf(store: Store, facts: CompanyFacts, period: string, today: string) {
  if (period > today.slice(0, 7)) throw invalid(missingMessages.future)
  try {
    const { basis, missingMonths } = storedMonthOf(store, facts, period)
    return { calculation: calculate(facts, period, basis), missingMonths }
  } catch (error) {
    if (error instanceof RangeError) throw invalid(error.message)
    throw error
  }
}

/** The live calculation of an open month, with the company's facts and the months it lacks. */
export function liveCalculation(store: Store, company: Company, period: string, today: string) {
  const facts = factsOf(store, company)
  if (!facts) throw conflict(simplesMessages.notSimples)
  return { facts, ...calculationOf(store, facts, period, today) }
}

/** A stored closed month with the fields an older record lacks filled in. */
const storedClosed = (record: ClosedMonthRecord | undefined) =>
  record ? closedMonthRecordSchema.parse(record) : undefined

/**
 * The opening year's closed months done again without ICMS and ISS, when this month takes the
 * year more than 20 % over the proportional sublimit (its effect goes back to the start).
 */
function restatedOf(store: Store, calculation: Calculation): RestatedMonth[] {
  if (calculation.limits?.sublimitEffect !== 'retroactive') return []
  const january = `${calculation.period.slice(0, 4)}-01`
  return store.closedMonths
    .find({ where: { companyId: calculation.companyId } })
    .map((record) => closedMonthRecordSchema.parse(record))
    .filter(
      (month) =>
        month.period >= january &&
        month.period < calculation.period &&
        month.calculation.regime === 'simples' &&
        !month.calculation.sublimit.impeded,
    )
    .sort((a, b) => a.period.localeCompare(b.period))
    .map((month) => restatedWithoutLocalTaxes(month.calculation))
}

/** A closed month as the API answers it, with its DAS's view (`guide`) given by the caller. */
export function closedView(
  store: Store,
  closed: ClosedMonthRecord,
  guide: MonthGuide | null,
): SimplesMonthView {
  return {
    ...closed.calculation,
    status: closed.status,
    missing: [],
    missingMonths: [],
    restated: restatedOf(store, closed.calculation),
    carry: closed.carry,
    guide,
    closedAt: closed.closedAt,
    lateInvoices: lateInvoicesOf(store, closed.companyId, closed.period, closed.closedAt),
  }
}

/** `GET /companies/{id}/simples/{period}`. */
export function monthView(
  store: Store,
  company: Company,
  period: string,
  today: string,
): SimplesMonthView {
  const closed = storedClosed(store.closedMonths.get(monthKey(company.id, period)))
  if (closed) return closedView(store, closed, guideViewOf(store, closed.dasDocumentId, today))
  const { facts, calculation, missingMonths } = liveCalculation(store, company, period, today)
  const payroll = storedPayroll(store.payrolls.get(monthKey(company.id, period)))
  return {
    ...calculation,
    status: 'open',
    missing: missingOf(store, facts, calculation, today, missingMonths),
    missingMonths,
    restated: restatedOf(store, calculation),
    carry: carryPreview(store, company.id, calculation, payroll),
    guide: null,
    closedAt: null,
    lateInvoices: [],
  }
}

/** Where a close writes (the store, or the seed's arrays). */
export interface MonthWriter {
  documents: { insert(document: CompanyDocument): unknown }
  taxGuides: { insert(guide: TaxGuideRecord): unknown }
  closedMonths: {
    insert(month: ClosedMonthRecord): unknown
    find(query: { where: { companyId: string } }): ClosedMonthRecord[]
    update(month: ClosedMonthRecord): unknown
  }
  payrolls: { get(id: string): PayrollRecord | undefined; put(record: PayrollRecord): unknown }
}

type GuideKind = 'das' | 'darf'

/** Closed months before a period whose guide under R$ 10,00 was carried and not yet paid with another. */
function pendingCarries(
  closedMonths: MonthWriter['closedMonths'],
  companyId: string,
  period: string,
  kind: GuideKind,
) {
  // Most months carry nothing: only those that do are parsed (a record older than the carry has
  // no `carry` nor `carriedInto`, which the schema fills with none).
  return closedMonths
    .find({ where: { companyId } })
    .filter(
      (month) =>
        month.period < period &&
        (month.carry?.[kind]?.carriedOut ?? 0) > 0 &&
        !month.carriedInto?.[kind],
    )
    .map((month) => closedMonthRecordSchema.parse(month))
    .sort((a, b) => a.period.localeCompare(b.period))
}

const carryOf = (
  own: number,
  pending: readonly ClosedMonthRecord[],
  kind: GuideKind,
): Carry & { payable: number } => {
  const carriedIn = pending.reduce(
    (total, month) => total + toCents(month.carry[kind].carriedOut),
    0,
  )
  const result = guideOrCarry(own, carriedIn)
  return {
    carriedIn: carriedIn / 100,
    from: pending.map((month) => month.period),
    carriedOut: result.carriedOut / 100,
    payable: result.payable,
  }
}

/** What an open month's guides would add from earlier months, or carry on. */
function carryPreview(
  store: Store,
  companyId: string,
  calculation: Calculation,
  payroll: PayrollRecord | undefined,
) {
  const strip = ({ payable: _payable, ...carry }: Carry & { payable: number }) => carry
  return {
    das: strip(
      carryOf(
        toCents(calculation.das.amount),
        pendingCarries(store.closedMonths, companyId, calculation.period, 'das'),
        'das',
      ),
    ),
    darf: strip(
      carryOf(
        payroll ? toCents(payroll.darf) : 0,
        pendingCarries(store.closedMonths, companyId, calculation.period, 'darf'),
        'darf',
      ),
    ),
  }
}

const carriedLine = (carry: Carry) =>
  carry.carriedIn > 0
    ? [
        {
          label: `Competências anteriores abaixo de R$ 10,00 (${carry.from.map(competenceText).join(', ')}; Lei nº 9.430/1996, art. 68)`,
          amount: carry.carriedIn,
        },
      ]
    : []

const percent = (value: number, digits = 2) =>
  `${value.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: 4 })} %`

/** The DCTFWeb DARF's lines: what was withheld, and the CPP outside the DAS with its terms. */
function darfLines(payroll: PayrollRecord): TaxGuideRecord['lines'] {
  const outside = payroll.cppOutside
  return [
    { label: 'INSS retido dos sócios (11 %)', amount: payroll.inss },
    { label: 'IRRF retido do pró-labore', amount: payroll.irrf },
    { label: 'INSS retido dos empregados', amount: payroll.employeesInss },
    { label: 'IRRF retido dos salários', amount: payroll.employeesIrrf },
    ...(outside && outside.amount > 0
      ? [
          {
            label: `CPP fora do DAS (Anexo IV): (20 % × ${formatCents(toCents(payroll.proLabore + payroll.salaries))}${outside.rat !== null && payroll.salaries > 0 ? ` + RAT ${percent(outside.rat, 0)} × FAP ${outside.fap.toLocaleString('pt-BR', { minimumFractionDigits: 4 })} × ${formatCents(toCents(payroll.salaries))}` : ''})${outside.onlyAnnexIv ? '' : ` × ${formatCents(toCents(outside.annexIvRevenue))} ÷ ${formatCents(toCents(outside.totalRevenue))}`}`,
            amount: outside.amount,
          },
        ]
      : []),
  ].filter((line) => line.amount > 0)
}

/** The guides a closed month publishes and the record that freezes it. */
export function closedMonthRecords(
  store: MonthWriter,
  facts: Pick<CompanyFacts, 'company' | 'activities'>,
  calculation: Calculation,
  by: string,
  now: string,
  ids: { das?: string; darf?: string; fgts?: string } = {},
  today?: string,
) {
  const { company } = facts
  const { period } = calculation
  const competence = competenceText(period)
  const dasPending = pendingCarries(store.closedMonths, company.id, period, 'das')
  const dasCarry = carryOf(toCents(calculation.das.amount), dasPending, 'das')
  const dasGuide: NewGuide | null =
    dasCarry.payable > 0 && calculation.das.dueDate
      ? {
          company,
          kind: 'DAS',
          title:
            calculation.regime === 'mei'
              ? `DAS-MEI – competência ${competence}`
              : `DAS – Simples Nacional – competência ${competence}`,
          competence: period,
          amount: dasCarry.payable,
          dueDate: calculation.das.dueDate,
          lines: [
            ...(calculation.regime === 'mei' && calculation.dasMei
              ? [
                  { label: 'INSS (5 % do salário mínimo)', amount: calculation.dasMei.inss },
                  { label: 'ICMS', amount: calculation.dasMei.icms },
                  { label: 'ISS', amount: calculation.dasMei.iss },
                ].filter((line) => line.amount > 0)
              : Object.entries(calculation.taxes)
                  .filter(([, amount]) => amount > 0)
                  .map(([tax, amount]) => ({
                    label: simplesTaxLabels[tax as SimplesTax],
                    amount,
                  }))),
            ...carriedLine(dasCarry),
          ],
          createdBy: by,
          now,
          id: ids.das,
        }
      : null
  // The payroll's CPP outside the DAS follows the month's final revenue split.
  const payroll = closingPayroll(store.payrolls, facts, calculation)
  const darfPending = pendingCarries(store.closedMonths, company.id, period, 'darf')
  const darfCarry = carryOf(payroll ? toCents(payroll.darf) : 0, darfPending, 'darf')
  const darfGuide: NewGuide | null =
    darfCarry.payable > 0
      ? {
          company,
          kind: 'DARF',
          title: `DARF DCTFWeb – INSS e IRRF da folha – competência ${competence}`,
          competence: period,
          amount: darfCarry.payable,
          dueDate: dctfWebDueDate(period),
          lines: [...(payroll ? darfLines(payroll) : []), ...carriedLine(darfCarry)],
          createdBy: by,
          now,
          id: ids.darf,
        }
      : null
  const fgtsCents = payroll ? toCents(payroll.fgts) : 0
  const fgtsGuide: NewGuide | null =
    payroll && fgtsCents > 0
      ? {
          company,
          kind: 'FGTS',
          title: `FGTS Digital (GFD) – competência ${competence}`,
          competence: period,
          amount: fgtsCents,
          dueDate: fgtsDueDate(period),
          lines: payroll.employees.map((employee) => ({
            label: `FGTS 8 % – ${employee.name}`,
            amount: employee.fgts,
          })),
          createdBy: by,
          now,
          id: ids.fgts,
        }
      : null
  // The three guides written in one call, once the payroll is known (DAS, DARF, FGTS: the order
  // they were always written in).
  const { das, darf, fgts } = issueGuides(
    store,
    { das: dasGuide, darf: darfGuide, fgts: fgtsGuide },
    today,
  )
  // The earlier months whose carried amounts these guides took.
  for (const [kind, pending, guide] of [
    ['das', dasPending, das],
    ['darf', darfPending, darf],
  ] as const)
    if (guide)
      for (const month of pending) {
        month.carriedInto = { ...month.carriedInto, [kind]: period }
        store.closedMonths.update(month)
      }
  const strip = ({ payable: _payable, ...carry }: Carry & { payable: number }) => carry
  const record: ClosedMonthRecord = {
    id: monthKey(company.id, period),
    companyId: company.id,
    period,
    status: 'closed',
    calculation,
    dasDocumentId: das?.document.id ?? null,
    darfDocumentId: darf?.document.id ?? null,
    fgtsDocumentId: fgts?.document.id ?? null,
    carry: { das: strip(dasCarry), darf: strip(darfCarry) },
    carriedInto: { das: null, darf: null },
    closedAt: now,
    closedBy: by,
  }
  store.closedMonths.insert(record)
  return { record, das, darf, fgts }
}

/**
 * The store as a close writes it, with what the close has read already: the month's payroll
 * (`payroll`, read for what is missing) and the company's closed months, read once for both
 * guides' carries (pendingCarries, which keeps what it reads as read) until the close writes one.
 */
function readOnce(
  store: Store,
  companyId: string,
  period: string,
  payroll: PayrollRecord | undefined,
): MonthWriter {
  const key = monthKey(companyId, period)
  let closed: ClosedMonthRecord[] | undefined
  return {
    documents: store.documents,
    taxGuides: store.taxGuides,
    closedMonths: {
      find: (query) =>
        query.where.companyId === companyId
          ? (closed ??= store.closedMonths.find({ where: { companyId } }))
          : store.closedMonths.find(query),
      insert: (month) => {
        closed = undefined
        return store.closedMonths.insert(month)
      },
      update: (month) => {
        closed = undefined
        return store.closedMonths.update(month)
      },
    },
    payrolls: {
      get: (id) => (id === key ? payroll : store.payrolls.get(id)),
      put: (record) => {
        if (record.id === key) payroll = record
        return store.payrolls.put(record)
      },
    },
  }
}

/**
 * Closes a month (inside store.write, from a fresh read): 409 when closed already, when it has
 * not ended or when something is missing; freezes the calculation and publishes the guides.
 */
export function closeMonth(
  store: Store,
  companyId: string,
  period: string,
  by: string,
  now: string,
  today: string,
) {
  // The facts once (domain/simples/facts.ts), then the month's reads and its calculation, then
  // the writes: nothing below goes back to them.
  const company = store.companies.get(companyId)
  const facts = company ? factsOf(store, company) : null
  if (!facts?.client) throw conflict(simplesMessages.notSimples)
  if (store.closedMonths.exists({ id: monthKey(companyId, period) }))
    throw conflict(simplesMessages.alreadyClosed(period))
  const { calculation, missingMonths } = calculationOf(store, facts, period, today)
  // The month's payroll read once: whether it is entered, then the guides it makes.
  const payroll = store.payrolls.get(monthKey(companyId, period))
  const missing = missingOf(store, facts, calculation, today, missingMonths, payroll !== undefined)
  if (missing.length > 0)
    throw conflict(simplesMessages.cannotClose(missing.map((issue) => issue.message).join(' ')))
  const closed = closedMonthRecords(
    readOnce(store, companyId, period, payroll),
    facts,
    calculation,
    by,
    now,
    {},
    today,
  )
  // The year keeps the month it counts (its year-end queue row follows, in this transaction).
  yearAfterMonthClose(store, facts.company, calculation, now, facts)
  return {
    ...closed,
    /** The guides it published (its DAS or DAS-MEI, the payroll's DARF and FGTS guide). */
    guideIds: [closed.das, closed.darf, closed.fgts].flatMap((guide) =>
      guide ? [guide.document.id] : [],
    ),
    /** Its DAS as the month's page shows it (null: none issued, under R$ 10,00 carried on). */
    guide: closed.das?.view ?? null,
  }
}

/**
 * A month just closed as `GET /companies/{id}/simples/{period}` answers it once the close
 * commits (one close answers it; the queue's bulk close answers only each DAS).
 */
export const closedMonthView = (store: Store, closed: ReturnType<typeof closeMonth>) =>
  closedView(store, storedClosed(closed.record)!, closed.guide)
