import { replayAs } from '@/lib/replay'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import type { TrackId } from '@/schemas/company'
import { userCreateSchema, type UserCreate } from '@/schemas/user'
import type { SessionView } from '@/machines/session'
import { ApiError, showServerIssues } from '@/services/api'
import { authErrorMessage } from '@/services/auth/auth-errors'
import { useSessionForActions } from '@/services/session'
import { useCreateUser } from '@/services/auth/create-user'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { EmailField } from './EmailField'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { RadioCards } from '@/ui/RadioCards'
import { notify } from '@/ui/notify'

type SignUpValues = UserCreate
type SignUpOutput = z.output<typeof userCreateSchema>

const fields = ['name', 'email', 'password', 'phone', 'trackId', 'indicatedBy'] as const

/**
 * Sign-up (docs/product.md §3 "new user", §5 messages from the shared schema): POST /users,
 * then sign in with the same e-mail and password. What was typed stays on any failure.
 */
export function SignUpForm({
  track,
  indicatedBy,
  onSignedIn,
}: {
  track?: TrackId
  indicatedBy?: string
  onSignedIn: (view: SessionView) => void
}) {
  const sessionForActions = useSessionForActions()
  const createUser = useCreateUser()
  const [error, setError] = useState<string | null>(null)
  const form = useForm<SignUpValues, unknown, SignUpOutput>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      phone: '',
      trackId: track ?? 'create-company',
      indicatedBy: indicatedBy ?? '',
    },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setError(null)
    let created = false
    try {
      await createUser.mutateAsync({ ...values, indicatedBy: values.indicatedBy || undefined })
      created = true
      notify.success('Conta criada! Entrando…')
      const session = await sessionForActions()
      const { uid } = await session.gateway.signInWithPassword(values.email, values.password)
      onSignedIn(await session.whenSignedIn(uid))
    } catch (caught) {
      if (!created && caught instanceof ApiError && caught.issues.length > 0) {
        if (!showServerIssues(form.setError, caught, fields)) setError(caught.message)
      } else if (!created && caught instanceof ApiError && caught.status === 409) {
        form.setError('email', { message: caught.message }, { shouldFocus: true })
      } else if (created) {
        setError(
          `Sua conta foi criada, mas não conseguimos entrar agora: ${authErrorMessage(caught)} Use a aba “Entrar”.`,
        )
      } else {
        setError(authErrorMessage(caught))
      }
    }
  })

  return (
    <form
      className="stack"
      onSubmit={submit}
      noValidate
      aria-label="Criar conta"
      {...replayAs('sign-up')}
    >
      {error && <Alert tone="danger" title={error} />}
      <Controller
        control={form.control}
        name="trackId"
        render={({ field }) => (
          <RadioCards<TrackId>
            legend="O que você precisa?"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            required
            error={errors.trackId?.message}
            options={[
              {
                value: 'create-company',
                label: 'Abrir empresa',
                description: 'Do nome ao CNPJ, tudo online.',
              },
              {
                value: 'migrate-company',
                label: 'Trocar de contador',
                description: 'Traga sua empresa para a Contabil.',
              },
            ]}
          />
        )}
      />
      <TextField
        label="Nome completo"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <EmailField registration={form.register('email')} error={errors.email?.message} />
      <TextField
        label="Senha"
        type="password"
        autoComplete="new-password"
        required
        hint="No mínimo 8 caracteres."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <MaskedFormField
        control={form.control}
        name="phone"
        label="Celular"
        mask="mobile"
        autoComplete="tel"
        placeholder="+55 (11) 91234-5678"
        required
      />
      <TextField
        label="Código de indicação"
        autoComplete="off"
        hint="Opcional: o código de quem indicou a Contabil para você."
        error={errors.indicatedBy?.message}
        {...form.register('indicatedBy')}
      />
      <Button type="submit" block size="lg" loading={isSubmitting}>
        Criar conta
      </Button>
    </form>
  )
}
