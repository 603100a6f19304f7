/** Public-site data: leads, referral links, content (public-site issue). */
export type PublicData = Record<never, never>

export function seedPublic(): PublicData {
  return {}
}
