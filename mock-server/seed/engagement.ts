import { z } from 'zod'
import { DAY_MS, daysBetween, todayInBrazil } from '../../src/kernel/dates'
import {
  ducaPartnerSchema,
  inviteSchema,
  referralRewardSchema,
  type Invite,
} from '../../src/schemas/engagement'
import { loadFixture } from '../fixtures'
import type { Model } from '../model'

/** Invites, referral rewards and the Duca partner program. */
export type EngagementData = Pick<Model, 'invites' | 'referralRewards' | 'ducaPartners'>

/**
 * The day fixtures/invites.json was written as of: the seed moves every invite by the days since,
 * so a pending invite stays as far from its expiry as it was then (ana's two open invites would
 * otherwise expire on 19 and 20 December 2026) and an expired one stays expired.
 */
const INVITES_WRITTEN_ON = '2026-11-28'

/** An invite's moments moved by whole days (of 24 hours: they are instants in UTC). */
function movedBy(invite: Invite, days: number): Invite {
  const move = (at: string) => new Date(Date.parse(at) + days * DAY_MS).toISOString()
  return {
    ...invite,
    createdAt: move(invite.createdAt),
    expiresAt: move(invite.expiresAt),
    acceptedAt: invite.acceptedAt && move(invite.acceptedAt),
    revokedAt: invite.revokedAt && move(invite.revokedAt),
  }
}

export function seedEngagement(now: Date): EngagementData {
  const days = daysBetween(INVITES_WRITTEN_ON, todayInBrazil(now))
  return {
    invites: loadFixture('invites.json', z.array(inviteSchema)).map((invite) =>
      movedBy(invite, days),
    ),
    referralRewards: loadFixture('referral-rewards.json', z.array(referralRewardSchema)),
    ducaPartners: loadFixture('duca-partners.json', z.array(ducaPartnerSchema)),
  }
}
