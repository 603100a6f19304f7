import {
  companyMayDeleteDocument,
  documentRejectSchema,
  documentStatusChangeMessage,
  documentStatusLabels,
  type CompanyDocument,
  type DocumentStatus,
} from '../../../src/schemas/document'
import {
  documentAfter,
  documentEventFor,
  documentMove,
  type DocumentActor,
} from '../../../src/machines/document'
import type { Store } from '../../store/database'
import { releaseGuide } from '../bank/reconciliation/writes'
import { conflict, forbidden, ownedBy, parsed } from '../errors'
import { commit, reacted } from '../reactions'

// The documents context's commands: each owns its transaction and raises what it did; the
// reactions (mock-server/domain/reactions.ts) reconcile after a guide is added or leaves a line,
// and a guide paid pays its month. A status moves only through the document statechart
// (src/machines/document.ts).

export const DOCUMENT_NOT_FOUND = 'Documento não encontrado.'
export const ACCOUNTANT_ONLY = 'Apenas a contabilidade aprova ou recusa documentos.'

/** Who asks: the company's person or the accountant, and their user id. */
export type DocumentCaller = { by: DocumentActor; uid: string }

/** What the company reads when it deletes a document that is not pending. */
export const onlyPendingDeleted = (status: DocumentStatus) =>
  `Só é possível excluir um documento pendente (este está "${documentStatusLabels[status]}").`

/**
 * Registers a document (its file already uploaded); a tax guide is open for bank reconciliation
 * (the debits around its due date are looked at, waited for a while). Answers it as stored then.
 */
export async function registerDocument(store: Store, document: CompanyDocument) {
  const { reactions } = commit(store, (raise) => {
    store.documents.insert(document)
    if (document.type === 'guia')
      raise({ type: 'guides-changed', companyId: document.companyId, documentIds: [document.id] })
  })
  await reacted(reactions)
  return store.documents.get(document.id) ?? document
}

/**
 * Moves a document to `to` through its statechart: 409 when there is no such move from where it
 * is, 403 when the move is the accountant's; a rejection reads its reason from `body`. A guide
 * paid pays its month (a reaction). Answers the document as written.
 */
export function changeDocumentStatus(
  store: Store,
  companyId: string,
  documentId: string,
  to: DocumentStatus,
  caller: DocumentCaller,
  body: unknown,
): CompanyDocument {
  const { result } = commit(store, (raise) => {
    const document = ownedBy(store.documents.get(documentId), companyId, DOCUMENT_NOT_FOUND)
    const from = document.status
    const move = documentMove(document, to, caller.by)
    if (move === 'not-allowed') throw conflict(documentStatusChangeMessage(document.type, from, to))
    if (move === 'accountant-only') throw forbidden(ACCOUNTANT_ONLY)
    const reason = to === 'rejected' ? parsed(documentRejectSchema, body).reason : null
    const next = documentAfter(document, documentEventFor(to, caller.by, reason ?? ''))
    if (next !== to) throw conflict(documentStatusChangeMessage(document.type, from, to))
    const now = new Date().toISOString()
    document.status = next
    document.updatedAt = now
    if (next === 'paid') document.paidAt = now
    if (next === 'approved' || next === 'rejected') {
      document.reviewedBy = caller.uid
      document.reviewedAt = now
    }
    document.rejectionReason = reason
    store.documents.update(document)
    if (next === 'paid')
      raise({ type: 'guide-paid', companyId: document.companyId, documentId: document.id })
    return document
  })
  return result
}

/**
 * The company deletes its own pending documents; the accountant any. A guide a bank line paid
 * leaves that line, which is looked at again (waited for a while). Answers the document deleted.
 */
export async function deleteDocument(
  store: Store,
  companyId: string,
  documentId: string,
  caller: DocumentCaller,
) {
  const { result, reactions } = commit(store, (raise) => {
    const document = ownedBy(store.documents.get(documentId), companyId, DOCUMENT_NOT_FOUND)
    if (caller.by !== 'accountant' && !companyMayDeleteDocument(document)) {
      if (document.sentBy !== 'company')
        throw forbidden('Documentos enviados pela contabilidade só podem ser excluídos por ela.')
      throw conflict(onlyPendingDeleted(document.status))
    }
    const released = releaseGuide(store, document)
    store.documents.remove(document.id)
    if (released)
      raise({ type: 'lines-changed', companyId, transactionIds: [released.transactionId] })
    return document
  })
  await reacted(reactions)
  return result
}
