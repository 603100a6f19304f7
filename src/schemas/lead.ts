import { z } from 'zod'
import { isoDateTimeSchema } from './common'
import { trackIdSchema } from './company'
import { messages } from './messages'
import { emailSchema, personNameSchema } from './user'

// Leads from the public site (docs/product.md §3 "Lead", section 5 rules): name, e-mail, an optional
// mobile phone of at least 17 characters as formatted by the mask, and the plan of interest.

/** docs/product.md §5 / 9: a lead's phone, when given, has at least 17 formatted characters. */
export const LEAD_PHONE_MIN_LENGTH = 17

const leadPhoneSchema = z
  .string({ error: messages.phoneInvalid })
  .trim()
  .max(25, { error: messages.phoneInvalid })
  // At least 17 characters, of what the mask `+55 (##) #####-####` produces and nothing else.
  .refine(
    (value) =>
      value === '' ||
      (value.length >= LEAD_PHONE_MIN_LENGTH && /^\+55 \(\d{2}\) \d{4,5}-?\d{0,4}$/.test(value)),
    { error: messages.phoneInvalid },
  )

/** Where the visitor filled the form: the public page's path (e.g. /contabilidade-em/recife-pe). */
const leadSourceSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/[a-z0-9\-/]*$/, { error: 'Origem inválida' })

export const leadCreateSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  phone: leadPhoneSchema.optional(),
  planId: z.string().trim().max(64).nullish(),
  source: leadSourceSchema.optional(),
  /** Opening or switching: the path the visitor came by. */
  track: trackIdSchema.optional(),
})
export type LeadCreate = z.input<typeof leadCreateSchema>

export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  planId: z.string().nullable(),
  source: z.string().nullable(),
  track: trackIdSchema.nullable(),
  createdAt: isoDateTimeSchema,
})
export type Lead = z.infer<typeof leadSchema>
