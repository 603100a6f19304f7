import type { LinkResolution } from '@/schemas/link'
import { api } from '@/services/api'

/**
 * `GET /links/{alias}` (docs/product.md §7): the referral code behind a referral link. Not parsed: the
 * public pages' script loads this, and they carry no validation library (the answer's schema,
 * `linkResolutionSchema`, is the contract the server suites hold the mock to).
 */
export async function resolveLink(alias: string, signal?: AbortSignal): Promise<LinkResolution> {
  const answer = await api.get<{ data: LinkResolution }>(`/links/${encodeURIComponent(alias)}`, {
    auth: false,
    signal,
  })
  return answer.data
}
