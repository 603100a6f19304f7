import { formatMonthYear } from '@/lib/format'
import { todayInBrazil } from '@/schemas/finance-common'
import type { CompanyDocument } from '@/schemas/document'

/** "outubro de 2026" for `2026-10`. */
export const formatCompetence = (competence: string) => formatMonthYear(`${competence}-15`)

/** A guia still to pay whose due date has passed (today in Brazil). */
export const isOverdue = (document: CompanyDocument, today = todayInBrazil()) =>
  document.type === 'guia' &&
  document.status === 'pending' &&
  document.guia !== null &&
  document.guia.dueDate < today
