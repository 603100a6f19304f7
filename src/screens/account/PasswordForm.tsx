import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import type { z } from 'zod'
import { passwordChangeSchema, type PasswordChange } from '@/schemas/profile'
import { profileAuthError } from '@/services/account'
import { useSessionService } from '@/services/session'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { notify } from '@/ui/notify'
import styles from './Account.module.css'

type Output = z.output<typeof passwordChangeSchema>

/** Changes the password through the identity service, after confirming the current one. */
export function PasswordForm() {
  const { gateway } = useSessionService()
  const [error, setError] = useState<string | null>(null)
  const form = useForm<PasswordChange, unknown, Output>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      await gateway.reauthenticate(values.currentPassword)
      await gateway.updatePassword(values.newPassword)
      form.reset()
      notify.success('Senha alterada.')
    } catch (caught) {
      const { field, message } = profileAuthError(caught)
      if (field === 'currentPassword' || field === 'newPassword')
        form.setError(field, { message }, { shouldFocus: true })
      else setError(message)
    }
  })

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Trocar senha">
      {error && <Alert tone="danger" title={error} />}
      <TextField
        label="Senha atual"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        required
        hint="No mínimo 8 caracteres, com letras e números."
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Repita a nova senha"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          Trocar senha
        </Button>
      </div>
    </form>
  )
}
