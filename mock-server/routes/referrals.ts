import type { z } from 'zod'
import { listOf, recordOf } from '../../src/schemas/common'
import {
  maskEmail,
  REFERRAL_REWARD,
  referralListQuerySchema,
  referralSchema,
  referralSummarySchema,
  type Referral,
} from '../../src/schemas/engagement'
import type { User } from '../../src/schemas/user'
import { endpoint, type Call } from '../api'
import { findUser } from '../domain/companies/people'
import { paginate } from '../http'
import type { Store } from '../store/database'
import { roundMoney } from '../../src/kernel/money'

// Referrals (PRODUCT.md "Referrals"): the caller's code and link, and the people who signed up
// with it, each with the reward it earned.

/** The people who signed up with a user's code, with the reward each one earned. */
function referralsOf(store: Store, user: User): Referral[] {
  return store.users.find({ where: { indicatedBy: user.referralCode } }).map((person) => {
    const reward = store.referralRewards
      .find({ where: { referredUserId: person.id } })
      .find((r) => r.referrerId === user.id)
    const company = person.companies[0] ? store.companies.get(person.companies[0]) : undefined
    const [first = '', ...rest] = person.name.split(' ')
    return {
      userId: person.id,
      name: rest.length ? `${first} ${rest.at(-1)![0]}.` : first,
      email: maskEmail(person.email),
      signedUpAt: person.createdAt,
      companyStatus: company?.status ?? null,
      reward: reward
        ? {
            status: reward.status,
            amount: reward.amount,
            earnedAt: reward.earnedAt,
            redeemedAt: reward.redeemedAt,
          }
        : { status: 'pending', amount: REFERRAL_REWARD, earnedAt: null, redeemedAt: null },
    }
  })
}

/** The caller's referral code, link and totals. */
function getMyReferrals({ store, config, caller }: Call) {
  const user = findUser(store, caller.uid)
  const referrals = referralsOf(store, user)
  const sum = (status: string) =>
    roundMoney(
      referrals.filter((r) => r.reward.status === status).reduce((s, r) => s + r.reward.amount, 0),
    )
  return {
    data: {
      code: user.referralCode,
      link: `${config.webUrl}/abrir-empresa?indicacao=${encodeURIComponent(user.referralCode)}`,
      rewardPerReferral: REFERRAL_REWARD,
      totals: {
        referred: referrals.length,
        pending: referrals.filter((r) => r.reward.status === 'pending').length,
        available: sum('available'),
        redeemed: sum('redeemed'),
      },
    },
  }
}

/** The people the caller referred, the latest sign-up first. */
function listReferrals({
  store,
  caller,
  query: q,
}: Call<{ query: z.output<typeof referralListQuerySchema> }>) {
  const user = store.users.get(caller.uid)
  const list = (user ? referralsOf(store, user) : [])
    .filter((referral) => !q.status || referral.reward.status === q.status)
    .sort((a, b) => b.signedUpAt.localeCompare(a.signedUpAt))
  return paginate(list, q)
}

export const referralEndpoints = [
  endpoint({
    method: 'GET',
    path: '/referrals/me',
    summary: "The caller's referral code and link, with totals.",
    access: 'signed-in',
    answers: { 200: recordOf(referralSummarySchema) },
    errors: [404],
    handler: getMyReferrals,
  }),
  endpoint({
    method: 'GET',
    path: '/referrals',
    summary: 'People the caller referred.',
    access: 'signed-in',
    query: referralListQuerySchema,
    answers: { 200: listOf(referralSchema) },
    handler: listReferrals,
  }),
]
