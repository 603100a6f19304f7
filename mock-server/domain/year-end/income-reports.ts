import {
  exemptShares,
  incomeReportBlocks,
  incomeReportDueDate,
} from '../../../src/kernel/tax/year-end'
import type { Company } from '../../../src/schemas/company'
import { toCents } from '../../../src/kernel/money'
import {
  yearEndMessages,
  type IncomeReportPartner,
  type IncomeReports,
} from '../../../src/schemas/year-end'
import type { Store } from '../../store/database'
import { changeYear, limitOver, yearOf } from './company-year'
import { missing, refused } from './errors'
import { requireYearBegun, requireYearFacts, type YearFacts } from './facts'
import { incomeReportPdf } from './pdf'
import { yearMonths } from './profits'

// The partners' income reports of a year (IN RFB 2.060/2021, Anexo I): each partner's pró-labore,
// INSS and IRRF from the year's payroll, the profits received (exempt up to the company's limit)
// and the 10 % withheld on them; sent by the accountant by the last business day of February.

const reais = (cents: number) => cents / 100

/**
 * Each partner's figures of the year, in cents: the payroll's pró-labore, INSS and IRRF; the
 * profits received, exempt up to `limit` (the company's, in cents), and the 10 % withheld.
 */
export function partnerFigures(store: Store, facts: YearFacts, year: number, limit: number) {
  const companyId = facts.company.id
  const payroll = new Map<string, { proLabore: number; inss: number; irrf: number }>()
  for (const month of store.payrolls.find({
    where: { companyId, period: { from: `${year}-01`, to: `${year}-12` } },
  }))
    for (const partner of month.partners) {
      const row = payroll.get(partner.partnerId) ?? { proLabore: 0, inss: 0, irrf: 0 }
      row.proLabore += toCents(partner.amount)
      row.inss += toCents(partner.inss)
      row.irrf += toCents(partner.irrf)
      payroll.set(partner.partnerId, row)
    }
  const profits = new Map<string, { amount: number; irrf: number }>()
  for (const distribution of store.distributions.find({
    where: { companyId, date: { from: `${year}-01-01`, to: `${year}-12-31` } },
  })) {
    const row = profits.get(distribution.partnerId) ?? { amount: 0, irrf: 0 }
    row.amount += toCents(distribution.amount)
    row.irrf += toCents(distribution.irrf)
    profits.set(distribution.partnerId, row)
  }
  const shares = exemptShares(
    facts.partners.map((partner) => ({
      partnerId: partner.partnerId,
      amount: profits.get(partner.partnerId)?.amount ?? 0,
    })),
    limit,
  )
  return facts.partners.map((partner, index) => {
    const pay = payroll.get(partner.partnerId) ?? { proLabore: 0, inss: 0, irrf: 0 }
    return {
      partner,
      proLabore: pay.proLabore,
      inss: pay.inss,
      irrf: pay.irrf,
      profits: shares[index]!.amount,
      exemptProfits: shares[index]!.exempt,
      profitsIrrf: profits.get(partner.partnerId)?.irrf ?? 0,
    }
  })
}

/** The year, and its partners' figures with the limit of the months so far (closed or not). */
function reportsOf(store: Store, facts: YearFacts, year: number, today: string) {
  const record = yearOf(store, facts, year, new Date().toISOString())
  const limit = limitOver(yearMonths(store, facts, year, today).figures, record, facts)
  return { record, partners: partnerFigures(store, facts, year, limit.exemptLimit) }
}

/** `GET /companies/{id}/income-reports/{year}`. */
export function incomeReportsView(
  store: Store,
  company: Company,
  year: number,
  today: string,
): IncomeReports {
  requireYearBegun(year, today)
  const facts = requireYearFacts(store, company, 'simples')
  const { record, partners } = reportsOf(store, facts, year, today)
  return {
    companyId: company.id,
    year,
    dueDate: incomeReportDueDate(year),
    yearOver: today > `${year}-12-31`,
    sentAt: record.reportsSent?.at ?? null,
    partners: partners.map((row): IncomeReportPartner => ({
      partnerId: row.partner.partnerId,
      name: row.partner.name,
      cpf: row.partner.cpf,
      email: row.partner.email,
      proLabore: reais(row.proLabore),
      inss: reais(row.inss),
      irrf: reais(row.irrf),
      profits: reais(row.profits),
      exemptProfits: reais(row.exemptProfits),
      taxableProfits: reais(row.profits - row.exemptProfits),
      profitsIrrf: reais(row.profitsIrrf),
    })),
  }
}

/** `GET /companies/{id}/income-reports/{year}/{partnerId}`: the partner's report as a PDF. */
export async function incomeReportFile(
  store: Store,
  company: Company,
  year: number,
  partnerId: string,
  today: string,
) {
  requireYearBegun(year, today)
  const facts = requireYearFacts(store, company, 'simples')
  const { record, partners } = reportsOf(store, facts, year, today)
  const row = partners.find((entry) => entry.partner.partnerId === partnerId)
  if (!row) throw missing(yearEndMessages.unknownPartner(partnerId))
  const blocks = incomeReportBlocks(year, row)
  const bytes = await incomeReportPdf({
    company,
    partner: row.partner,
    year,
    blocks,
    preview: record.reportsSent === null || today <= `${year}-12-31`,
    sentAt: record.reportsSent?.at ?? null,
  })
  return { bytes, fileName: `informe-rendimentos-${year}-${row.partner.cpf}.pdf` }
}

/** `POST /companies/{id}/income-reports/{year}/send`: the accountant sends them to the partners. */
export function sendIncomeReports(
  store: Store,
  companyId: string,
  year: number,
  by: string,
  now: string,
  today: string,
) {
  requireYearBegun(year, today)
  if (today <= `${year}-12-31`) throw refused(yearEndMessages.reportsNotOver(year))
  return changeYear(store, { companyId, year, regime: 'simples', now }, (record) => ({
    ...record,
    reportsSent: { at: now, by },
  }))
}
