import { z } from 'zod'
import { trackIdSchema } from '@/schemas/company'
import { safeNext } from '@/guards/safe-next'
import { loginModes, type LoginSearch } from '@/screens/auth/login-search'

// The router parses `?x=123` as a number: accept it as the text it was.
const text = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z.string(),
)

/** The login page's search params (the router validates with the schema itself). */
export const loginSearchSchema = z.object({
  mode: z.enum(loginModes).optional().catch(undefined),
  next: text
    .optional()
    .transform((value) => safeNext(value) ?? undefined)
    .catch(undefined),
  track: trackIdSchema.optional().catch(undefined),
  indicatedBy: text
    .pipe(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,64}$/),
    )
    .optional()
    .catch(undefined),
})

// The screen's own type and the schema's output stay one shape.
export type _LoginSearchMatches =
  z.output<typeof loginSearchSchema> extends LoginSearch ? true : never
