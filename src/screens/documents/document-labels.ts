import { documentSituationLabel } from '@/schemas/glossary'
import {
  documentTypeLabels,
  documentTypes,
  type CompanyDocument,
  type DocumentType,
} from '@/schemas/document'
import { guideSettledText } from '@/screens/simples'
import { todayInBrazil } from '@/schemas/finance-common'
import { dueWords, shortDay } from '@/kernel/dates'
import { isOverdue } from './document-format'

/**
 * A guia's due date beside its amount, relative to today: "vence em 20/12", "venceu em 23/11 —
 * atrasada há 5 dias"; once paid or replaced, the day it was due ("vencimento 20/10").
 */
export function guideDueText(document: CompanyDocument, today = todayInBrazil()): string | null {
  if (!document.guia) return null
  if (document.status === 'paid' || document.replacedBy)
    return `vencimento ${shortDay(document.guia.dueDate, today)}`
  return dueWords(document.guia.dueDate, today, { late: 'atrasada' }).text
}

/** The types a company sends itself (guias come from the accountant). */
export const uploadableTypes = documentTypes.filter(
  (type): type is Exclude<DocumentType, 'guia'> => type !== 'guia',
)

export const typeOptions = (types: readonly DocumentType[]) =>
  types.map((type) => ({ value: type, label: documentTypeLabels[type] }))

type Tone = 'info' | 'success' | 'warning' | 'danger' | 'neutral'

/**
 * How a guia left the list of what to pay, in the words every screen uses for a guide
 * (src/screens/simples/month-state.ts): "Paga em 20/11 — Cora ···8739" when a statement line paid
 * it, "Paga em 18/11/2026" when someone marked it, "Substituída pela guia de 05/12"; null while it
 * is to pay, and for any other document.
 */
export function guidePaidText(document: CompanyDocument, today = todayInBrazil()): string | null {
  return document.type === 'guia' ? guideSettledText(document, today) : null
}

const tones: Record<CompanyDocument['status'], Tone> = {
  pending: 'info',
  approved: 'success',
  rejected: 'danger',
  paid: 'success',
}

/**
 * A document's situation for people, in the glossary's words (the back office says the same): a
 * guia is "A pagar" / "Vencida" / "Paga", any other document "Em análise" / "Aprovado" /
 * "Recusado".
 */
export function documentSituation(
  document: CompanyDocument,
  today = todayInBrazil(),
): { label: string; tone: Tone } {
  const label = documentSituationLabel(document, today)
  if (document.type === 'guia' && document.status !== 'paid' && document.replacedBy)
    return { label, tone: 'neutral' }
  if (document.type === 'guia' && document.status !== 'paid')
    return { label, tone: isOverdue(document, today) ? 'danger' : 'warning' }
  return { label, tone: tones[document.status] }
}
