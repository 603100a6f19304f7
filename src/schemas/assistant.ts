import { z } from 'zod'
import { messages } from './messages'

// The assistant ("Luca"): CNAE suggestions and company-name ideas from a free-text intent.

export const intentSchema = z
  .string({ error: messages.intentTooShort })
  .trim()
  .min(3, { error: messages.intentTooShort })
  .max(500, { error: messages.intentTooLong })
  .refine((value) => /\p{L}{2}/u.test(value), { error: messages.intentTooShort })

/** `POST /luca/cnaes/match` and `POST /luca/companies/alias-suggest`. */
export const intentBodySchema = z.strictObject({
  intent: intentSchema,
  limit: z.number().int().min(1).max(50).default(10),
})
export type IntentBody = z.input<typeof intentBodySchema>

export const cnaeMatchSchema = z.object({
  code: z.string(),
  formatted: z.string(),
  text: z.string(),
  /** Relevance from 0 to 1 (the best match is 1). */
  score: z.number(),
  isAllowedMei: z.boolean(),
})
export type CnaeMatch = z.infer<typeof cnaeMatchSchema>

export const aliasSuggestionSchema = z.object({
  name: z.string(),
  /** Which pattern made it, e.g. `casa-de` or `termo-ramo`. */
  pattern: z.string(),
})
export type AliasSuggestion = z.infer<typeof aliasSuggestionSchema>
