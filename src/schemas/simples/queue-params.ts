import { z } from 'zod'

// What the month-close queue's address carries besides its page: a month's status and the sort
// order. Apart from the API's schemas (api.ts re-exports them) so that parsing the address does
// not load the Simples rules.

export const monthStatuses = ['open', 'closed', 'paid'] as const
export const monthStatusSchema = z.enum(monthStatuses)
export type MonthStatus = z.infer<typeof monthStatusSchema>
export const monthStatusLabels: Record<MonthStatus, string> = {
  open: 'Em aberto',
  closed: 'Fechado',
  paid: 'Pago',
}

export const queueSorts = ['name', 'status'] as const
export const queueSortSchema = z.enum(queueSorts)
export const queueSortLabels: Record<(typeof queueSorts)[number], string> = {
  name: 'Nome (A–Z)',
  status: 'Situação (em aberto primeiro)',
}
