import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { Router, type Request } from 'express'
import { isSystemAdmin } from '../../src/schemas/claims'
import {
  companyMayDeleteDocument,
  documentCreateSchema,
  documentListQuerySchema,
  documentRejectSchema,
  documentStatusBodySchema,
  documentStatusChangeMessage,
  documentStatusLabels,
  documentStatusSchema,
  documentTransition,
  type CompanyDocument,
} from '../../src/schemas/document'
import { callerOf } from '../auth'
import type { RouteModule } from '../deps'
import { filePath } from '../core/files'
import { badRequest, conflict, forbidden, handle, paginate, parse } from '../http'
import { companyFor, companyKey, financeOf, ownedBy } from '../finance/state'

export const FILE_MISSING =
  'Arquivo não encontrado: envie o arquivo pelo link de upload (GET /upload/{filename}) antes de registrar o documento.'

/**
 * Documents (SPEC section 7 "Documents"). A document registers a file the company uploaded
 * through its signed upload link (`fileName`, in the company's folder); the client gets a
 * download link for it from `GET /download/{fileName}?companyId`. Rules:
 * - the company sends any type but `guia`; the accountant (system admin) sends any type, and a
 *   guia carries its kind, due date, amount and competence;
 * - a guia goes pending → paid (the company or the accountant); any other document goes
 *   pending → approved | rejected and rejected → pending (the accountant only); else 409;
 * - the company deletes its own pending documents; the accountant deletes any; else 409.
 */
export const documentsRoutes: RouteModule = {
  create: ({ store, auth, config }) => {
    const router = Router()
    const index = () => financeOf(store).documents
    const companyOf = (req: Request) => companyFor(store, callerOf(req), req.query.companyId)
    // Build the index at start, not on the first request.
    void index().version
    const findDocument = (req: Request, companyId: string) =>
      ownedBy(index().get(req.params.id ?? ''), companyId, 'Documento não encontrado.')

    router.get(
      '/documents',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        const q = parse(documentListQuerySchema, req.query)
        let list = index().list(companyKey(company.id))
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
      }),
    )

    router.post(
      '/documents',
      auth.authenticate,
      handle(async (req, res) => {
        const caller = callerOf(req)
        const company = companyOf(req)
        const input = parse(documentCreateSchema, req.body)
        const accountant = isSystemAdmin(caller.claims)
        if (input.type === 'guia' && !accountant)
          throw forbidden('Guias de impostos são enviadas pela contabilidade.')
        // The file must have been sent through the company's signed upload link first.
        if (!existsSync(filePath(config, company.id, input.fileName).file))
          throw badRequest(FILE_MISSING, [{ path: ['fileName'], message: FILE_MISSING }])
        const now = new Date().toISOString()
        const document: CompanyDocument = {
          id: `doc-${randomUUID()}`,
          companyId: company.id,
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
        index().add([document])
        await store.commit()
        res.status(201)
        return { data: document }
      }),
    )

    router.put(
      '/documents/:id/status/:status',
      auth.authenticate,
      handle(async (req) => {
        const caller = callerOf(req)
        const company = companyOf(req)
        const to = parse(documentStatusSchema, req.params.status)
        if (to !== 'rejected') parse(documentStatusBodySchema, req.body ?? {})
        const document = findDocument(req, company.id)
        const from = document.status
        const rule = documentTransition(document.type, from, to)
        if (!rule.allowed) throw conflict(documentStatusChangeMessage(document.type, from, to))
        if (rule.adminOnly && !isSystemAdmin(caller.claims))
          throw forbidden('Apenas a contabilidade aprova ou recusa documentos.')
        // A refusal carries the reason the client reads.
        const reason = to === 'rejected' ? parse(documentRejectSchema, req.body).reason : null
        const now = new Date().toISOString()
        index().update(document, (d) => {
          d.status = to
          d.updatedAt = now
          if (to === 'paid') d.paidAt = now
          if (to === 'approved' || to === 'rejected') {
            d.reviewedBy = caller.uid
            d.reviewedAt = now
          }
          d.rejectionReason = reason
        })
        await store.commit()
        return { data: document }
      }),
    )

    router.delete(
      '/documents/:id',
      auth.authenticate,
      handle(async (req) => {
        const caller = callerOf(req)
        const company = companyOf(req)
        const document = findDocument(req, company.id)
        if (!isSystemAdmin(caller.claims) && !companyMayDeleteDocument(document)) {
          if (document.sentBy !== 'company')
            throw forbidden(
              'Documentos enviados pela contabilidade só podem ser excluídos por ela.',
            )
          throw conflict(
            `Só é possível excluir um documento pendente (este está "${documentStatusLabels[document.status]}").`,
          )
        }
        index().removeWhere((d) => d === document)
        await store.commit()
        return { data: document }
      }),
    )

    return router
  },
}
