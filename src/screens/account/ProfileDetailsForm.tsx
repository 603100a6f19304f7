import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { profileUpdateSchema, type ProfileUpdate } from '@/schemas/profile'
import type { User } from '@/schemas/user'
import { ApiError, showServerIssues } from '@/services/api'
import { useUpdateProfile } from '@/services/account'
import { useSessionService } from '@/services/session'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { notify } from '@/ui/notify'
import { useState } from 'react'
import styles from './Account.module.css'

type Output = z.output<typeof profileUpdateSchema>

/** Display name and mobile (`PATCH /users/{id}`); what was typed stays on any failure. */
export function ProfileDetailsForm({ me }: { me: User }) {
  const session = useSessionService()
  const update = useUpdateProfile()
  const [error, setError] = useState<string | null>(null)
  const form = useForm<ProfileUpdate, unknown, Output>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { name: me.name, phone: me.phone ?? '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      const saved = await update.mutateAsync({ uid: me.id, ...values })
      form.reset({ name: saved.name, phone: saved.phone ?? '' })
      // The header shows the name the identity service has: read it again.
      await session.refreshUser()
      notify.success('Dados salvos.')
    } catch (caught) {
      if (caught instanceof ApiError && caught.issues.length > 0) {
        if (!showServerIssues(form.setError, caught, ['name', 'phone'])) setError(caught.message)
      } else setError(caught instanceof Error ? caught.message : 'Não foi possível salvar.')
    }
  })

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Seus dados">
      {error && <Alert tone="danger" title={error} />}
      <TextField
        label="Nome"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <MaskedFormField
        control={form.control}
        name="phone"
        label="Celular"
        hint="Opcional. Deixe em branco para remover."
        mask="mobile"
        autoComplete="tel"
        placeholder="+55 (11) 91234-5678"
      />
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          Salvar dados
        </Button>
      </div>
    </form>
  )
}
