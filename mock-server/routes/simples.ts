import { setImmediate as yieldTurn } from 'node:timers/promises'
import type { z } from 'zod'
import { listOf, recordOf } from '../../src/schemas/common'
import { todayInBrazil } from '../../src/schemas/finance-common'
import {
  closeMonthsInputSchema,
  closeOutcomeSchema,
  companyGuideSchema,
  declaredRevenueInputSchema,
  guideParamsSchema,
  latePaymentInputSchema,
  latePaymentQuerySchema,
  latePaymentSchema,
  periodOnlyParamsSchema,
  periodParamsSchema,
  simplesMessages,
  simplesMonthSchema,
  simplesQueueQuerySchema,
  simplesQueueRowSchema,
  type CloseOutcome,
} from '../../src/schemas/simples/api'
import { reconcileAfterGuideChange, settled } from '../domain/bank/reconciliation/reconciler'
import { endpoint, type Call } from '../api'
import { badRequest, conflict, HttpError } from '../http'
import {
  companyGuides,
  guideView,
  issueLateGuide,
  latePaymentQuote,
  latePaymentView,
} from '../domain/simples/guides'
import { closeMonth, monthView } from '../domain/simples/months'
import { simplesQueue } from '../domain/simples/queue'
import { monthKey } from '../domain/simples/sources'

// The Simples Nacional month (PGDAS-D) of a company, its close by the accountant, the month-close
// queue, the revenue declared without an invoice, and the guides to pay with their late-payment
// recalculation (mock-server/domain/simples).

type PeriodCall = { params: z.output<typeof periodParamsSchema> }

/** The month as calculated (live while open, frozen once closed). */
function getMonth({ store, company, params }: Call<PeriodCall>) {
  return { data: monthView(store, company, params.period, todayInBrazil()) }
}

/** Revenue without an invoice (sales of goods) the client declares, by activity. */
function putDeclaredRevenue({
  store,
  caller,
  companyId,
  params,
  body,
}: Call<PeriodCall & { body: z.output<typeof declaredRevenueInputSchema> }>) {
  const today = todayInBrazil()
  const now = new Date().toISOString()
  store.write(() => {
    const company = store.companies.get(companyId)!
    const id = monthKey(companyId, params.period)
    if (store.closedMonths.exists({ id }))
      throw conflict(simplesMessages.monthClosed(params.period))
    if (params.period > today.slice(0, 7)) throw badRequest('Essa competência ainda não começou.')
    body.items.forEach((item, index) => {
      if (!company.activities.includes(item.cnae)) {
        const message = simplesMessages.unknownActivity(item.cnae)
        throw badRequest(message, [{ path: ['items', index, 'cnae'], message }])
      }
    })
    store.declaredRevenues.put({
      id,
      companyId,
      period: params.period,
      items: body.items.filter((item) => item.amount > 0),
      updatedAt: now,
      updatedBy: caller.uid,
    })
  })
  return { data: monthView(store, store.companies.get(companyId)!, params.period, today) }
}

/** Closes one month: freezes it and publishes its guides (409 when closed or not ready). */
async function postClose({ store, caller, companyId, params }: Call<PeriodCall>) {
  const today = todayInBrazil()
  const now = new Date().toISOString()
  const closed = store.write(() =>
    closeMonth(store, companyId, params.period, caller.uid, now, today),
  )
  // A debit already on the statement may pay the new guides.
  await settled(reconcileAfterGuideChange(store, companyId, guideIdsOf(closed)))
  return { data: monthView(store, store.companies.get(companyId)!, params.period, today) }
}

type QueueCall = {
  params: z.output<typeof periodOnlyParamsSchema>
  query: z.output<typeof simplesQueueQuerySchema>
}

/** The month-close queue: every active Simples and MEI company with its month, 25 a page. */
function getQueue({ store, params, query }: Call<QueueCall>) {
  return simplesQueue(store, params.period, query, todayInBrazil())
}

/**
 * Closes several months at once, one transaction each, yielding between them so that other
 * requests are served meanwhile; each company says whether it closed or why not.
 */
async function postCloseSeveral({
  store,
  caller,
  params,
  body,
}: Call<{
  params: z.output<typeof periodOnlyParamsSchema>
  body: z.output<typeof closeMonthsInputSchema>
}>) {
  const today = todayInBrazil()
  const outcomes: CloseOutcome[] = []
  for (const companyId of body.companyIds) {
    await yieldTurn()
    try {
      const now = new Date().toISOString()
      const closed = store.write(() =>
        closeMonth(store, companyId, params.period, caller.uid, now, today),
      )
      const { das } = closed
      // Reconciled in the background: a bulk close does not wait for each company's run.
      void reconcileAfterGuideChange(store, companyId, guideIdsOf(closed), { awaited: false })
      outcomes.push({
        companyId,
        closed: true,
        message: null,
        guide: das ? guideView(das.document, today) : null,
      })
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      outcomes.push({ companyId, closed: false, message: error.message, guide: null })
    }
  }
  return { data: outcomes }
}

type GuideCall = { params: z.output<typeof guideParamsSchema> }

/** The guides to pay, due first (an overdue one without its expired line). */
function getGuides({ store, companyId }: Call) {
  const data = companyGuides(store, companyId, todayInBrazil())
  return { data, total: data.length }
}

/** What an overdue guide costs paid on a day (default today): multa and juros. */
function getLatePayment({
  store,
  companyId,
  params,
  query,
}: Call<GuideCall & { query: z.output<typeof latePaymentQuerySchema> }>) {
  const quote = latePaymentQuote(
    store,
    companyId,
    params.documentId,
    query.paymentDate,
    todayInBrazil(),
  )
  return { data: latePaymentView(quote, null) }
}

/** A new guide for the payment day, replacing the expired one. */
async function postLatePayment({
  store,
  caller,
  companyId,
  params,
  body,
}: Call<GuideCall & { body: z.output<typeof latePaymentInputSchema> }>) {
  const today = todayInBrazil()
  const now = new Date().toISOString()
  const { quote, document } = store.write(() => {
    const quote = latePaymentQuote(store, companyId, params.documentId, body.paymentDate, today)
    return { quote, document: issueLateGuide(store, quote, caller.uid, now).document }
  })
  await settled(reconcileAfterGuideChange(store, companyId, [document.id]))
  return { data: latePaymentView(quote, guideView(document, today)) }
}

/** The guides a month close published (its DAS or DAS-MEI, and the payroll's DARF). */
const guideIdsOf = (closed: ReturnType<typeof closeMonth>) =>
  [closed.das, closed.darf].flatMap((guide) => (guide ? [guide.document.id] : []))

const monthAnswer = { 200: recordOf(simplesMonthSchema) }

export const simplesEndpoints = [
  endpoint({
    method: 'GET',
    path: '/companies/{id}/simples/{period}',
    summary:
      'The month as the PGDAS-D calculates it: revenue by activity, RBT12, fator R, taxes, DAS.',
    access: 'company',
    company: 'params.id',
    params: periodParamsSchema,
    answers: monthAnswer,
    errors: [404, 409],
    messages: { 409: simplesMessages.notSimples },
    handler: getMonth,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/simples/{period}/revenue',
    summary: 'Revenue without an invoice the client declares for the month, by activity.',
    access: 'company',
    company: 'params.id',
    params: periodParamsSchema,
    body: declaredRevenueInputSchema,
    answers: monthAnswer,
    errors: [404, 409],
    messages: { 409: simplesMessages.monthClosed('2026-10') },
    handler: putDeclaredRevenue,
  }),
  endpoint({
    method: 'POST',
    path: '/companies/{id}/simples/{period}/close',
    summary:
      'Closes the month: freezes the calculation and publishes the DAS (and the DCTFWeb DARF).',
    access: 'system-admin',
    company: 'params.id',
    params: periodParamsSchema,
    answers: monthAnswer,
    errors: [404, 409],
    messages: { 409: simplesMessages.alreadyClosed('2026-10') },
    handler: postClose,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/guides',
    summary: 'The guides to pay, due first; an overdue one is offered without its expired line.',
    access: 'company',
    company: 'params.id',
    params: guideParamsSchema.pick({ id: true }),
    answers: { 200: listOf(companyGuideSchema) },
    errors: [404],
    handler: getGuides,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/guides/{documentId}/late-payment',
    summary: 'What an overdue DAS or DARF costs paid on a day: multa de mora and juros (Selic).',
    access: 'company',
    company: 'params.id',
    params: guideParamsSchema,
    query: latePaymentQuerySchema,
    answers: { 200: recordOf(latePaymentSchema) },
    errors: [404, 409],
    messages: { 409: simplesMessages.guideNotLate },
    handler: getLatePayment,
  }),
  endpoint({
    method: 'POST',
    path: '/companies/{id}/guides/{documentId}/late-payment',
    summary: 'Issues the guide recalculated for the payment day, replacing the expired one.',
    access: 'company',
    company: 'params.id',
    params: guideParamsSchema,
    body: latePaymentInputSchema,
    answers: { 201: recordOf(latePaymentSchema) },
    errors: [404, 409],
    messages: { 409: simplesMessages.guideNotLate },
    handler: postLatePayment,
  }),
  endpoint({
    method: 'GET',
    path: '/simples/{period}',
    summary:
      'The month-close queue: every active Simples and MEI company, its DAS and what is missing.',
    access: 'system-admin',
    params: periodOnlyParamsSchema,
    query: simplesQueueQuerySchema,
    answers: { 200: listOf(simplesQueueRowSchema) },
    handler: getQueue,
  }),
  endpoint({
    method: 'POST',
    path: '/simples/{period}/close',
    summary: 'Closes several companies’ months at once; each says whether it closed or why not.',
    access: 'system-admin',
    params: periodOnlyParamsSchema,
    body: closeMonthsInputSchema,
    answers: { 200: recordOf(closeOutcomeSchema.array()) },
    handler: postCloseSeveral,
  }),
]
