import { formatMonthYear } from '@/lib/format'
import { todayInBrazil } from '@/schemas/finance-common'
import type { CompanyDocument } from '@/schemas/document'

/** "85890000008-4 45120328001-7 …": the linha digitável in its four blocks, as printed. */
export const formatDigitableLine = (line: string) =>
  (line.match(/\d{12}/g) ?? [line])
    .map((block) => `${block.slice(0, 11)}-${block.slice(11)}`)
    .join(' ')

/** "outubro de 2026" for `2026-10`. */
export const formatCompetence = (competence: string) => formatMonthYear(`${competence}-15`)

/** A guia still to pay whose due date has passed (today in Brazil). */
export const isOverdue = (document: CompanyDocument, today = todayInBrazil()) =>
  document.type === 'guia' &&
  document.status === 'pending' &&
  document.guia !== null &&
  document.guia.dueDate < today
