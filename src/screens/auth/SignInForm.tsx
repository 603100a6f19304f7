import { replayAs } from '@/lib/replay'
import { onFirstInteraction } from '@/lib/first-interaction'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { authErrorMessage } from '@/services/auth/auth-errors'
import { useSessionForActions } from '@/services/session'
import type { FederatedProvider } from '@/services/session'
import type { SessionView } from '@/machines/session'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { EmailField } from './EmailField'
import { FederatedButtons } from './FederatedButtons'
import type { LoginMode } from './login-search'
import type { SignInField } from './sign-in-checks'
import styles from './LoginScreen.module.css'

const FIELDS: readonly SignInField[] = ['email', 'password']

/**
 * The form's rules come with the validation library, fetched once the visitor starts using the
 * page (or sends the form): a signed-out full load shows the form, and takes what is typed,
 * before either is loaded.
 */
const loadChecks = () => import('./sign-in-checks')

/**
 * E-mail and password, or a federated account. The page every visit comes in by, so its two
 * fields are checked with the shared schema by hand, the way the other forms' resolver does it
 * (on submit, then as they change), without the form library the other forms load with them.
 */
export function SignInForm({
  onSignedIn,
  onModeChange,
}: {
  onSignedIn: (view: SessionView) => void
  onModeChange: (mode: LoginMode) => void
}) {
  const sessionForActions = useSessionForActions()
  const [error, setError] = useState<string | null>(null)
  const [provider, setProvider] = useState<FederatedProvider | null>(null)
  const [errors, setErrors] = useState<Partial<Record<SignInField, string>>>({})
  const [submitting, setSubmitting] = useState(false)
  const submitted = useRef(false)
  const sending = useRef(false)
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({})

  useEffect(() => onFirstInteraction(() => void loadChecks().catch(() => undefined)), [])

  /** The values if the schema takes them; else null, with each field's first message shown. */
  async function check() {
    const { signInSchema } = await loadChecks()
    const result = signInSchema.safeParse({
      email: inputs.current.email?.value ?? '',
      password: inputs.current.password?.value ?? '',
    })
    const found: Partial<Record<SignInField, string>> = {}
    if (!result.success)
      for (const issue of result.error.issues) found[issue.path[0] as SignInField] ??= issue.message
    setErrors(found)
    return { values: result.success ? result.data : null, invalid: FIELDS.find((f) => found[f]) }
  }

  const register = (name: SignInField): UseFormRegisterReturn => ({
    name,
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element
    },
    onChange: async () => {
      if (submitted.current) await check()
    },
    onBlur: async () => undefined,
  })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Once at a time, counting the moment the rules may still be on their way.
    if (sending.current) return
    sending.current = true
    submitted.current = true
    setError(null)
    try {
      const { values, invalid } = await check()
      if (!values) {
        // As the other forms do: the first field with a message takes the focus.
        if (invalid) inputs.current[invalid]?.focus()
        return
      }
      await signIn(values)
    } catch (caught) {
      // The rules could not be fetched (offline): said on the form, nothing typed is lost.
      setError(authErrorMessage(caught))
    } finally {
      sending.current = false
    }
  }

  async function signIn(values: { email: string; password: string }) {
    setSubmitting(true)
    try {
      const session = await sessionForActions()
      const { uid } = await session.gateway.signInWithPassword(values.email, values.password)
      onSignedIn(await session.whenSignedIn(uid))
    } catch (caught) {
      setError(authErrorMessage(caught))
      inputs.current.password?.focus()
    } finally {
      setSubmitting(false)
    }
  }

  async function federated(chosen: FederatedProvider) {
    setError(null)
    setProvider(chosen)
    try {
      const session = await sessionForActions()
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
      <form
        className="stack"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Entrar com e-mail e senha"
        {...replayAs('sign-in')}
      >
        <EmailField registration={register('email')} error={errors.email} />
        <TextField
          label="Senha"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
          {...register('password')}
        />
        <div className={styles.inlineLinks}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => onModeChange('reset')}
            {...replayAs('mode-reset')}
          >
            Esqueci minha senha
          </button>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => onModeChange('link')}
            {...replayAs('mode-link')}
          >
            Entrar com link por e-mail
          </button>
        </div>
        <Button type="submit" block size="lg" loading={submitting} disabled={provider !== null}>
          Entrar
        </Button>
      </form>
      <p className={styles.divider}>
        <span>ou entre com</span>
      </p>
      <FederatedButtons
        busy={provider}
        disabled={provider !== null || submitting}
        onChoose={(chosen) => void federated(chosen)}
      />
    </div>
  )
}
