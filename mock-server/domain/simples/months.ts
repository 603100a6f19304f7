import type { Company } from '../../../src/schemas/company'
import {
  dctfWebDueDate,
  moneyText,
  simplesTaxLabels,
  type SimplesTax,
} from '../../../src/kernel/tax'
import type { CompanyDocument } from '../../../src/schemas/document'
import {
  simplesMessages,
  type ClosedMonthRecord,
  type MonthIssue,
  type PayrollRecord,
  type SimplesMonthView,
  type TaxGuideRecord,
} from '../../../src/schemas/simples/api'
import { toCents } from '../../../src/kernel/money'
import { creditsWithoutInvoice } from '../bank/reconciliation/reconciler'
import { badRequest, conflict } from '../../http'
import type { Store } from '../../store/database'
import { calculate, issuesOf, type Calculation } from './calculate'
import { factsOf, isMonthlyClient } from './facts'
import { competenceText, guideViewOf, issueGuide } from './guides'
import { monthKey, storeSources } from './sources'
import { yearAfterMonthClose } from '../year-end/reactions'

// A company's month as the API answers it: live while open (calculated from its invoices,
// declared revenue and payroll), frozen once the accountant closes it; what keeps it from
// closing; closing it, which publishes the DAS (or DAS-MEI) and the payroll's DCTFWeb DARF.

export const missingMessages = {
  payroll:
    'Folha do mês (pró-labore, salários e FGTS) não lançada: ela decide o fator R e a DCTFWeb.',
  notOver: (period: string) =>
    `A competência ${competenceText(period)} ainda não terminou: o fechamento é a partir do dia 1º do mês seguinte.`,
  future: 'Essa competência ainda não começou.',
  creditsWithoutInvoice: (count: number, amount: string) =>
    count === 1
      ? `Uma entrada no extrato sem nota fiscal (${amount}): emita a nota ou concilie a entrada na Conciliação.`
      : `${count} entradas no extrato sem nota fiscal (${amount}): emita as notas ou concilie as entradas na Conciliação.`,
} as const

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
      message: missingMessages.creditsWithoutInvoice(credits.length, moneyText(cents)),
    },
  ]
}

/** What keeps an open month from being closed. */
export function missingOf(
  store: Store,
  company: Company,
  calculation: Calculation,
  today: string,
): MonthIssue[] {
  const { period } = calculation
  const missing: MonthIssue[] = []
  const current = today.slice(0, 7)
  // A MEI's DAS-MEI is fixed: its guide may be published during the month itself.
  if (calculation.regime === 'simples' ? period >= current : period > current)
    missing.push({ code: 'month-not-over', message: missingMessages.notOver(period) })
  if (
    calculation.regime === 'simples' &&
    !store.payrolls.exists({ id: monthKey(company.id, period) })
  )
    missing.push({ code: 'payroll-missing', message: missingMessages.payroll })
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

/** The live calculation of an open month (400 for a month before the start or not begun). */
export function liveCalculation(store: Store, company: Company, period: string, today: string) {
  const facts = factsOf(store, company)
  if (!facts) throw conflict(simplesMessages.notSimples)
  if (period > today.slice(0, 7)) throw badRequest(missingMessages.future)
  try {
    return calculate(facts, period, storeSources(store))
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message)
    throw error
  }
}

export function closedView(
  store: Store,
  closed: ClosedMonthRecord,
  today: string,
): SimplesMonthView {
  return {
    ...closed.calculation,
    status: closed.status,
    missing: [],
    guide: guideViewOf(store, closed.dasDocumentId, today),
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
  const closed = store.closedMonths.get(monthKey(company.id, period))
  if (closed) return closedView(store, closed, today)
  const calculation = liveCalculation(store, company, period, today)
  return {
    ...calculation,
    status: 'open',
    missing: missingOf(store, company, calculation, today),
    guide: null,
    closedAt: null,
    lateInvoices: [],
  }
}

/** Where a close writes (the store, or the seed's arrays). */
export interface MonthWriter {
  documents: { insert(document: CompanyDocument): unknown }
  taxGuides: { insert(guide: TaxGuideRecord): unknown }
  closedMonths: { insert(month: ClosedMonthRecord): unknown }
  payrolls: { get(id: string): PayrollRecord | undefined }
}

/** The guides a closed month publishes and the record that freezes it. */
export function closedMonthRecords(
  store: MonthWriter,
  company: Company,
  calculation: Calculation,
  by: string,
  now: string,
  ids: { das?: string; darf?: string } = {},
) {
  const { period } = calculation
  const competence = competenceText(period)
  const dasCents = Math.round(calculation.das.amount * 100)
  const das =
    dasCents > 0 && calculation.das.dueDate
      ? issueGuide(store, {
          company,
          kind: 'DAS',
          title:
            calculation.regime === 'mei'
              ? `DAS-MEI – competência ${competence}`
              : `DAS – Simples Nacional – competência ${competence}`,
          competence: period,
          amount: dasCents,
          dueDate: calculation.das.dueDate,
          lines:
            calculation.regime === 'mei' && calculation.dasMei
              ? [
                  { label: 'INSS (5 % do salário mínimo)', amount: calculation.dasMei.inss },
                  { label: 'ICMS', amount: calculation.dasMei.icms },
                  { label: 'ISS', amount: calculation.dasMei.iss },
                ].filter((line) => line.amount > 0)
              : Object.entries(calculation.taxes)
                  .filter(([, amount]) => amount > 0)
                  .map(([tax, amount]) => ({ label: simplesTaxLabels[tax as SimplesTax], amount })),
          createdBy: by,
          now,
          id: ids.das,
        })
      : null
  const payroll = store.payrolls.get(monthKey(company.id, period))
  const darfCents = payroll ? Math.round(payroll.darf * 100) : 0
  const darf =
    payroll && darfCents > 0
      ? issueGuide(store, {
          company,
          kind: 'DARF',
          title: `DARF DCTFWeb – INSS e IRRF do pró-labore – competência ${competence}`,
          competence: period,
          amount: darfCents,
          dueDate: dctfWebDueDate(period),
          lines: [
            { label: 'INSS retido dos sócios (11 %)', amount: payroll.inss },
            { label: 'IRRF retido do pró-labore', amount: payroll.irrf },
            ...(payroll.cppOutsideDas
              ? [{ label: 'CPP 20 % (Anexo IV, fora do DAS)', amount: payroll.cpp }]
              : []),
          ].filter((line) => line.amount > 0),
          createdBy: by,
          now,
          id: ids.darf,
        })
      : null
  const record: ClosedMonthRecord = {
    id: monthKey(company.id, period),
    companyId: company.id,
    period,
    status: 'closed',
    calculation,
    dasDocumentId: das?.document.id ?? null,
    darfDocumentId: darf?.document.id ?? null,
    closedAt: now,
    closedBy: by,
  }
  store.closedMonths.insert(record)
  return { record, das, darf }
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
  const company = store.companies.get(companyId)
  if (!company || !isMonthlyClient(company)) throw conflict(simplesMessages.notSimples)
  if (store.closedMonths.exists({ id: monthKey(companyId, period) }))
    throw conflict(simplesMessages.alreadyClosed(period))
  const calculation = liveCalculation(store, company, period, today)
  const missing = missingOf(store, company, calculation, today)
  if (missing.length > 0)
    throw conflict(simplesMessages.cannotClose(missing.map((issue) => issue.message).join(' ')))
  const closed = closedMonthRecords(store, company, calculation, by, now)
  // The year keeps the month it counts (its year-end queue row follows, in this transaction).
  yearAfterMonthClose(store, company, calculation, now)
  return closed
}
