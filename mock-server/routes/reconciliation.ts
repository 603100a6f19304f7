import { z } from 'zod'
import { companyScopeQuerySchema, idSchema, listOf, recordOf } from '../../src/schemas/common'
import { periodRange } from '../../src/schemas/finance-common'
import {
  reconciliationConfirmSchema,
  reconciliationExplainSchema,
  reconciliationListQuerySchema,
  reconciliationMessages,
  reconciliationRowSchema,
  reconciliationSummaryQuerySchema,
  reconciliationSummarySchema,
} from '../../src/schemas/reconciliation'
import { endpoint, type Call } from '../api'
import * as clock from '../clock'
import { confirmMatch, explainLines, undoMatch } from '../domain/bank/commands'
import { rowsOf, summaryOf } from '../domain/bank/reconciliation/views'
import { notFound } from '../http'
import type { Store } from '../store/database'

// Bank reconciliation (docs/decisions.md "Bank reconciliation"): each transaction beside the
// invoices or the guide it pays — matched by the rules, suggested, or left to reconcile — a
// person's confirmation and undo, and a month's summary for the panel and the back office.

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
  return { data: summaryOf(store, companyId, q.period ?? clock.today().slice(0, 7)) }
}

/** A person matches a transaction; the lines that suggested the same invoice or guide follow. */
async function confirmReconciliation({
  store,
  caller,
  companyId,
  body,
}: Call<{ body: z.output<typeof reconciliationConfirmSchema> }>) {
  await confirmMatch(store, companyId, body, caller.uid, clock.nowIso())
  return { data: rowOf(store, body.transactionId) }
}

/**
 * A person explains credits no invoice explains (a sale declared without an invoice, a transfer,
 * a partner's money…); answers their rows as they are now.
 */
function explainReconciliation({
  store,
  caller,
  companyId,
  body,
}: Call<{ body: z.output<typeof reconciliationExplainSchema> }>) {
  const at = clock.nowIso()
  const records = explainLines(store, companyId, body, caller.uid, at)
  return { data: rowsOf(store, records), total: records.length }
}

/** Undoes a match: the line goes back to the lists, with what it was matched to as a suggestion. */
async function undoReconciliation({
  store,
  companyId,
  params,
}: Call<{ params: { transactionId: string } }>) {
  await undoMatch(store, companyId, params.transactionId, clock.nowIso())
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
    method: 'POST',
    path: '/bank-statements/reconciliation/explanations',
    summary:
      'Explains credits without an invoice: a sale declared without one (within the month’s declared revenue), a transfer, a redemption, a partner’s money, a loan, financial income.',
    access: 'company',
    query: companyScopeQuerySchema,
    body: reconciliationExplainSchema,
    answers: { 201: listOf(reconciliationRowSchema) },
    errors: [404, 409],
    messages: { 409: reconciliationMessages.alreadyMatched },
    handler: explainReconciliation,
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
