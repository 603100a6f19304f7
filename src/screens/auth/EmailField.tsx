import type { Ref } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from '@/ui/Field'

/** The e-mail field of every sign-in form. */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn & { ref?: Ref<HTMLInputElement> }
  error: string | undefined
}) {
  return (
    <TextField
      label="E-mail"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      error={error}
      {...registration}
    />
  )
}
