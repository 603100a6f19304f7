import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { emailSchema } from '@/schemas/user'
import { authErrorMessage } from '@/services/auth/auth-errors'
import { useSessionService } from '@/services/session'
import type { FederatedProvider } from '@/services/session'
import type { SessionView } from '@/machines/session'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { EmailField } from './EmailField'
import { FederatedButtons } from './FederatedButtons'
import type { LoginMode } from './login-search'
import styles from './LoginScreen.module.css'

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Informe sua senha.' }),
})
type SignInValues = z.input<typeof signInSchema>

/** E-mail and password, or a federated account. */
export function SignInForm({
  onSignedIn,
  onModeChange,
}: {
  onSignedIn: (view: SessionView) => void
  onModeChange: (mode: LoginMode) => void
}) {
  const session = useSessionService()
  const [error, setError] = useState<string | null>(null)
  const [provider, setProvider] = useState<FederatedProvider | null>(null)
  const form = useForm<SignInValues, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null)
    try {
      const { uid } = await session.gateway.signInWithPassword(email, password)
      onSignedIn(await session.whenSignedIn(uid))
    } catch (caught) {
      setError(authErrorMessage(caught))
      form.setFocus('password')
    }
  })

  async function federated(chosen: FederatedProvider) {
    setError(null)
    setProvider(chosen)
    try {
      const { uid } = await session.gateway.signInWithProvider(chosen)
      onSignedIn(await session.whenSignedIn(uid))
    } catch (caught) {
      setError(authErrorMessage(caught))
    } finally {
      setProvider(null)
    }
  }

  return (
    <div className="stack">
      {error && <Alert tone="danger" title={error} />}
      <form className="stack" onSubmit={submit} noValidate aria-label="Entrar com e-mail e senha">
        <EmailField registration={form.register('email')} error={errors.email?.message} />
        <TextField
          label="Senha"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className={styles.inlineLinks}>
          <button type="button" className={styles.linkButton} onClick={() => onModeChange('reset')}>
            Esqueci minha senha
          </button>
          <button type="button" className={styles.linkButton} onClick={() => onModeChange('link')}>
            Entrar com link por e-mail
          </button>
        </div>
        <Button type="submit" block size="lg" loading={isSubmitting} disabled={provider !== null}>
          Entrar
        </Button>
      </form>
      <p className={styles.divider}>
        <span>ou entre com</span>
      </p>
      <FederatedButtons
        busy={provider}
        disabled={provider !== null || isSubmitting}
        onChoose={(chosen) => void federated(chosen)}
      />
    </div>
  )
}
