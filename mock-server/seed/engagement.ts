import { z } from 'zod'
import { ducaPartnerSchema, inviteSchema, referralRewardSchema } from '../../src/schemas/engagement'
import { loadFixture } from '../fixtures'
import type { Model } from '../model'

/** Invites, referral rewards and the Duca partner program. */
export type EngagementData = Pick<Model, 'invites' | 'referralRewards' | 'ducaPartners'>

export function seedEngagement(): EngagementData {
  return {
    invites: loadFixture('invites.json', z.array(inviteSchema)),
    referralRewards: loadFixture('referral-rewards.json', z.array(referralRewardSchema)),
    ducaPartners: loadFixture('duca-partners.json', z.array(ducaPartnerSchema)),
  }
}
