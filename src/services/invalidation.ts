import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { backOfficeKeys } from './back-office/keys'
import { bankKeys } from './bank-statements/keys'
import { documentKeys } from './documents/keys'
import { invoiceKeys } from './invoices/keys'
import { simplesKeys } from './simples/keys'

// What each command changes on the server, as the client's cached queries see it: the one map a
// mutation reads to know what to refresh after it succeeds. It follows the server's reactions
// (mock-server/domain/reactions.ts): an import, a person's match or undo, a guide added or
// deleted reconciles the company's lines, so invoices may be received and guides paid; a guide
// paid — by a person or by the bank match — pays its month, which the month's page and the
// month-close queue show.

/** What a reconciliation run may change: its lists, invoices received, guides and months paid. */
const reconciled = (companyId: string): QueryKey[] => [
  bankKeys.reconciliation(companyId),
  invoiceKeys.requests(companyId),
  documentKeys.lists(companyId),
  simplesKeys.company(companyId),
  simplesKeys.queues(),
]

/** What a guide's payment changes: the documents, the month it pays and the queue. */
const guidePaid = (companyId: string): QueryKey[] => [
  documentKeys.company(companyId),
  simplesKeys.company(companyId),
  simplesKeys.queues(),
]

export const invalidationMap = {
  /** An OFX file imported or a Cora account connected: new lines, reconciled. */
  'statement-imported': (companyId: string) => [
    bankKeys.accounts(companyId),
    ...reconciled(companyId),
  ],
  /** A person confirms or undoes a line's match. */
  'reconciliation-changed': reconciled,
  /** Lines categorised: their account's counts; a credit moved out of revenue leaves reconciliation. */
  'transactions-categorized': (companyId: string) => [
    bankKeys.accounts(companyId),
    bankKeys.reconciliation(companyId),
  ],
  /** An account removed: what its lines paid is open again. */
  'bank-account-removed': (companyId: string) => [
    bankKeys.accounts(companyId),
    ...reconciled(companyId),
  ],
  /** A document registered: a guide is reconciled with the debits around its due date. */
  'document-registered': reconciled,
  /** A document approved, rejected, reopened or (a guide) paid. */
  'document-status-changed': guidePaid,
  /** A document deleted: a guide a line paid leaves that line. */
  'document-deleted': reconciled,
  /**
   * A month closed: its guides published, its page and the queue. Their reconciliation runs after
   * the answer (mock-server/routes/simples.ts): a debit already on the statement that pays a new
   * guide shows on the lists' next read.
   */
  'month-closed': (companyId: string) => [
    documentKeys.company(companyId),
    ...reconciled(companyId),
  ],
  /** A late guide issued for an expired one: the guides, the month, the debits around its day. */
  'late-guide-issued': (companyId: string) => [
    documentKeys.company(companyId),
    ...reconciled(companyId),
  ],
  /**
   * An NFS-e request issued, cancelled, substituted or moved by hand, or what was sent of it
   * settled by the Receita's confirmation (the server's check): the request and the queues of the
   * back office, the owner's list and panel, the company's documents and its Simples month (an
   * issued invoice is revenue of its competence).
   */
  'nfse-request-changed': (companyId: string) => [
    backOfficeKeys.nfsRequests(),
    invoiceKeys.requests(companyId),
    documentKeys.lists(companyId),
    simplesKeys.company(companyId),
  ],
  /**
   * A cancellation analysis asked of the municipality: the request (back office and the owner's
   * list and drawer) shows it waiting; nothing else changes until the municipality answers.
   */
  'nfse-cancellation-analysis-requested': (companyId: string) => [
    backOfficeKeys.nfsRequests(),
    invoiceKeys.requests(companyId),
  ],
} satisfies Record<string, (companyId: string) => QueryKey[]>

export type InvalidatingCommand = keyof typeof invalidationMap

/** The query keys a command's success makes stale, for a company. */
export const keysAfter = (command: InvalidatingCommand, companyId: string): QueryKey[] =>
  invalidationMap[command](companyId)

/** Refreshes what a command changed (a mutation's `onSuccess`). */
export const invalidateAfter = (
  queryClient: QueryClient,
  command: InvalidatingCommand,
  companyId: string,
) =>
  Promise.all(
    keysAfter(command, companyId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
