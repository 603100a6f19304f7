import type { Company } from '../../../src/schemas/company'
import { toCents } from '../../../src/kernel/money'
import { dctfWebDueDate, payrollOf, UnknownCalendarYear } from '../../../src/kernel/tax'
import {
  simplesMessages,
  type Payroll,
  type PayrollInput,
  type PayrollRecord,
} from '../../../src/schemas/simples/api'
import { badRequest, conflict } from '../../http'
import type { Store } from '../../store/database'
import { cppOutsideDas, factsOf, partnersOf } from './facts'
import { guideViewOf } from './guides'
import { monthKey } from './sources'

// The payroll of a month (pró-labore of each partner, salaries, FGTS): entered by the company or
// the accountant, computed by the 2026 rules (src/kernel/tax/payroll.ts) and kept as
// computed; month by month it is the fator R's payroll.

const reais = (cents: number) => cents / 100

const dueDateOf = (period: string) => {
  try {
    return dctfWebDueDate(period)
  } catch (error) {
    if (error instanceof UnknownCalendarYear) return null
    throw error
  }
}

/** The payroll record a month's input makes (amounts in reais, computed to the cent). */
export function payrollRecordOf(
  company: Company,
  period: string,
  partners: readonly { partnerId: string; name: string; cpf: string }[],
  input: {
    proLabore: readonly { partnerId: string; amount: number }[]
    salaries: number
    fgts: number
  },
  outsideDas: boolean,
  by: string,
  now: string,
): PayrollRecord {
  const amounts = new Map(input.proLabore.map((entry) => [entry.partnerId, toCents(entry.amount)]))
  const computed = payrollOf({
    proLabore: partners.map((partner) => ({
      partnerId: partner.partnerId,
      amount: amounts.get(partner.partnerId) ?? 0,
    })),
    salaries: toCents(input.salaries),
    fgts: toCents(input.fgts),
    cppOutsideDas: outsideDas,
  })
  return {
    id: monthKey(company.id, period),
    companyId: company.id,
    period,
    partners: partners.map((partner, index) => {
      const row = computed.partners[index]!
      return {
        ...partner,
        amount: reais(row.gross),
        inss: reais(row.inss),
        irrf: reais(row.irrf),
        net: reais(row.net),
      }
    }),
    salaries: input.salaries,
    fgts: input.fgts,
    proLabore: reais(computed.proLabore),
    inss: reais(computed.inss),
    irrf: reais(computed.irrf),
    cpp: reais(computed.cpp),
    cppOutsideDas: computed.cppOutsideDas,
    darf: reais(computed.darf),
    fatorRPayroll: reais(computed.fatorRPayroll),
    updatedAt: now,
    updatedBy: by,
  }
}

/** The month's payroll as the API answers it: every partner, with zeros before it is entered. */
export function payrollView(
  store: Store,
  company: Company,
  period: string,
  today: string,
): Payroll {
  const record = store.payrolls.get(monthKey(company.id, period))
  const closed = store.closedMonths.get(monthKey(company.id, period))
  const facts = factsOf(store, company)
  const guides = [guideViewOf(store, closed?.darfDocumentId ?? null, today)].filter(
    (guide) => guide !== null,
  )
  const base = record ?? {
    ...payrollRecordOf(
      company,
      period,
      partnersOf(store, company.id),
      { proLabore: [], salaries: 0, fgts: 0 },
      facts ? cppOutsideDas(facts) : false,
      '',
      '',
    ),
    updatedAt: null,
  }
  const { id: _id, updatedBy: _by, ...figures } = base
  return {
    ...figures,
    entered: record !== undefined,
    locked: closed !== undefined,
    darfDueDate: dueDateOf(period),
    guides,
    updatedAt: record ? record.updatedAt : null,
  }
}

/** Saves a month's payroll (inside store.write): refused for a closed month or a stranger. */
export function savePayroll(
  store: Store,
  company: Company,
  period: string,
  input: PayrollInput & { proLabore: { partnerId: string; amount: number }[] },
  by: string,
  now: string,
) {
  if (store.closedMonths.exists({ id: monthKey(company.id, period) }))
    throw conflict(simplesMessages.monthClosed(period))
  const partners = partnersOf(store, company.id)
  const known = new Set(partners.map((partner) => partner.partnerId))
  input.proLabore.forEach((entry, index) => {
    if (!known.has(entry.partnerId)) {
      const message = simplesMessages.unknownPartner(entry.partnerId)
      throw badRequest(message, [{ path: ['proLabore', index, 'partnerId'], message }])
    }
  })
  const facts = factsOf(store, company)
  const record = payrollRecordOf(
    company,
    period,
    partners,
    { proLabore: input.proLabore, salaries: input.salaries as number, fgts: input.fgts as number },
    facts ? cppOutsideDas(facts) : false,
    by,
    now,
  )
  store.payrolls.put(record)
  return record
}
