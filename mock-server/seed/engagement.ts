import { z } from 'zod'
import {
  ducaPartnerSchema,
  inviteSchema,
  referralRewardSchema,
  type DucaPartner,
  type Invite,
  type ReferralReward,
} from '../../src/schemas/engagement'
import { loadFixture } from './core'

/** Invites, referral rewards and the Duca partner program. */
export type EngagementData = {
  invites: Invite[]
  referralRewards: ReferralReward[]
  ducaPartners: DucaPartner[]
}

export function seedEngagement(): EngagementData {
  return {
    invites: loadFixture('invites.json', z.array(inviteSchema)),
    referralRewards: loadFixture('referral-rewards.json', z.array(referralRewardSchema)),
    ducaPartners: loadFixture('duca-partners.json', z.array(ducaPartnerSchema)),
  }
}
