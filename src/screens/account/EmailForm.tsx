import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { emailChangeSchema, type EmailChange } from '@/schemas/profile'
import { profileAuthError } from '@/services/account'
import { useSessionService } from '@/services/session'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import styles from './Account.module.css'

/**
 * Changes the sign-in e-mail through the identity service: after the current password, a link
 * goes to the new address, and the e-mail changes once it is opened (so a typo never locks the
 * person out).
 */
export function EmailForm({ email }: { email: string }) {
  const { gateway } = useSessionService()
  const schema = useMemo(() => emailChangeSchema(email), [email])
  const [error, setError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<EmailChange, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newEmail: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setError(null)
    setSentTo(null)
    try {
      await gateway.reauthenticate(values.currentPassword)
      await gateway.changeEmail(values.newEmail, `${window.location.origin}/app/user/my-profile`)
      setSentTo(values.newEmail)
      form.reset()
    } catch (caught) {
      const { field, message } = profileAuthError(caught)
      if (field === 'currentPassword' || field === 'newEmail')
        form.setError(field, { message }, { shouldFocus: true })
      else setError(message)
    }
  })

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Trocar e-mail">
      {error && <Alert tone="danger" title={error} />}
      {sentTo && (
        <Alert tone="success" title="Confira sua caixa de entrada">
          Enviamos um link para {sentTo}. O e-mail de acesso muda quando você abrir o link; até lá,
          continue entrando com {email}.
        </Alert>
      )}
      <TextField
        label="Novo e-mail"
        type="email"
        autoComplete="email"
        required
        error={errors.newEmail?.message}
        {...form.register('newEmail')}
      />
      <TextField
        label="Senha atual"
        type="password"
        autoComplete="current-password"
        required
        hint="Para confirmar que é você."
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          Enviar link de confirmação
        </Button>
      </div>
    </form>
  )
}
