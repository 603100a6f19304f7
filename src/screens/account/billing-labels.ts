import type { SubscriptionRecord } from '@/schemas/billing'

/** `2026-10` → "10/2026" (a charge's competência). */
export const monthReference = (reference: string) =>
  `${reference.slice(5, 7)}/${reference.slice(0, 4)}`

export const subscriptionStatusLabels: Record<
  SubscriptionRecord['status'],
  { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' }
> = {
  pending: { label: 'Aguardando o primeiro pagamento', tone: 'neutral' },
  active: { label: 'Em dia', tone: 'success' },
  overdue: { label: 'Em atraso', tone: 'danger' },
  canceled: { label: 'Cancelada', tone: 'neutral' },
}
