import type { Lead, LeadCreate } from '@/schemas/lead'
import { api } from '@/services/api'

/** `POST /leads` (docs/product.md §7), public. */
export async function createLead(input: LeadCreate): Promise<Lead> {
  const answer = await api.post<{ data: Lead }>('/leads', { body: input, auth: false })
  return answer.data
}
