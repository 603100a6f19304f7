import { z } from 'zod'
import {
  bankConnectionDetailSchema,
  bankConnectionSchema,
  coraConnectionSchema,
  coraConsentSchema,
  coraExchangeQuerySchema,
} from '../../src/schemas/bank'
import {
  companyScopeQuerySchema,
  idSchema,
  listOf,
  pageQuerySchema,
  recordOf,
} from '../../src/schemas/common'
import { endpoint, type Call } from '../api'
import { ownedBy } from '../access'
import { accountView } from '../domain/bank/ledger'
import { connectCoraAccount, startCoraConsent } from '../domain/bank/commands'
import { CORA_OTHER_USER, CORA_UNANSWERED } from '../domain/bank/cora'
import { paginate } from '../http'

// Bank connections (docs/product.md §7 "Bank statements"): connecting a Cora account through its
// OAuth (the consent page is the Cora stand-in, stand-ins/cora/routes.ts) and the connections there are.
// Cora is reached through its API's client (`cora`, domain/bank/cora.ts), wired in mock-server/app.ts.

/** Starts a Cora authorization: the address of Cora's consent page. */
async function startCora({ cora, caller, companyId }: Call) {
  return { data: await startCoraConsent(cora, companyId, caller.uid) }
}

/**
 * Exchanges Cora's one-time code: the connection, its account and the last 90 days (which bank
 * reconciliation then looks at).
 */
async function connectCora({
  store,
  cora,
  config,
  caller,
  company,
  query,
}: Call<{ query: z.output<typeof coraExchangeQuerySchema> }>) {
  const outcome = await connectCoraAccount(
    store,
    cora,
    company.id,
    { code: query.code, state: query.state, uid: caller.uid },
    config.coraTimeoutMs,
  )
  return {
    data: {
      connection: outcome.connection,
      account: accountView(store, outcome.account),
      imported: outcome.imported,
      duplicates: outcome.duplicates,
    },
  }
}

function listConnections({
  store,
  companyId,
  query: q,
}: Call<{ query: { limit: number; offset: number } }>) {
  const list = store.bankConnections
    .find({ where: { companyId } })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return paginate(list, q)
}

/** One connection with its accounts (and their counts). */
function getConnection({ store, companyId, params }: Call<{ params: { id: string } }>) {
  const connection = ownedBy(
    store.bankConnections.get(params.id),
    companyId,
    'Conexão bancária não encontrada.',
  )
  const accounts = connection.accountIds
    .map((id) => store.bankAccounts.get(id))
    .filter((a) => a !== undefined)
    .map((a) => accountView(store, a))
  return { data: { ...connection, accounts } }
}

export const bankConnectionEndpoints = [
  endpoint({
    method: 'GET',
    path: '/bank-statements/connections/oauth/cora',
    summary: "The address of Cora's consent page (starts an authorization).",
    access: 'company',
    query: companyScopeQuerySchema,
    answers: { 200: recordOf(coraConsentSchema) },
    errors: [404],
    handler: startCora,
  }),
  endpoint({
    method: 'POST',
    path: '/bank-statements/connections/oauth/cora',
    summary: "Exchanges Cora's code: the connection, the account and its last 90 days.",
    // A company endpoint whose code counts only for the person who started the authorization
    // (not even an admin): the company gate, then the exchange checks the caller.
    access: 'recipient',
    company: 'query.companyId',
    query: coraExchangeQuerySchema,
    answers: { 201: recordOf(coraConnectionSchema) },
    errors: [404, 502],
    messages: { 403: CORA_OTHER_USER, 502: CORA_UNANSWERED },
    handler: connectCora,
  }),
  endpoint({
    method: 'GET',
    path: '/bank-statements/connections',
    summary: "The company's bank connections, newest first.",
    access: 'company',
    query: pageQuerySchema(10).extend({ companyId: idSchema }),
    answers: { 200: listOf(bankConnectionSchema) },
    errors: [404],
    handler: listConnections,
  }),
  endpoint({
    method: 'GET',
    path: '/bank-statements/connections/{id}',
    summary: 'One connection with its accounts.',
    access: 'company',
    params: z.object({ id: idSchema }),
    query: companyScopeQuerySchema,
    answers: { 200: recordOf(bankConnectionDetailSchema) },
    errors: [404],
    handler: getConnection,
  }),
]
