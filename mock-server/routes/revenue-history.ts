import { z } from 'zod'
import { idSchema, recordOf } from '../../src/schemas/common'
import { todayInBrazil } from '../../src/schemas/finance-common'
import {
  revenueHistoryInputSchema,
  revenueHistorySchema,
  simplesMessages,
} from '../../src/schemas/simples/api'
import type { Company } from '../../src/schemas/company'
import { endpoint, type Call } from '../api'
import { conflict } from '../http'
import type { Store } from '../store/database'
import {
  revenueHistoryRefusal,
  revenueHistoryView,
  saveRevenueHistory,
} from '../domain/simples/revenue-history'

// The revenue from before us (mock-server/domain/simples/revenue-history.ts): the accountant
// declares the months before the company's data here; the client reads them.

const paramsSchema = z.object({ id: idSchema })

/** The history's view, or 409 for a company that is not a Simples ME or EPP. */
function viewOf(store: Store, company: Company, today: string) {
  const view = revenueHistoryView(store, company, today)
  if (!view) throw conflict(simplesMessages.notSimples)
  return view
}

function getHistory({ store, company }: Call) {
  return { data: viewOf(store, company, todayInBrazil()) }
}

function putHistory({
  store,
  caller,
  companyId,
  body,
}: Call<{ body: z.output<typeof revenueHistoryInputSchema> }>) {
  const now = new Date().toISOString()
  const today = todayInBrazil()
  store.write(() => {
    const company = store.companies.get(companyId)!
    const refusal = revenueHistoryRefusal(store, company, body, today, simplesMessages.notSimples)
    if (refusal) throw refusal
    saveRevenueHistory(store, company, body, caller.uid, now)
  })
  return { data: viewOf(store, store.companies.get(companyId)!, today) }
}

export const revenueHistoryEndpoints = [
  endpoint({
    method: 'GET',
    path: '/companies/{id}/revenue-history',
    summary:
      'The revenue of the months before the company’s data here, as declared, and the months still missing.',
    access: 'company',
    company: 'params.id',
    params: paramsSchema,
    answers: { 200: recordOf(revenueHistorySchema) },
    errors: [404, 409],
    messages: { 409: simplesMessages.notSimples },
    handler: getHistory,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/revenue-history',
    summary:
      'The accountant declares the revenue of the months before us (from the previous PGDAS-D).',
    access: 'system-admin',
    company: 'params.id',
    params: paramsSchema,
    body: revenueHistoryInputSchema,
    answers: { 200: recordOf(revenueHistorySchema) },
    errors: [404, 409],
    messages: { 409: simplesMessages.notSimples },
    handler: putHistory,
  }),
]
