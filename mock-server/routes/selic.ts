import { recordOf } from '../../src/schemas/common'
import { todayInBrazil } from '../../src/schemas/finance-common'
import type { z } from 'zod'
import {
  selicInputSchema,
  selicMessages,
  selicMonthSchema,
  selicTableSchema,
} from '../../src/schemas/simples/api'
import type { Request } from 'express'
import { endpoint, type Call } from '../api'
import type { ServerConfig } from '../config'
import {
  addSelicMonth,
  lastSelicRead,
  refreshSelic,
  selicMonthRefusal,
  selicMonths,
} from '../domain/simples/selic'
import { BANCO_CENTRAL_PREFIX } from '../stand-ins/banco-central/contract'

// The monthly Selic the late-payment charges use (mock-server/domain/simples/selic.ts): the back
// office sees the months the product has and where each came from, reads the Banco Central's
// series again, and adds a month the product lacks, with its source.

/**
 * Where the Banco Central's API is: MOCK_BANCO_CENTRAL_URL, else this server's own stand-in,
 * reached on the address a request came in on (or, at start, the address it listens on).
 */
export function bancoCentralBaseUrl(config: ServerConfig, req?: Request, listening?: string) {
  if (config.bancoCentralUrl) return config.bancoCentralUrl.replace(/\/$/, '')
  if (req) {
    const { localAddress = '127.0.0.1', localPort } = req.socket
    const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress
    return `http://${host}:${localPort}${BANCO_CENTRAL_PREFIX}`
  }
  return `${listening ?? `http://127.0.0.1:${config.port}`}${BANCO_CENTRAL_PREFIX}`
}

function getTable({ store }: Call) {
  return { data: { months: selicMonths(store), lastRead: lastSelicRead(store) } }
}

async function postRefresh({ store, config, req }: Call) {
  await refreshSelic(store, bancoCentralBaseUrl(config, req), todayInBrazil(), { force: true })
  return { data: { months: selicMonths(store), lastRead: lastSelicRead(store) } }
}

function postMonth({ store, caller, body }: Call<{ body: z.output<typeof selicInputSchema> }>) {
  const now = new Date().toISOString()
  const today = todayInBrazil()
  return {
    data: store.write(() => {
      const refusal = selicMonthRefusal(store, body.month, today)
      if (refusal) throw refusal
      return addSelicMonth(store, body, caller.uid, now)
    }),
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
    summary: 'Reads the Banco Central’s series 4390 now (also read at start and every day).',
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
