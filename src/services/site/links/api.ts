import { recordOf } from '@/schemas/common'
import { linkResolutionSchema, type LinkResolution } from '@/schemas/link'
import { api } from '@/services/api'

const linkAnswerSchema = recordOf(linkResolutionSchema)

/** `GET /links/{alias}` (SPEC section 7): the referral code behind a referral link. */
export async function resolveLink(alias: string, signal?: AbortSignal): Promise<LinkResolution> {
  const answer = await api.get(`/links/${encodeURIComponent(alias)}`, {
    schema: linkAnswerSchema,
    auth: false,
    signal,
  })
  return answer.data
}
