import { z } from 'zod'
import { paymentLineProblem, paymentLineSchema } from './payment-line'
import { idSchema, isoDateTimeSchema, pageQuerySchema, reasonSchema } from './common'
import { fileNameSchema } from './files'
import {
  amountSchema,
  bankPaymentSchema,
  calendarDateSchema,
  competenceSchema,
} from './finance-common'
import {
  documentStatusSchema,
  documentTypeSchema,
  documentTypes,
  type DocumentStatus,
  type DocumentType,
} from './document-kinds'
import { filledText } from './limit-messages'
import { documentStatusLabels, guiaStatusLabel, guiaStatusLabels } from './glossary'

// Company documents (docs/product.md §10 "Documents"): what the client sends to the accountant and
// the tax guides (guias) the accountant sends to be paid.

// The kinds and statuses are document-kinds' (the address bar's search parsing reads them there,
// without loading these schemas); documents keep naming them from here.
export * from './document-kinds'

export const documentTypeLabels: Record<DocumentType, string> = {
  'contrato-social': 'Contrato social',
  'cartao-cnpj': 'Cartão CNPJ',
  alvara: 'Alvará',
  guia: 'Guia de imposto',
  comprovante: 'Comprovante',
  'nota-fiscal': 'Nota fiscal',
  extrato: 'Extrato bancário',
  pessoal: 'Documento pessoal',
  outros: 'Outros',
}

/** Kinds of tax guide. */
export const guiaKinds = ['DAS', 'DARF', 'GPS', 'FGTS', 'ISS', 'ICMS', 'DAE'] as const
export const guiaKindSchema = z.enum(guiaKinds, { error: 'Tipo de guia inválido' })

/** Why a status change was refused (the moves are src/machines/document.ts's). */
export const documentStatusChangeMessage = (
  type: DocumentType,
  from: DocumentStatus,
  to: DocumentStatus,
) =>
  type === 'guia'
    ? `Uma guia só pode ir de "${guiaStatusLabels.toPay}" para "${guiaStatusLabels.paid}" (está "${guiaStatusLabel(from)}", pedido: "${guiaStatusLabel(to)}").`
    : `Não é possível mudar o documento de "${documentStatusLabels[from]}" para "${documentStatusLabels[to]}".`

/** A document's name in the lists. */
export const documentNameSchema = filledText('Dê um nome ao documento', { min: 2, max: 150 })

// The competence month is finance-common's (the address bar's search parsing reads it there,
// without loading the documents' schemas); documents keep naming it from here.
export { competenceSchema }

/** Whether a typed linha digitável is a valid collection slip (48 digits, every check digit). */
export const isDigitableLine = (line: string) => paymentLineProblem(line, ['collection']) === null

/**
 * The linha digitável of a guia (DAS, DARF, GPS… are collection slips, FEBRABAN "arrecadação"):
 * 48 digits in four blocks of 11 and a check digit, typed with or without spaces and dashes;
 * refused with the rule it breaks (src/schemas/payment-line.ts).
 */
export const digitableLineSchema = paymentLineSchema(
  ['collection'],
  'Informe a linha digitável da guia (48 números).',
)

/** The check digit of a collection slip (the seed writes valid lines with it). */
export { collectionCheckDigit } from '../kernel/check-digits'

export const guiaDetailsSchema = z.strictObject({
  kind: guiaKindSchema,
  dueDate: calendarDateSchema,
  amount: amountSchema,
  /** Month the tax refers to, `YYYY-MM`. */
  competence: competenceSchema,
  digitableLine: digitableLineSchema.optional(),
})
export type GuiaDetails = z.output<typeof guiaDetailsSchema>

const otherTypes = documentTypes.filter((type) => type !== 'guia') as Exclude<
  DocumentType,
  'guia'
>[]

/** `POST /documents?companyId`: registers a file uploaded through the signed upload link. */
export const documentCreateSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('guia'),
      name: documentNameSchema,
      fileName: fileNameSchema,
      guia: guiaDetailsSchema,
    }),
    z.strictObject({
      type: z.enum(otherTypes as [string, ...string[]]).transform((t) => t as DocumentType),
      name: documentNameSchema,
      fileName: fileNameSchema,
      description: z.string().trim().max(500).optional(),
      competence: competenceSchema.optional(),
    }),
  ],
  { error: 'Tipo de documento inválido' },
)
export type DocumentCreate = z.input<typeof documentCreateSchema>

/** `PUT /documents/{id}/status/{status}`: an optional note (why it was rejected). */
export const documentStatusBodySchema = z
  .strictObject({ reason: z.string().trim().min(3).max(500).optional() })
  .default({})

/** `PUT /documents/{id}/status/rejected`: the reason the client reads is required. */
export const documentRejectSchema = z.strictObject({
  reason: reasonSchema('Informe o motivo da recusa.'),
})

/** A guide recalculated for a later payment replaced this one: which, and on what day. */
export const guideReplacementSchema = z.object({
  documentId: z.string(),
  on: calendarDateSchema,
})

export const documentSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  type: documentTypeSchema,
  name: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  status: documentStatusSchema,
  guia: guiaDetailsSchema.nullable(),
  /** Month it refers to, `YYYY-MM` (a guia's competence); null when none was given. */
  competence: competenceSchema.nullable(),
  /** Who sent it: the client (company) or the accountant (admin). */
  sentBy: z.enum(['company', 'accountant']),
  createdBy: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: isoDateTimeSchema.nullable(),
  rejectionReason: z.string().nullable(),
  paidAt: isoDateTimeSchema.nullable(),
  /** A guide: the statement line that paid it (bank reconciliation); null or absent until then. */
  paidBy: bankPaymentSchema.nullable().optional(),
  /** A guide: the updated guide that replaced it (it is no longer to be paid); absent until then. */
  replacedBy: guideReplacementSchema.nullable().optional(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
})
export type CompanyDocument = z.infer<typeof documentSchema>

/** `GET /documents` (docs/product.md §7: companyId, limit 10, offset, repeatable type; status too). */
export const documentListQuerySchema = pageQuerySchema(10).extend({
  companyId: idSchema,
  type: z
    .union([documentTypeSchema, z.array(documentTypeSchema).max(documentTypes.length)], {
      error: 'Tipo de documento inválido',
    })
    .optional()
    .transform((value) =>
      value === undefined ? undefined : Array.isArray(value) ? value : [value],
    ),
  status: documentStatusSchema.optional(),
  competence: competenceSchema.optional(),
  /** Only what this user sent (a person's own documents, /app/user/my-docs). */
  createdBy: idSchema.optional(),
})

/**
 * Whether a company user may delete a document: only what the company sent itself, while it is
 * pending (the accountant may delete any). The screens offer "Excluir" by the same rule.
 */
export const companyMayDeleteDocument = (document: Pick<CompanyDocument, 'sentBy' | 'status'>) =>
  document.sentBy === 'company' && document.status === 'pending'

// Their words are the glossary's (one name for each status, on every screen).
export { documentStatusLabels }
