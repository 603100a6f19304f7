import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { isSystemAdmin } from '../../src/schemas/claims'
import { companyScopeQuerySchema, idSchema, listOf, recordOf } from '../../src/schemas/common'
import {
  documentCreateSchema,
  documentListQuerySchema,
  documentRejectSchema,
  documentSchema,
  documentStatusBodySchema,
  documentStatusChangeMessage,
  documentStatusSchema,
  type CompanyDocument,
  type DocumentStatus,
} from '../../src/schemas/document'
import {
  changeDocumentStatus as moveDocument,
  deleteDocument as removeDocument,
  onlyPendingDeleted,
  registerDocument,
  type DocumentCaller,
} from '../domain/documents/commands'
import { endpoint, type Call } from '../api'
import { filePath } from '../store/files'
import { badRequest, forbidden, paginate, parse } from '../http'

export const FILE_MISSING =
  'Arquivo não encontrado: envie o arquivo pelo link de upload (GET /upload/{filename}) antes de registrar o documento.'

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
  return { data: await registerDocument(store, document) }
}

const documentCaller = (caller: Call['caller']): DocumentCaller => ({
  by: isSystemAdmin(caller.claims) ? 'accountant' : 'company',
  uid: caller.uid,
})

/** A status change through the document's statechart; a refusal carries the reason the client reads. */
function changeDocumentStatus({
  store,
  caller,
  companyId,
  params,
  req,
}: Call<{ params: { id: string; status: DocumentStatus } }>) {
  if (params.status !== 'rejected') parse(documentStatusBodySchema, req.body ?? {})
  const document = moveDocument(
    store,
    companyId,
    params.id,
    params.status,
    documentCaller(caller),
    req.body,
  )
  return { data: document }
}

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
  return { data: await removeDocument(store, company.id, params.id, documentCaller(caller)) }
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
