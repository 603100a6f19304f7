import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listOf, recordOf, type List } from '@/schemas/common'
import {
  referralListQuerySchema,
  referralSchema,
  referralSummarySchema,
  type Referral,
  type ReferralSummary,
} from '@/schemas/engagement'
import { api } from '@/services/api'
import { accountKeys } from './keys'

/** GET /referrals/me: the person's code, link and totals. */
export async function getReferralSummary(signal?: AbortSignal): Promise<ReferralSummary> {
  const { data } = await api.get('/referrals/me', {
    schema: recordOf(referralSummarySchema),
    signal,
  })
  return data
}

export const referralSummaryQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: accountKeys.referralSummary(uid),
    queryFn: ({ signal }) => getReferralSummary(signal),
  })

/** GET /referrals: the people who signed up with the code, newest first, 10 a page. */
export const listReferralsInputSchema = referralListQuerySchema

export async function listReferrals(
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<List<Referral>> {
  const query = listReferralsInputSchema.parse(page)
  return api.get('/referrals', { query, schema: listOf(referralSchema), signal })
}

export const referralsQueryOptions = (uid: string, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: accountKeys.referralList(uid, page),
    queryFn: ({ signal }) => listReferrals(page, signal),
    placeholderData: keepPreviousData,
  })
