import { z } from 'zod'
import { isoDateTimeSchema } from './common'

// Referral links (docs/product.md §7 `GET /links/{alias}`): a short alias that a visitor opens at
// /links/{alias}; it resolves to the referrer's code, which sign-up stores as `indicatedBy`.
// An alias is either one of the campaign/partner links kept here, or a user's own referral code.

const aliasInvalid = 'Link de indicação inválido: use de 2 a 64 letras, números, - ou _.'
export const linkAliasSchema = z
  .string()
  .trim()
  .min(2, { error: aliasInvalid })
  .max(64, { error: aliasInvalid })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { error: aliasInvalid })

/** A named link kept by the site: it points at a user (whose code is used) or at a fixed code. */
export const referralLinkSchema = z
  .object({
    id: z.string(),
    alias: linkAliasSchema,
    /** The referrer; their current referral code is what the link resolves to. */
    userId: z.string().nullable(),
    /** A fixed code (partners and campaigns without a user account). */
    code: z.string().nullable(),
    label: z.string(),
    active: z.boolean(),
    createdAt: isoDateTimeSchema,
  })
  .refine((link) => Boolean(link.userId) !== Boolean(link.code), {
    error: 'Um link aponta para um usuário ou para um código, não para os dois',
  })
export type ReferralLink = z.infer<typeof referralLinkSchema>

/** What `GET /links/{alias}` answers in `data`. */
export const linkResolutionSchema = z.object({
  alias: z.string(),
  /** The referral code sign-up receives as `indicatedBy`. */
  code: z.string(),
  /** Who referred, by first name, to greet the visitor; null for campaign links. */
  referrerFirstName: z.string().nullable(),
  label: z.string().nullable(),
})
export type LinkResolution = z.infer<typeof linkResolutionSchema>
