import { formatDate } from '@/lib/format'
import { bankPaymentText } from '@/schemas/bank'
import { dueWords, shortDay } from '@/kernel/dates'
import { guiaStatusLabels } from '@/schemas/glossary'
import {
  monthOverdue,
  monthOwesDas,
  monthStatusLabels,
  type MonthGuide,
  type MonthStatus,
} from '@/schemas/simples/api'

// One state of a month and of a guide, said the same way on every screen that shows it — the
// panel, Pró-labore, Documentos, the month-close queue and the month page — from the answer the
// screen already has (the month, a queue row, a guide): open (a preview), closed (its guide to
// pay), paid (the day and the bank), late. Due dates are said relative to today
// (src/kernel/dates.ts), never a past day as future.

export type StateTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral'

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A guide's words of how it left the list to pay: a month's (MonthGuide) or a document's. */
type SettledGuide = {
  status: string
  paidAt: MonthGuide['paidAt']
  paidBy?: MonthGuide['paidBy']
  replacedBy?: MonthGuide['replacedBy']
}

/** "Paga em 20/10 — Cora ···8739", or "Paga em 20/10/2026" when no statement line paid it. */
export const paidText = (guide: Pick<SettledGuide, 'paidAt' | 'paidBy'>) =>
  guide.paidBy
    ? bankPaymentText('Paga', guide.paidBy)
    : guide.paidAt
      ? `Paga em ${formatDate(guide.paidAt)}`
      : guiaStatusLabels.paid

/** "Substituída pela guia de 05/12" (with the year when it is not this one). */
const replacedText = (replacedBy: NonNullable<SettledGuide['replacedBy']>, today: string) =>
  `Substituída pela guia de ${shortDay(replacedBy.on, today)}`

/**
 * How a guide left the list of what to pay, the same words wherever it shows (the panel,
 * Pró-labore, the month page, Documentos): paid (paidText) or replaced by the updated guide
 * (replacedText); null while it is to pay.
 */
export function guideSettledText(guide: SettledGuide, today: string): string | null {
  if (guide.status === 'paid') return paidText(guide)
  return guide.replacedBy ? replacedText(guide.replacedBy, today) : null
}

export type GuideState = {
  kind: 'to-pay' | 'due-today' | 'overdue' | 'paid' | 'replaced'
  /** The badge: "A pagar", "Vencida", "Paga", "Substituída". */
  label: string
  tone: StateTone
  /** "Vence em 20/12", "Venceu em 23/11 — atrasada há 5 dias", "Paga em 20/10 — Cora ···8739". */
  text: string
}

/** What a guide is today. */
export function guideStateOf(
  guide: Pick<MonthGuide, 'status' | 'dueDate' | 'paidAt' | 'paidBy' | 'replacedBy'>,
  today: string,
): GuideState {
  if (guide.status === 'paid')
    return { kind: 'paid', label: guiaStatusLabels.paid, tone: 'success', text: paidText(guide) }
  if (guide.replacedBy)
    return {
      kind: 'replaced',
      label: guiaStatusLabels.replaced,
      tone: 'neutral',
      text: replacedText(guide.replacedBy, today),
    }
  const due = dueWords(guide.dueDate, today, { late: 'atrasada' })
  if (due.state === 'overdue')
    return {
      kind: 'overdue',
      label: guiaStatusLabels.overdue,
      tone: 'danger',
      text: capital(due.text),
    }
  return {
    kind: due.state === 'today' ? 'due-today' : 'to-pay',
    label: guiaStatusLabels.toPay,
    tone: 'warning',
    text: capital(due.text),
  }
}

export type MonthState = {
  status: MonthStatus
  /** The DAS is past due and unpaid (monthOverdue). */
  overdue: boolean
  /** "Em aberto", "Fechado", "Pago". */
  label: string
  tone: StateTone
  /**
   * The DAS's due date or payment, in words: "vence em 20/12", "venceu em 23/11 — atrasado há 5
   * dias", "Paga em 20/10 — Cora ···8739", "sem DAS a pagar"; null when the calendar has no due
   * date for the month.
   */
  due: string | null
}

const statusTones: Record<MonthStatus, StateTone> = {
  open: 'warning',
  closed: 'info',
  paid: 'success',
}

/** What a month is today, from its status, its DAS and its guide. */
export function monthStateOf(
  month: {
    status: MonthStatus
    das: { amount: number; dueDate: string | null }
    guide: MonthGuide | null
  },
  today: string,
): MonthState {
  const { status, guide } = month
  const das = { status, das: month.das, hasGuide: guide !== null }
  const overdue = monthOverdue(das, today)
  const base = {
    status,
    overdue,
    label: monthStatusLabels[status],
    tone: overdue ? ('danger' as const) : statusTones[status],
  }
  if (status === 'paid' || guide?.status === 'paid')
    return { ...base, due: guide ? paidText(guide) : monthStatusLabels.paid }
  if (!monthOwesDas(das)) return { ...base, due: 'sem DAS a pagar' }
  const dueDate = month.das.dueDate ?? guide?.dueDate ?? null
  return { ...base, due: dueDate ? dueWords(dueDate, today).text : null }
}

/** "Atrasado" beside a late month's status. */
export const OVERDUE_LABEL = 'Atrasado'
