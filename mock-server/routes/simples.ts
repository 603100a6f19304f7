import type { z } from 'zod'
import { listOf, recordOf } from '../../src/schemas/common'
import { toCents } from '../../src/kernel/money'
import {
  closeMonthsInputSchema,
  closeOutcomeSchema,
  companyGuideSchema,
  declaredRevenueInputSchema,
  guideParamsSchema,
  latePaymentInputSchema,
  latePaymentQuerySchema,
  latePaymentSchema,
  monthKey,
  periodOnlyParamsSchema,
  periodParamsSchema,
  simplesMessages,
  simplesMonthSchema,
  simplesQueueQuerySchema,
  simplesQueueRowSchema,
  type CloseOutcome,
} from '../../src/schemas/simples/api'
import { assertDeclaredCoversExplained } from '../domain/bank/reconciliation/actions'
import { commit, reacted } from '../domain/reactions'
import { audienceOf } from '../access'
import { endpoint, type Call } from '../api'
import * as clock from '../clock'
import { badRequest, conflict } from '../http'
import {
  companyGuides,
  guideView,
  issueLateGuide,
  latePaymentQuote,
  latePaymentView,
} from '../domain/simples/guides'
import { closeSeveral } from '../domain/simples/close-several'
import { closeMonth, closedMonthView, monthView } from '../domain/simples/months'
import { simplesQueue } from '../domain/simples/queue'
import { revenueHistoryMessages } from '../../src/schemas/simples/api'

// The Simples Nacional month (PGDAS-D) of a company, its close by the accountant, the month-close
// queue, the revenue declared without an invoice, and the guides to pay with their late-payment
// recalculation (mock-server/domain/simples). A close needs no Selic (only a late payment's
// juros do: mock-server/domain/simples/guides.ts latePaymentQuote reads the stored months, which
// mock-server/index.ts refreshes from the Banco Central at start and every day).

type PeriodCall = { params: z.output<typeof periodParamsSchema> }

/** The month as calculated (live while open, frozen once closed). */
function getMonth({ store, company, params }: Call<PeriodCall>) {
  return { data: monthView(store, company, params.period, clock.today()) }
}

/** Revenue without an invoice (sales of goods) the client declares, by activity. */
function putDeclaredRevenue({
  store,
  caller,
  companyId,
  params,
  body,
}: Call<PeriodCall & { body: z.output<typeof declaredRevenueInputSchema> }>) {
  const today = clock.today()
  const now = clock.nowIso()
  store.write(() => {
    const company = store.companies.get(companyId)!
    const id = monthKey(companyId, params.period)
    if (store.closedMonths.exists({ id }))
      throw conflict(simplesMessages.monthClosed(params.period, audienceOf(caller)))
    if (store.revenueHistories.get(companyId)?.months.some((m) => m.period === params.period))
      throw conflict(revenueHistoryMessages.inHistory(params.period))
    if (params.period > today.slice(0, 7)) throw badRequest('Essa competência ainda não começou.')
    body.items.forEach((item, index) => {
      if (!company.activities.includes(item.cnae)) {
        const message = simplesMessages.unknownActivity(item.cnae)
        throw badRequest(message, [{ path: ['items', index, 'cnae'], message }])
      }
    })
    const items = body.items.filter((item) => item.amount > 0)
    // Card payouts a person explained as these sales keep the declared revenue from going below.
    assertDeclaredCoversExplained(
      store,
      companyId,
      params.period,
      items.reduce((sum, item) => sum + toCents(item.amount), 0),
    )
    store.declaredRevenues.put({
      id,
      companyId,
      period: params.period,
      items,
      updatedAt: now,
      updatedBy: caller.uid,
    })
  })
  return { data: monthView(store, store.companies.get(companyId)!, params.period, today) }
}

/**
 * Closes one month: freezes it and publishes its guides (409 when closed or not ready). A debit
 * already on the statement may pay the new guides: that reconciliation is a reaction nobody
 * waits for, as the bulk close's (the month's page shows the payment once its run has written).
 */
function postClose({ store, caller, companyId, params }: Call<PeriodCall>) {
  const today = clock.today()
  const now = clock.nowIso()
  // The close answers the month as it stands once committed (the reconciliation the guides start
  // runs after the answer: mock-server/domain/reactions.ts).
  const { result: view } = commit(
    store,
    (raise) => {
      const closed = closeMonth(store, companyId, params.period, caller.uid, now, today)
      raise({ type: 'guides-changed', companyId, documentIds: closed.guideIds })
      return closedMonthView(store, closed)
    },
    { background: true },
  )
  return { data: view }
}

type QueueCall = {
  params: z.output<typeof periodOnlyParamsSchema>
  query: z.output<typeof simplesQueueQuerySchema>
}

/** The month-close queue: every active Simples and MEI company with its month, 25 a page. */
function getQueue({ store, params, query }: Call<QueueCall>) {
  return simplesQueue(store, params.period, query, clock.today())
}

/**
 * Closes several months at once, a batch of companies per transaction (one company's refusal
 * undoes only its own writes), yielding between batches so that other requests are served
 * meanwhile (mock-server/domain/simples/close-several.ts); each company says whether it closed or
 * why not.
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
  const today = clock.today()
  const outcomes = await closeSeveral(
    store,
    body.companyIds,
    params.period,
    caller.uid,
    today,
    clock.nowIso,
  )
  return {
    data: outcomes.map(({ companyId, closed, refusal }): CloseOutcome =>
      closed
        ? {
            companyId,
            closed: true,
            message: null,
            guide: closed.guide,
          }
        : { companyId, closed: false, message: refusal.message, guide: null },
    ),
  }
}

type GuideCall = { params: z.output<typeof guideParamsSchema> }

/** The guides to pay, due first (an overdue one without its expired line). */
function getGuides({ store, companyId }: Call) {
  const data = companyGuides(store, companyId, clock.today())
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
    clock.today(),
  )
  return { data: latePaymentView(quote, null) }
}

/**
 * The guide for the payment day, replacing the expired one: 201 with a new one, or 200 with the
 * one already made for that day (a repeated request never makes a second debt).
 */
async function postLatePayment({
  store,
  caller,
  companyId,
  params,
  body,
  res,
}: Call<GuideCall & { body: z.output<typeof latePaymentInputSchema> }>) {
  const today = clock.today()
  const now = clock.nowIso()
  const { result, reactions } = commit(store, (raise) => {
    const quote = latePaymentQuote(store, companyId, params.documentId, body.paymentDate, today)
    const issued = issueLateGuide(store, quote, caller.uid, now)
    if (issued.created)
      raise({ type: 'guides-changed', companyId, documentIds: [issued.document.id] })
    return { quote, issued }
  })
  await reacted(reactions)
  const { quote, issued } = result
  if (issued.created) res.statusCode = 201
  return { data: latePaymentView(quote, guideView(issued.document, today)) }
}

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
    summary:
      'Issues the guide recalculated for the payment day (201), or answers the one that day has (200).',
    access: 'company',
    company: 'params.id',
    params: guideParamsSchema,
    body: latePaymentInputSchema,
    answers: { 200: recordOf(latePaymentSchema), 201: recordOf(latePaymentSchema) },
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
