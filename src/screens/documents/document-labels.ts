import {
  documentStatusLabels,
  documentTypeLabels,
  documentTypes,
  type CompanyDocument,
  type DocumentType,
} from '@/schemas/document'
import { formatDate } from '@/lib/format'
import { bankPaymentText } from '@/schemas/bank'
import { isOverdue } from './document-format'

/** The types a company sends itself (guias come from the accountant). */
export const uploadableTypes = documentTypes.filter(
  (type): type is Exclude<DocumentType, 'guia'> => type !== 'guia',
)

export const typeOptions = (types: readonly DocumentType[]) =>
  types.map((type) => ({ value: type, label: documentTypeLabels[type] }))

type Tone = 'info' | 'success' | 'warning' | 'danger' | 'neutral'

/**
 * How a paid guia was paid: "Paga em 20/11 — Cora ···8739" when a statement line paid it (bank
 * reconciliation), "Paga em 18/11/2026" when someone marked it; null while unpaid.
 */
export function guidePaidText(document: CompanyDocument): string | null {
  if (document.type !== 'guia' || document.status !== 'paid') return null
  if (document.paidBy) return bankPaymentText('Paga', document.paidBy)
  return document.paidAt ? `Paga em ${formatDate(document.paidAt)}` : null
}

/** A document's situation for people: a guia is "A pagar" / "Vencida" / "Paga". */
export function documentSituation(document: CompanyDocument): { label: string; tone: Tone } {
  if (document.type === 'guia') {
    if (document.status === 'paid') return { label: 'Paga', tone: 'success' }
    if (isOverdue(document)) return { label: 'Vencida', tone: 'danger' }
    return { label: 'A pagar', tone: 'warning' }
  }
  const tone: Record<CompanyDocument['status'], Tone> = {
    pending: 'info',
    approved: 'success',
    rejected: 'danger',
    paid: 'success',
  }
  const label = document.status === 'pending' ? 'Em análise' : documentStatusLabels[document.status]
  return { label, tone: tone[document.status] }
}
