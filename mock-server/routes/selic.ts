import { recordOf } from '../../src/schemas/common'
import { todayInBrazil } from '../../src/schemas/finance-common'
import type { z } from 'zod'
import {
  selicInputSchema,
  selicMessages,
  selicMonthSchema,
  selicTableSchema,
} from '../../src/schemas/simples/api'
import { endpoint, type Call } from '../api'
import {
  addSelicMonth,
  bancoCentralBaseUrl,
  lastSelicRead,
  refreshSelic,
  selicMonths,
} from '../simples/selic'

// The monthly Selic the late-payment charges use (mock-server/simples/selic.ts): the back office
// sees the months the product has and where each came from, reads the Banco Central's series
// again, and adds a month the product lacks, with its source.

function getTable({ store }: Call) {
  return { data: { months: selicMonths(store), lastRead: lastSelicRead(store) } }
}

async function postRefresh({ store, config, req }: Call) {
  await refreshSelic(store, bancoCentralBaseUrl(config, req), todayInBrazil(), { force: true })
  return { data: { months: selicMonths(store), lastRead: lastSelicRead(store) } }
}

function postMonth({ store, caller, body }: Call<{ body: z.output<typeof selicInputSchema> }>) {
  const now = new Date().toISOString()
  return {
    data: store.write(() => addSelicMonth(store, body, caller.uid, now, todayInBrazil())),
  }
}

export const selicEndpoints = [
  endpoint({
    method: 'GET',
    path: '/selic',
    summary:
      'The monthly Selic the product has (late-payment juros), newest first, each with its source.',
    access: 'system-admin',
    answers: { 200: recordOf(selicTableSchema) },
    handler: getTable,
  }),
  endpoint({
    method: 'POST',
    path: '/selic/refresh',
    summary:
      'Reads the Banco Central’s series 4390 now (also read at start and at each month close).',
    access: 'system-admin',
    answers: { 200: recordOf(selicTableSchema) },
    handler: postRefresh,
  }),
  endpoint({
    method: 'POST',
    path: '/selic',
    summary:
      'Adds a month’s Selic the product lacks, with its source (not over the Banco Central’s).',
    access: 'system-admin',
    body: selicInputSchema,
    answers: { 201: recordOf(selicMonthSchema) },
    errors: [409],
    messages: { 409: selicMessages.monthFuture },
    handler: postMonth,
  }),
]
