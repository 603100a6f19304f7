import type { z } from 'zod'
import { listOf, recordOf } from '../../src/schemas/common'
import { todayInBrazil } from '../../src/schemas/finance-common'
import {
  booksInputSchema,
  companyYearParamsSchema,
  dasnInputSchema,
  dasnSchema,
  defisInputBodySchema,
  defisInputSchema,
  defisSchema,
  deliveryInputSchema,
  distributionInputSchema,
  distributionParamsSchema,
  distributionRecordSchema,
  distributionSchema,
  incomeReportsSchema,
  profitsSchema,
  reportParamsSchema,
  yearEndMessages,
  yearEndQueueQuerySchema,
  yearEndRowSchema,
  yearOnlyParamsSchema,
} from '../../src/schemas/year-end'
import { endpoint, type Call } from '../api'
import {
  completeDasn,
  completeDefis,
  dasnView,
  defisView,
  deliverDasn,
  deliverDefis,
} from '../domain/year-end/declarations'
import {
  incomeReportFile,
  incomeReportsView,
  sendIncomeReports,
} from '../domain/year-end/income-reports'
import {
  clearBooks,
  deleteDistribution,
  profitsView,
  recordBooks,
  recordDistribution,
} from '../domain/year-end/profits'
import { yearEndQueue } from '../domain/year-end/queue'
import { publishAndWait } from '../domain/reactions'
import type { Store } from '../store/database'
import type { Company } from '../../src/schemas/company'

// The year of a company (mock-server/domain/year-end): profits and distributions with the DARF
// 1841 of the withholding, the partners' income reports, the DEFIS and the DASN-SIMEI, and the
// accountant's year-end queue. Each handler parses, calls a command or a view, and answers; a
// domain refusal becomes its status at the edge (mock-server/http.ts, httpErrorOf).

/** The DARFs a distribution issued or removed: the reactions reconcile around them. */
const guidesChanged = (store: Store, companyId: string, documentIds: string[]) =>
  publishAndWait(store, [{ type: 'guides-changed', companyId, documentIds }])

type YearCall = { params: z.output<typeof companyYearParamsSchema> }
const now = () => new Date().toISOString()

async function postDistribution({
  store,
  caller,
  companyId,
  body,
}: Call<{ params: { id: string }; body: z.output<typeof distributionInputSchema> }>) {
  const { distribution, issued } = recordDistribution(
    store,
    companyId,
    body,
    caller.uid,
    now(),
    todayInBrazil(),
  )
  // A debit already on the statement may pay the new DARF.
  if (issued.length) await guidesChanged(store, companyId, issued)
  return { data: distribution }
}

async function removeDistribution({
  store,
  caller,
  companyId,
  params,
}: Call<{ params: z.output<typeof distributionParamsSchema> }>) {
  const { distribution, issued } = deleteDistribution(
    store,
    companyId,
    params.distributionId,
    caller.uid,
    now(),
  )
  if (issued.length) await guidesChanged(store, companyId, issued)
  return { data: distribution }
}

async function getIncomeReport({
  store,
  company,
  params,
  res,
}: Call<{ params: z.output<typeof reportParamsSchema> }>) {
  const { bytes, fileName } = await incomeReportFile(
    store,
    company,
    params.year,
    params.partnerId,
    todayInBrazil(),
  )
  res.status(200).type('application/pdf').attachment(fileName).send(Buffer.from(bytes))
}

type YearView = (store: Store, company: Company, year: number, today: string) => unknown
type Moment = { now: string; today: string }

/** A command on the year, then the year's view as it now is (a refusal answered as its status). */
const andView =
  <B>(view: YearView, command: (call: Call<YearCall & { body: B }>, at: Moment) => unknown) =>
  (call: Call<YearCall & { body: B }>) => {
    const at = { now: now(), today: todayInBrazil() }
    command(call, at)
    const company = call.store.companies.get(call.company.id)!
    return { data: view(call.store, company, call.params.year, at.today) }
  }

type Body<S extends z.ZodType> = z.output<S>

/** The year's view (a refusal answered as its status). */
const viewOf =
  (view: YearView) =>
  ({ store, company, params }: Call<YearCall>) => ({
    data: view(store, company, params.year, todayInBrazil()),
  })
const getProfits = viewOf(profitsView)
const getIncomeReports = viewOf(incomeReportsView)
const getDefis = viewOf(defisView)
const getDasn = viewOf(dasnView)

const putBooks = andView<Body<typeof booksInputSchema>>(
  profitsView,
  ({ store, caller, company, params, body }, { now, today }) =>
    recordBooks(store, company.id, params.year, body, caller.uid, now, today),
)
const deleteBooks = andView(profitsView, ({ store, company, params }, { now, today }) =>
  clearBooks(store, company.id, params.year, now, today),
)
const postSendReports = andView(incomeReportsView, ({ store, caller, company, params }, at) =>
  sendIncomeReports(store, company.id, params.year, caller.uid, at.now, at.today),
)
const putDefis = andView<Body<typeof defisInputSchema>>(
  defisView,
  ({ store, company, params, body }, { now, today }) =>
    completeDefis(store, company.id, params.year, body, now, today),
)
const postDeliverDefis = andView<Body<typeof deliveryInputSchema>>(
  defisView,
  ({ store, caller, company, params, body }, { now, today }) =>
    deliverDefis(store, company.id, params.year, body, caller.uid, now, today),
)
const putDasn = andView<Body<typeof dasnInputSchema>>(
  dasnView,
  ({ store, company, params, body }, { now, today }) =>
    completeDasn(store, company.id, params.year, body, now, today),
)
const postDeliverDasn = andView<Body<typeof deliveryInputSchema>>(
  dasnView,
  ({ store, caller, company, params, body }, { now, today }) =>
    deliverDasn(store, company.id, params.year, body, caller.uid, now, today),
)

function getQueue({
  store,
  params,
  query,
}: Call<{
  params: z.output<typeof yearOnlyParamsSchema>
  query: z.output<typeof yearEndQueueQuerySchema>
}>) {
  return yearEndQueue(store, params.year, query, todayInBrazil())
}

const companyParams = companyYearParamsSchema.pick({ id: true })

export const yearEndEndpoints = [
  endpoint({
    method: 'POST',
    path: '/companies/{id}/profits/distributions',
    summary:
      'Records profits paid to a partner: the 10 % withheld from 2026 (over R$ 50.000 a month) and its DARF 1841.',
    access: 'company',
    company: 'params.id',
    params: companyParams,
    body: distributionInputSchema,
    answers: { 201: recordOf(distributionSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.notSimplesCompany },
    handler: postDistribution,
  }),
  endpoint({
    method: 'DELETE',
    path: '/companies/{id}/profits/distributions/{distributionId}',
    summary: 'Removes a distribution; the month’s withholding and DARF 1841 follow.',
    access: 'company',
    company: 'params.id',
    params: distributionParamsSchema,
    answers: { 200: recordOf(distributionRecordSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.darfPaid('2026-06') },
    handler: removeDistribution,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/profits/{year}',
    summary:
      'Profits the partners may take tax-free in the year (presumption less the DAS’s IRPJ, or the books), what was distributed and withheld.',
    access: 'company',
    company: 'params.id',
    params: companyYearParamsSchema,
    answers: { 200: recordOf(profitsSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.notSimplesCompany },
    handler: getProfits,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/profits/{year}/books',
    summary: 'Records the accounting profit the books show for the year, with its source.',
    access: 'system-admin',
    company: 'params.id',
    params: companyYearParamsSchema,
    body: booksInputSchema,
    answers: { 200: recordOf(profitsSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.notSimplesCompany },
    handler: putBooks,
  }),
  endpoint({
    method: 'DELETE',
    path: '/companies/{id}/profits/{year}/books',
    summary: 'Removes the accounting profit: the limit goes back to the presumption.',
    access: 'system-admin',
    company: 'params.id',
    params: companyYearParamsSchema,
    answers: { 200: recordOf(profitsSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.notSimplesCompany },
    handler: deleteBooks,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/income-reports/{year}',
    summary:
      'Each partner’s income report of the year: pró-labore, INSS, IRRF, profits (exempt and taxable) and the 10 % withheld.',
    access: 'company',
    company: 'params.id',
    params: companyYearParamsSchema,
    answers: { 200: recordOf(incomeReportsSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.notSimplesCompany },
    handler: getIncomeReports,
  }),
  endpoint({
    method: 'POST',
    path: '/companies/{id}/income-reports/{year}/send',
    summary: 'The accountant sends the year’s income reports to the partners.',
    access: 'system-admin',
    company: 'params.id',
    params: companyYearParamsSchema,
    answers: { 200: recordOf(incomeReportsSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.reportsNotOver(2026) },
    handler: postSendReports,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/income-reports/{year}/{partnerId}',
    summary: 'A partner’s income report in the official model’s blocks (PDF).',
    access: 'company',
    company: 'params.id',
    params: reportParamsSchema,
    answers: { 200: { media: 'application/pdf' } },
    errors: [404, 409],
    messages: { 409: yearEndMessages.notSimplesCompany },
    handler: getIncomeReport,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/defis/{year}',
    summary:
      'The DEFIS assembled from what the product knows, what is left to complete, its delivery and late fine.',
    access: 'company',
    company: 'params.id',
    params: companyYearParamsSchema,
    answers: { 200: recordOf(defisSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.notSimplesCompany },
    handler: getDefis,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/defis/{year}',
    summary:
      'Completes the DEFIS: balances, stock, purchases, employees, months outside the product.',
    access: 'company',
    company: 'params.id',
    params: companyYearParamsSchema,
    body: defisInputBodySchema,
    answers: { 200: recordOf(defisSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.deliveredLocked },
    handler: putDefis,
  }),
  endpoint({
    method: 'POST',
    path: '/companies/{id}/defis/{year}/deliver',
    summary:
      'Records the DEFIS delivered, its receipt and the late fine (Res. CGSN 140, art. 97-A).',
    access: 'system-admin',
    company: 'params.id',
    params: companyYearParamsSchema,
    body: deliveryInputSchema,
    answers: { 200: recordOf(defisSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.alreadyDelivered },
    handler: postDeliverDefis,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/dasn-simei/{year}',
    summary:
      'The MEI’s year: revenue by kind, the limit, the excess and its outcome, the DAS on the excess, the declaration.',
    access: 'company',
    company: 'params.id',
    params: companyYearParamsSchema,
    answers: { 200: recordOf(dasnSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.notMei },
    handler: getDasn,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/dasn-simei/{year}',
    summary: 'Completes the DASN-SIMEI: the employee, and revenue without an invoice not entered.',
    access: 'company',
    company: 'params.id',
    params: companyYearParamsSchema,
    body: dasnInputSchema,
    answers: { 200: recordOf(dasnSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.deliveredLocked },
    handler: putDasn,
  }),
  endpoint({
    method: 'POST',
    path: '/companies/{id}/dasn-simei/{year}/deliver',
    summary: 'Records the DASN-SIMEI delivered, its receipt and the late fine.',
    access: 'system-admin',
    company: 'params.id',
    params: companyYearParamsSchema,
    body: deliveryInputSchema,
    answers: { 200: recordOf(dasnSchema) },
    errors: [404, 409],
    messages: { 409: yearEndMessages.alreadyDelivered },
    handler: postDeliverDasn,
  }),
  endpoint({
    method: 'GET',
    path: '/year-end/{year}',
    summary:
      'The year-end queue: every client company’s DEFIS or DASN-SIMEI status, income reports sent, profits above the exempt amount.',
    access: 'system-admin',
    params: yearOnlyParamsSchema,
    query: yearEndQueueQuerySchema,
    answers: { 200: listOf(yearEndRowSchema) },
    handler: getQueue,
  }),
]
