import { z } from 'zod'
import { cepSchema, ufSchema } from './brazil'
import { messages } from './messages'

/** The address lookup result (SPEC section 3), extended with the number a person types. */
export const addressSchema = z.object({
  zipCode: cepSchema,
  state: ufSchema,
  city: z.string().trim().min(1, { error: messages.required }).max(120),
  street: z.string().trim().min(1, { error: messages.required }).max(200),
  number: z.string().trim().min(1, { error: messages.required }).max(20),
  complement: z.string().trim().max(120).default(''),
  neighborhood: z.string().trim().min(1, { error: messages.required }).max(120),
})
export type Address = z.infer<typeof addressSchema>
