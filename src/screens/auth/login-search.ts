import type { TrackId } from '@/schemas/company'

/**
 * The login page's modes: signing in (default), signing up, asking for an e-mail link, asking
 * for a password reset, and `signIn`, which is Firebase's own mode on a returning e-mail link.
 */
export const loginModes = ['signin', 'signup', 'link', 'reset', 'signIn'] as const
export type LoginMode = (typeof loginModes)[number]

export type LoginSearch = {
  mode?: LoginMode
  /** Where to go after signing in; already checked to be an internal path. */
  next?: string
  /** Chosen on the public site: open a company or change accountant. */
  track?: TrackId
  /** A referral code from the public site. */
  indicatedBy?: string
}
