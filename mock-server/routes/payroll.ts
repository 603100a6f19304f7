import type { z } from 'zod'
import { recordOf } from '../../src/schemas/common'
import { todayInBrazil } from '../../src/schemas/finance-common'
import {
  payrollInputSchema,
  payrollSchema,
  periodParamsSchema,
  simplesMessages,
} from '../../src/schemas/simples/api'
import { endpoint, type Call } from '../api'
import { receiptsPdf } from '../domain/simples/guide-pdf'
import { payrollView, savePayroll } from '../domain/simples/payroll'

// A company's payroll by month (pró-labore, salaries, FGTS): the partners' INSS, IRRF and net,
// the CPP, the DCTFWeb DARF, and the fator R payroll (mock-server/domain/simples/payroll.ts).

type PeriodCall = { params: z.output<typeof periodParamsSchema> }

/** Every partner of the company with the month's pró-labore (zeros before it is entered). */
function getPayroll({ store, company, params }: Call<PeriodCall>) {
  return { data: payrollView(store, company, params.period, todayInBrazil()) }
}

/** Enters or corrects the month's payroll (refused once the month is closed). */
function putPayroll({
  store,
  caller,
  companyId,
  params,
  body,
}: Call<PeriodCall & { body: z.output<typeof payrollInputSchema> }>) {
  const now = new Date().toISOString()
  store.write(() => {
    const company = store.companies.get(companyId)!
    savePayroll(store, company, params.period, body, caller.uid, now)
  })
  return {
    data: payrollView(store, store.companies.get(companyId)!, params.period, todayInBrazil()),
  }
}

/** The month's pró-labore receipts, one page per partner (PDF). */
async function getReceipts({ store, company, params, res }: Call<PeriodCall>) {
  const payroll = payrollView(store, company, params.period, todayInBrazil())
  const pdf = await receiptsPdf(company, payroll)
  res
    .status(200)
    .type('application/pdf')
    .attachment(`recibos-pro-labore-${params.period}.pdf`)
    .send(Buffer.from(pdf))
}

export const payrollEndpoints = [
  endpoint({
    method: 'GET',
    path: '/companies/{id}/payroll/{period}',
    summary: "The month's payroll: each partner's pró-labore, INSS, IRRF and net; CPP; DARF.",
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
    summary: "Enters the month's pró-labore of each partner, salaries and FGTS (409 once closed).",
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
    summary: "The month's pró-labore receipts, one page per partner (PDF).",
    access: 'company',
    company: 'params.id',
    params: periodParamsSchema,
    answers: { 200: { media: 'application/pdf' } },
    errors: [404],
    handler: getReceipts,
  }),
]
