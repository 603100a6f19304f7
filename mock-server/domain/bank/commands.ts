import type { BankTransaction } from '../../../src/schemas/bank'
import type {
  ReconciliationConfirm,
  ReconciliationExplain,
} from '../../../src/schemas/reconciliation'
import type { Store } from '../../store/database'
import { forbidden, invalid, outsideServiceFailed, ownedBy } from '../errors'
import { commit, publishAndWait, reacted } from '../reactions'
import {
  CORA_CODE_INVALID,
  CORA_OTHER_USER,
  CORA_UNANSWERED,
  CORA_UNREACHED,
  askCora,
  coraSyncPeriod,
  readCoraStatement,
  syncCora,
  type CoraClient,
} from './cora'
import { accountView, importStatementInBatches, removeAccount, type Origin } from './ledger'
import type { Statement } from './ofx'
import { explainCredits, matchAmounts, writeMatch, writeUndo } from './reconciliation/actions'
import { categoryKindsOf } from './reconciliation/inputs'
import { notRevenueCategory } from './reconciliation/rules'

// The bank context's commands: each owns its transaction(s) and raises what it did; the
// reactions (mock-server/domain/reactions.ts) reconcile after it. The routes parse, call one of
// these and answer.

const NOT_FOUND = 'Transação não encontrada.'
const CATEGORY_NOT_FOUND = 'Categoria não encontrada.'

/** How long a person's confirmation or undo waits for the run it starts before answering. */
const MATCH_RUN_WAIT_MS = 5_000

/** What the run that looked at an import's new lines made of them, if it finished in time. */
export type ImportReconciliation = { matched: number; suggested: number; unmatched: number } | null

/**
 * Puts a statement file's entries in the books (a batch per transaction: a big file never holds
 * the event loop), then bank reconciliation looks at the new lines; waits for it a while.
 */
export async function importStatement(
  store: Store,
  companyId: string,
  statement: Statement,
  origin: Origin,
): Promise<{
  outcome: Awaited<ReturnType<typeof importStatementInBatches>>
  reconciliation: ImportReconciliation
}> {
  const outcome = await importStatementInBatches(store, companyId, statement, origin)
  const summary = await publishAndWait(store, [
    { type: 'statement-imported', companyId, transactionIds: outcome.transactionIds },
  ])
  return {
    outcome,
    reconciliation: summary
      ? { matched: summary.matched, suggested: summary.suggested, unmatched: summary.unmatched }
      : null,
  }
}

/** Starts a company's Cora consent for the person `uid`: the address of Cora's page. */
export const startCoraConsent = (cora: CoraClient, companyId: string, uid: string) =>
  cora.startConsent({ companyId, uid })

/**
 * Connects a company's Cora account with the one-time code its consent handed back: Cora
 * exchanges the code (refused: the code is not good, or the consent is another person's), the
 * token reads the last `CORA_SYNC_DAYS` of statement, and one transaction books the connection,
 * its account and the new entries; bank reconciliation then looks at the new lines, waited for a
 * while. Nothing is written before Cora's statement is in hand and read: an answer lost (an
 * error, or none in `waitMs`) or not readable is refused and leaves the books as they were, and
 * the person connects again (the entries booked once: their ids are the lines' FITIDs).
 */
export async function connectCoraAccount(
  store: Store,
  cora: CoraClient,
  companyId: string,
  consent: { code: string; state: string; uid: string },
  waitMs: number,
) {
  const now = new Date()
  const exchanged = await askCora(
    () => cora.exchangeCode({ ...consent, companyId }),
    waitMs,
    CORA_UNREACHED,
  )
  if (!exchanged.ok)
    throw exchanged.error === 'other_person'
      ? forbidden(CORA_OTHER_USER)
      : invalid(CORA_CODE_INVALID, [{ path: ['code'], message: CORA_CODE_INVALID }])
  const answer = await askCora(
    () => cora.statement(exchanged.token.accessToken, coraSyncPeriod(now)),
    waitMs,
    CORA_UNANSWERED,
  )
  if (!answer) throw outsideServiceFailed(CORA_UNANSWERED)
  const statement = readCoraStatement(answer)
  const { result, reactions } = commit(store, (raise) => {
    const outcome = syncCora(store, companyId, statement, now)
    raise({ type: 'statement-imported', companyId, transactionIds: outcome.transactionIds })
    return outcome
  })
  await reacted(reactions)
  return result
}

/**
 * Removes an account and its transactions: what they paid is open again (their invoices not
 * received, their guides unpaid) and the company's other lines may pay it. Answers the account
 * as it was, with the count of its transactions removed.
 */
export function removeBankAccount(store: Store, companyId: string, accountId: string) {
  const { result } = commit(
    store,
    (raise) => {
      const account = ownedBy(
        store.bankAccounts.get(accountId),
        companyId,
        'Conta bancária não encontrada.',
      )
      const view = accountView(store, account)
      const removedTransactions = removeAccount(store, account, raise)
      raise({ type: 'account-removed', companyId })
      return { ...view, removedTransactions }
    },
    { background: true },
  )
  return result
}

/**
 * Sets (or clears) the tax category of some of the company's transactions, all or nothing.
 * Reconciliation looks again at the credits the change moves in or out of revenue (a transfer,
 * a redemption or interest is not an invoice's payment). Answers the transactions as written.
 */
export function categorizeTransactions(
  store: Store,
  companyId: string,
  transactionIds: readonly string[],
  taxCategoryId: string | null,
): BankTransaction[] {
  const { result } = commit(
    store,
    (raise) => {
      if (taxCategoryId !== null && !store.taxCategories.get(taxCategoryId))
        throw invalid(CATEGORY_NOT_FOUND, [
          { path: ['taxCategoryId'], message: CATEGORY_NOT_FOUND },
        ])
      const kinds = categoryKindsOf(store.taxCategories.all())
      const moved: string[] = []
      const written = [...new Set(transactionIds)].map((id) => {
        const transaction = ownedBy(store.bankTransactions.get(id), companyId, NOT_FOUND)
        const before = transaction.taxCategoryId
        transaction.taxCategoryId = taxCategoryId
        store.bankTransactions.update(transaction)
        if (
          transaction.amount > 0 &&
          notRevenueCategory(before, kinds) !== notRevenueCategory(taxCategoryId, kinds)
        )
          moved.push(transaction.id)
        return transaction
      })
      if (moved.length > 0) raise({ type: 'lines-changed', companyId, transactionIds: moved })
      return written
    },
    { background: true },
  )
  return result
}

/**
 * A person matches a line to invoices or to a guide; the lines that suggested the same invoices
 * or guide are looked at again (waited for a while). Answers the record written.
 */
export async function confirmMatch(
  store: Store,
  companyId: string,
  input: ReconciliationConfirm,
  uid: string,
  at: string = new Date().toISOString(),
) {
  const { result, reactions } = commit(store, (raise) => {
    const record = writeMatch(store, companyId, input, uid, at, raise)
    const amounts = matchAmounts(store, record.match)
    raise({ type: 'lines-changed', companyId, transactionIds: [input.transactionId], amounts })
    return record
  })
  await reacted(reactions, MATCH_RUN_WAIT_MS)
  return result
}

/**
 * A person undoes a line's match: its invoices are not received any more, its guide is as it was
 * (and what the guide's payment paid is due again), and the line goes back to the lists.
 */
export async function undoMatch(
  store: Store,
  companyId: string,
  transactionId: string,
  at: string = new Date().toISOString(),
) {
  const { result, reactions } = commit(store, (raise) => {
    const undone = writeUndo(store, companyId, transactionId, at, raise)
    const amounts = matchAmounts(store, undone)
    raise({ type: 'lines-changed', companyId, transactionIds: [transactionId], amounts })
    return undone
  })
  await reacted(reactions, MATCH_RUN_WAIT_MS)
  return result
}

/**
 * A person explains credits no invoice explains (a sale declared without an invoice, a transfer,
 * a partner's money…): one transaction, nothing half-saved. Nothing else moves with it, so no
 * reaction follows.
 */
export function explainLines(
  store: Store,
  companyId: string,
  input: ReconciliationExplain,
  uid: string,
  at: string = new Date().toISOString(),
) {
  return store.write(() => explainCredits(store, companyId, input, uid, at))
}
