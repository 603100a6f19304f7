import { z } from 'zod'
import { companyScopeQuerySchema, idSchema, listOf, recordOf } from '../../src/schemas/common'
import { periodRange, todayInBrazil } from '../../src/schemas/finance-common'
import {
  reconciliationConfirmSchema,
  reconciliationListQuerySchema,
  reconciliationMessages,
  reconciliationRowSchema,
  reconciliationSummaryQuerySchema,
  reconciliationSummarySchema,
} from '../../src/schemas/reconciliation'
import { endpoint, type Call } from '../api'
import { confirmMatch, matchAmounts, undoMatch } from '../domain/bank/reconciliation/actions'
import { reconcileLines, settled } from '../domain/bank/reconciliation/reconciler'
import { rowsOf, summaryOf } from '../domain/bank/reconciliation/views'
import { notFound } from '../http'
import type { Store } from '../store/database'

// Bank reconciliation (README "Bank reconciliation"): each transaction beside the invoices or the
// guide it pays — matched by the rules, suggested, or left to reconcile — a person's confirmation
// and undo, and a month's summary for the panel and the back office.

/** How long a confirmation or an undo waits for the run it starts before answering. */
const RUN_WAIT_MS = 5_000

/** One row as the list gives it (after a write: the record as it is now). */
function rowOf(store: Store, transactionId: string) {
  const record = store.reconciliations.get(transactionId)
  const [row] = record ? rowsOf(store, [record]) : []
  if (!row) throw notFound(reconciliationMessages.transactionNotFound)
  return row
}

/** A page of the company's (or one account's) transactions in reconciliation, newest first. */
function listReconciliation({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof reconciliationListQuerySchema> }>) {
  if (q.accountId && !store.bankAccounts.exists({ id: q.accountId, companyId }))
    throw notFound('Conta bancária não encontrada.')
  const page = store.reconciliations.page({
    where: {
      companyId,
      accountId: q.accountId,
      status: q.status,
      side: q.side,
      date: q.period ? periodRange(q.period) : undefined,
    },
    order: 'date DESC, id DESC',
    limit: q.limit,
    offset: q.offset,
  })
  return { data: rowsOf(store, page.data), total: page.total }
}

/** A month of reconciliation: credits matched, suggested and without an invoice; open invoices. */
function getReconciliationSummary({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof reconciliationSummaryQuerySchema> }>) {
  return { data: summaryOf(store, companyId, q.period ?? todayInBrazil().slice(0, 7)) }
}

/** A person matches a transaction; the lines that suggested the same invoice or guide follow. */
async function confirmReconciliation({
  store,
  caller,
  companyId,
  body,
}: Call<{ body: z.output<typeof reconciliationConfirmSchema> }>) {
  const at = new Date().toISOString()
  const record = store.write(() => confirmMatch(store, companyId, body, caller.uid, at))
  const amounts = matchAmounts(store, record.match)
  await settled(reconcileLines(store, companyId, [body.transactionId], amounts), RUN_WAIT_MS)
  return { data: rowOf(store, body.transactionId) }
}

/** Undoes a match: the line goes back to the lists, with what it was matched to as a suggestion. */
async function undoReconciliation({
  store,
  companyId,
  params,
}: Call<{ params: { transactionId: string } }>) {
  const undone = store.write(() =>
    undoMatch(store, companyId, params.transactionId, new Date().toISOString()),
  )
  const amounts = matchAmounts(store, undone)
  await settled(reconcileLines(store, companyId, [params.transactionId], amounts), RUN_WAIT_MS)
  return { data: rowOf(store, params.transactionId) }
}

export const reconciliationEndpoints = [
  endpoint({
    method: 'GET',
    path: '/bank-statements/reconciliation',
    summary:
      'Transactions in reconciliation, newest first: matched, suggested or unmatched (of an account, a side, a month), with their invoices or guides.',
    access: 'company',
    query: reconciliationListQuerySchema,
    answers: { 200: listOf(reconciliationRowSchema) },
    errors: [404],
    handler: listReconciliation,
  }),
  endpoint({
    method: 'GET',
    path: '/bank-statements/reconciliation/summary',
    summary:
      'A month of reconciliation: credits matched, suggested, without an invoice; invoices not received.',
    access: 'company',
    query: reconciliationSummaryQuerySchema,
    answers: { 200: recordOf(reconciliationSummarySchema) },
    errors: [404],
    handler: getReconciliationSummary,
  }),
  endpoint({
    method: 'POST',
    path: '/bank-statements/reconciliation',
    summary:
      'Matches a credit to invoices (one, or several of one taker adding up) or a debit to a guide.',
    access: 'company',
    query: companyScopeQuerySchema,
    body: reconciliationConfirmSchema,
    answers: { 201: recordOf(reconciliationRowSchema) },
    errors: [404, 409],
    messages: { 409: reconciliationMessages.alreadyMatched },
    handler: confirmReconciliation,
  }),
  endpoint({
    method: 'DELETE',
    path: '/bank-statements/reconciliation/{transactionId}',
    summary:
      'Undoes a match: the invoices or the guide are open again, the line back in the lists.',
    access: 'company',
    params: z.object({ transactionId: idSchema }),
    query: companyScopeQuerySchema,
    answers: { 200: recordOf(reconciliationRowSchema) },
    errors: [404, 409],
    messages: { 409: reconciliationMessages.notMatched },
    handler: undoReconciliation,
  }),
]
