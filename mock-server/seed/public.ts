import { z } from 'zod'
import { leadSchema } from '../../src/schemas/lead'
import { referralLinkSchema } from '../../src/schemas/link'
import { fixture } from '../fixtures'
import type { Model } from '../model'

/**
 * Public-site data that changes: leads taken by the site's forms, and the referral links kept by
 * the site. Content, CNAEs and municipalities are read-only reference data served from
 * fixtures/ (mock-server/stand-ins/storyblok, mock-server/reference), not copied into the data file.
 */
export type PublicData = Pick<Model, 'leads' | 'links'>

export function seedPublic(): PublicData {
  return {
    leads: z.array(leadSchema).parse(fixture('leads.json')),
    links: z.array(referralLinkSchema).parse(fixture('links.json')),
  }
}
