import { z } from 'zod'
import { emailSchema } from '@/schemas/user'

// The sign-in form's rules: the shared e-mail schema and a password filled in. Fetched by the form
// when first needed (src/screens/auth/SignInForm.tsx): the login page shows, and takes what is
// typed, before the validation library loads.

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Informe sua senha.' }),
})
export type SignInField = keyof z.input<typeof signInSchema>
