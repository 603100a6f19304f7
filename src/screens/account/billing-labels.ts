import type { SubscriptionRecord } from '@/schemas/billing'
import { subscriptionStatuses } from '@/schemas/company'
import { subscriptionStatusLabels as subscriptionStatusWords } from '@/schemas/glossary'

/** `2026-10` → "10/2026" (a charge's competência). */
export const monthReference = (reference: string) =>
  `${reference.slice(5, 7)}/${reference.slice(0, 4)}`

const tones = {
  pending: 'neutral',
  active: 'success',
  overdue: 'danger',
  canceled: 'neutral',
} as const satisfies Record<SubscriptionRecord['status'], string>

/** A subscription's situation: the glossary's word and its badge's tone. */
export const subscriptionStatusLabels = Object.fromEntries(
  subscriptionStatuses.map((status) => [
    status,
    { label: subscriptionStatusWords[status], tone: tones[status] },
  ]),
) as Record<
  SubscriptionRecord['status'],
  { label: string; tone: (typeof tones)[keyof typeof tones] }
>
