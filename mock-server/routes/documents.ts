import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { isSystemAdmin } from '../../src/schemas/claims'
import { companyScopeQuerySchema, idSchema, listOf, recordOf } from '../../src/schemas/common'
import {
  companyMayDeleteDocument,
  documentCreateSchema,
  documentListQuerySchema,
  documentRejectSchema,
  documentSchema,
  documentStatusBodySchema,
  documentStatusChangeMessage,
  documentStatusLabels,
  documentStatusSchema,
  documentTransition,
  type CompanyDocument,
  type DocumentStatus,
} from '../../src/schemas/document'
import { releaseGuide } from '../domain/bank/reconciliation/writes'
import {
  reconcileAfterGuideChange,
  reconcileLines,
  settled,
} from '../domain/bank/reconciliation/reconciler'
import { endpoint, type Call } from '../api'
import { ownedBy } from '../access'
import { filePath } from '../store/files'
import { badRequest, conflict, forbidden, paginate, parse } from '../http'
import { onGuidePaid } from '../domain/simples/guides'

export const FILE_MISSING =
  'Arquivo não encontrado: envie o arquivo pelo link de upload (GET /upload/{filename}) antes de registrar o documento.'
const NOT_FOUND = 'Documento não encontrado.'

// Documents (docs/product.md §7 "Documents"). A document registers a file the company uploaded
// through its signed upload link (`fileName`, in the company's folder); the client gets a
// download link for it from `GET /download/{fileName}?companyId`. Rules:
// - the company sends any type but `guia`; the accountant (system admin) sends any type, and a
//   guia carries its kind, due date, amount and competence;
// - a guia goes pending → paid (the company or the accountant); any other document goes
//   pending → approved | rejected and rejected → pending (the accountant only); else 409;
// - the company deletes its own pending documents; the accountant deletes any; else 409.

/** The company's documents, newest first; by type, status, competence or who sent them. */
function listDocuments({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof documentListQuerySchema> }>) {
  let list = store.documents.find({
    where: { companyId },
    order: 'createdAt DESC, id DESC',
  })
  if (q.type || q.status || q.competence || q.createdBy) {
    const types = q.type ? new Set(q.type) : null
    list = list.filter(
      (d) =>
        (!types || types.has(d.type)) &&
        (!q.status || d.status === q.status) &&
        (!q.competence || d.competence === q.competence) &&
        (!q.createdBy || d.createdBy === q.createdBy),
    )
  }
  return paginate(list, q)
}

/**
 * Registers an uploaded file as a document of the company; a tax guide is open for bank
 * reconciliation (the debits around its due date are looked at).
 */
async function createDocument({
  store,
  config,
  caller,
  companyId,
  body: input,
}: Call<{ body: z.output<typeof documentCreateSchema> }>) {
  const accountant = isSystemAdmin(caller.claims)
  if (input.type === 'guia' && !accountant)
    throw forbidden('Guias de impostos são enviadas pela contabilidade.')
  // The file must have been sent through the company's signed upload link first.
  if (!existsSync(filePath(config, companyId, input.fileName).file))
    throw badRequest(FILE_MISSING, [{ path: ['fileName'], message: FILE_MISSING }])
  const now = new Date().toISOString()
  const document: CompanyDocument = {
    id: `doc-${randomUUID()}`,
    companyId,
    type: input.type,
    name: input.name,
    description: 'description' in input ? (input.description ?? null) : null,
    fileName: input.fileName,
    status: 'pending',
    guia: 'guia' in input ? input.guia : null,
    competence:
      'guia' in input
        ? input.guia.competence
        : 'competence' in input
          ? (input.competence ?? null)
          : null,
    sentBy: accountant ? 'accountant' : 'company',
    createdBy: caller.uid,
    reviewedBy: null,
    reviewedAt: null,
    rejectionReason: null,
    paidAt: null,
    createdAt: now,
    updatedAt: now,
  }
  store.write(() => store.documents.insert(document))
  if (document.type !== 'guia') return { data: document }
  await settled(reconcileAfterGuideChange(store, companyId, [document.id]))
  return { data: store.documents.get(document.id) ?? document }
}

/** A status change by the document's rules; a refusal carries the reason the client reads. */
function changeDocumentStatus({
  store,
  caller,
  companyId,
  params,
  req,
}: Call<{ params: { id: string; status: DocumentStatus } }>) {
  const to = params.status
  if (to !== 'rejected') parse(documentStatusBodySchema, req.body ?? {})
  const document = ownedBy(store.documents.get(params.id), companyId, NOT_FOUND)
  const from = document.status
  const rule = documentTransition(document.type, from, to)
  if (!rule.allowed) throw conflict(documentStatusChangeMessage(document.type, from, to))
  if (rule.adminOnly && !isSystemAdmin(caller.claims))
    throw forbidden('Apenas a contabilidade aprova ou recusa documentos.')
  const reason = to === 'rejected' ? parse(documentRejectSchema, req.body).reason : null
  const now = new Date().toISOString()
  document.status = to
  document.updatedAt = now
  if (to === 'paid') document.paidAt = now
  if (to === 'approved' || to === 'rejected') {
    document.reviewedBy = caller.uid
    document.reviewedAt = now
  }
  document.rejectionReason = reason
  store.write(() => {
    store.documents.update(document)
    // A recalculated guide pays the expired ones it replaced, and its closed month is paid.
    if (to === 'paid') onGuidePaid(store, document, now)
  })
  return { data: document }
}

const onlyPendingDeleted = (status: DocumentStatus) =>
  `Só é possível excluir um documento pendente (este está "${documentStatusLabels[status]}").`
/**
 * The company deletes its own pending documents; the accountant any. A guide a transaction paid
 * (bank reconciliation) leaves that line, which is looked at again.
 */
async function deleteDocument({
  store,
  caller,
  company,
  params,
}: Call<{ params: { id: string } }>) {
  const document = ownedBy(store.documents.get(params.id), company.id, NOT_FOUND)
  if (!isSystemAdmin(caller.claims) && !companyMayDeleteDocument(document)) {
    if (document.sentBy !== 'company')
      throw forbidden('Documentos enviados pela contabilidade só podem ser excluídos por ela.')
    throw conflict(onlyPendingDeleted(document.status))
  }
  const released = store.write(() => {
    const line = releaseGuide(store, document)
    store.documents.remove(document.id)
    return line
  })
  if (released) await settled(reconcileLines(store, company.id, [released.transactionId]))
  return { data: document }
}

const documentParams = z.object({ id: idSchema })

export const documentEndpoints = [
  endpoint({
    method: 'GET',
    path: '/documents',
    summary: "The company's documents, newest first; repeatable type, status, competence.",
    access: 'company',
    query: documentListQuerySchema,
    answers: { 200: listOf(documentSchema) },
    errors: [404],
    handler: listDocuments,
  }),
  endpoint({
    method: 'POST',
    path: '/documents',
    summary: 'Registers an uploaded file as a document.',
    access: 'company',
    query: companyScopeQuerySchema,
    body: documentCreateSchema,
    answers: { 201: recordOf(documentSchema) },
    errors: [404],
    handler: createDocument,
  }),
  endpoint({
    method: 'PUT',
    path: '/documents/{id}/status/{status}',
    summary: 'Approves, rejects (with a reason) or marks a guia paid.',
    access: 'company',
    params: documentParams.extend({ status: documentStatusSchema }),
    query: companyScopeQuerySchema,
    body: z.union([documentRejectSchema, documentStatusBodySchema]),
    bodyParsedBy: 'handler',
    answers: { 200: recordOf(documentSchema) },
    errors: [404, 409],
    messages: { 409: documentStatusChangeMessage('outros', 'approved', 'pending') },
    handler: changeDocumentStatus,
  }),
  endpoint({
    method: 'DELETE',
    path: '/documents/{id}',
    summary: 'Deletes a document (the company: its own pending ones).',
    access: 'company',
    params: documentParams,
    query: companyScopeQuerySchema,
    answers: { 200: recordOf(documentSchema) },
    errors: [404, 409],
    messages: { 409: onlyPendingDeleted('approved') },
    handler: deleteDocument,
  }),
]
