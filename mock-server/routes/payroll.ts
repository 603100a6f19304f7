import { z } from 'zod'
import { idSchema, recordOf } from '../../src/schemas/common'
import type { Company } from '../../src/schemas/company'
import {
  payrollInputSchema,
  payrollRiskInputSchema,
  payrollSchema,
  periodParamsSchema,
  simplesMessages,
} from '../../src/schemas/simples/api'
import { audienceOf } from '../access'
import { endpoint, type Call } from '../api'
import { DomainError, notFound } from '../domain/errors'
import type { Store } from '../store/database'
import { liveCalculation } from '../domain/simples/months'
import * as clock from '../clock'
import { receiptsPdf } from '../domain/simples/guide-pdf'
import { payrollView, savePayroll } from '../domain/simples/payroll'

// A company's payroll by month (each partner's pró-labore, each employee's salary and
// dependants): the INSS, IRRF, FGTS and net of each, the CPP, the DCTFWeb DARF and the FGTS guide,
// the fator R payroll (mock-server/domain/simples/payroll.ts); the receipts and payslips as PDF;
// the company's RAT and FAP.

type PeriodCall = { params: z.output<typeof periodParamsSchema> }

/**
 * The month's calculation, for the revenue split the CPP outside the DAS follows (null when the
 * month has none: not begun, before the start, not a Simples company).
 */
function calculationOf(store: Store, company: Company, period: string, today: string) {
  try {
    return liveCalculation(store, company, period, today).calculation
  } catch (error) {
    if (error instanceof DomainError) return null
    throw error
  }
}

/** Every partner of the company with the month's pró-labore (zeros before it is entered). */
function getPayroll({ store, company, params }: Call<PeriodCall>) {
  const today = clock.today()
  return {
    data: payrollView(
      store,
      company,
      params.period,
      today,
      calculationOf(store, company, params.period, today),
    ),
  }
}

/** Enters or corrects the month's payroll (refused once the month is closed). */
function putPayroll({
  store,
  caller,
  companyId,
  params,
  body,
}: Call<PeriodCall & { body: z.output<typeof payrollInputSchema> }>) {
  const now = clock.nowIso()
  const today = clock.today()
  store.write(() => {
    const company = store.companies.get(companyId)!
    const calculation = calculationOf(store, company, params.period, today)
    savePayroll(
      store,
      company,
      params.period,
      body,
      calculation,
      caller.uid,
      now,
      today,
      audienceOf(caller),
    )
  })
  const company = store.companies.get(companyId)!
  return {
    data: payrollView(
      store,
      company,
      params.period,
      today,
      calculationOf(store, company, params.period, today),
    ),
  }
}

const receiptsQuerySchema = z.object({
  /** Only this person's page (a partner's receipt or an employee's payslip). */
  cpf: z
    .string()
    .regex(/^\d{11}$/, { error: 'CPF: os 11 dígitos.' })
    .optional(),
})

/** The month's receipts: one page per partner and per employee, or one person's (PDF). */
async function getReceipts({
  store,
  company,
  params,
  query,
  res,
}: Call<PeriodCall & { query: z.output<typeof receiptsQuerySchema> }>) {
  const today = clock.today()
  const payroll = payrollView(store, company, params.period, today, null)
  const person =
    query.cpf &&
    [...payroll.partners, ...payroll.employees].find((entry) => entry.cpf === query.cpf)
  if (query.cpf && !person) throw notFound('Ninguém com esse CPF na folha deste mês.')
  const pdf = await receiptsPdf(company, payroll, query.cpf)
  res
    .status(200)
    .type('application/pdf')
    .attachment(
      query.cpf
        ? `holerite-${params.period}-${query.cpf}.pdf`
        : `recibos-folha-${params.period}.pdf`,
    )
    .send(Buffer.from(pdf))
}

/** The company's RAT and FAP, for the CPP an Annex IV company pays outside the DAS. */
function putPayrollRisk({
  store,
  companyId,
  body,
}: Call<{ body: z.output<typeof payrollRiskInputSchema> }>) {
  const now = clock.nowIso()
  store.write(() => {
    const company = store.companies.get(companyId)!
    store.companies.put({
      ...company,
      payrollRisk: { rat: body.rat, fap: body.fap },
      updatedAt: now,
    })
  })
  return { data: store.companies.get(companyId)!.payrollRisk! }
}

export const payrollEndpoints = [
  endpoint({
    method: 'GET',
    path: '/companies/{id}/payroll/{period}',
    summary:
      "The month's payroll: each partner's and employee's INSS, IRRF and net, FGTS; CPP; the DARF.",
    access: 'company',
    company: 'params.id',
    params: periodParamsSchema,
    answers: { 200: recordOf(payrollSchema) },
    errors: [404],
    handler: getPayroll,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/payroll/{period}',
    summary:
      "Enters the month's pró-labore of each partner and its employees (name, CPF, salary, dependants).",
    access: 'company',
    company: 'params.id',
    params: periodParamsSchema,
    body: payrollInputSchema,
    answers: { 200: recordOf(payrollSchema) },
    errors: [404, 409],
    messages: { 409: simplesMessages.monthClosed('2026-10') },
    handler: putPayroll,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/payroll/{period}/receipts',
    summary:
      "The month's pró-labore receipts and employees' payslips (PDF); `cpf`: one person's only.",
    access: 'company',
    company: 'params.id',
    params: periodParamsSchema,
    query: receiptsQuerySchema,
    answers: { 200: { media: 'application/pdf' } },
    errors: [404],
    handler: getReceipts,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/payroll-risk',
    summary:
      "The company's RAT (1–3 %) and FAP (0,5–2,0) for the Annex IV CPP; null: back to the defaults.",
    access: 'system-admin',
    company: 'params.id',
    params: z.object({ id: idSchema }),
    body: payrollRiskInputSchema,
    answers: {
      200: recordOf(z.object({ rat: z.number().nullable(), fap: z.number().nullable() })),
    },
    errors: [404],
    handler: putPayrollRisk,
  }),
]
