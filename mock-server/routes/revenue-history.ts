import { z } from 'zod'
import { idSchema, recordOf } from '../../src/schemas/common'
import { todayInBrazil } from '../../src/schemas/finance-common'
import {
  revenueHistoryInputSchema,
  revenueHistorySchema,
  simplesMessages,
} from '../../src/schemas/simples/api'
import { endpoint, type Call } from '../api'
import { revenueHistoryView, saveRevenueHistory } from '../simples/revenue-history'

// The revenue from before us (mock-server/simples/revenue-history.ts): the accountant declares
// the months before the company's data here; the client reads them.

const paramsSchema = z.object({ id: idSchema })

function getHistory({ store, company }: Call) {
  return { data: revenueHistoryView(store, company, todayInBrazil()) }
}

function putHistory({
  store,
  caller,
  companyId,
  body,
}: Call<{ body: z.output<typeof revenueHistoryInputSchema> }>) {
  const now = new Date().toISOString()
  const today = todayInBrazil()
  store.write(() =>
    saveRevenueHistory(store, store.companies.get(companyId)!, body, caller.uid, now, today),
  )
  return { data: revenueHistoryView(store, store.companies.get(companyId)!, today) }
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
