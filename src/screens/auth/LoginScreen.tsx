import { Suspense, useState } from 'react'
import type { SessionView } from '@/machines/session'
import { Button } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { lazyComponent } from '@/ui/lazy-component'
import { Tabs } from '@/ui/Tabs'
import { SignInForm } from './SignInForm'
import type { LoginMode, LoginSearch } from './login-search'
import styles from './LoginScreen.module.css'

// Signing in with a password is what the page opens on and carries; the other forms come with
// their mode (sign-up brings the masked fields), fetched by the route before it shows them.
const SignUpForm = lazyComponent(() => import('./SignUpForm'), 'SignUpForm')
const EmailLinkForm = lazyComponent(() => import('./EmailForms'), 'EmailLinkForm')
const ResetPasswordForm = lazyComponent(() => import('./EmailForms'), 'ResetPasswordForm')
const EmailLinkFinish = lazyComponent(() => import('./EmailForms'), 'EmailLinkFinish')

/** Fetches the forms a mode shows (the login route's loader, before the page shows them). */
export async function preloadLoginMode(mode: LoginMode | undefined): Promise<void> {
  const form =
    mode === 'signup'
      ? SignUpForm
      : mode === 'link'
        ? EmailLinkForm
        : mode === 'reset'
          ? ResetPasswordForm
          : mode === 'signIn'
            ? EmailLinkFinish
            : null
  await form?.preload()
}

const headings: Record<LoginMode, { title: string; description: string }> = {
  signin: { title: 'Entrar', description: 'Acesse a área da sua empresa.' },
  signup: { title: 'Criar conta', description: 'Comece em poucos minutos, sem papelada.' },
  link: { title: 'Entrar com link', description: 'Sem senha: receba um link de acesso.' },
  reset: { title: 'Redefinir senha', description: 'Crie uma nova senha pelo seu e-mail.' },
  signIn: { title: 'Entrar com link', description: 'Concluindo o acesso pelo link.' },
}

/** /app/login: sign-in (e-mail and password, e-mail link, federated), sign-up and reset. */
export function LoginScreen({
  search,
  onModeChange,
  onSignedIn,
}: {
  search: LoginSearch
  onModeChange: (mode: LoginMode) => void
  onSignedIn: (view: SessionView) => void
}) {
  const mode = search.mode ?? 'signin'
  // The address as it arrived: Firebase reads the e-mail link's code from it. (The build also
  // renders this screen, for app.html's first paint: no window there.)
  const [arrivedAt] = useState(() => (typeof window === 'undefined' ? '' : window.location.href))
  const heading = headings[mode]

  return (
    <div className="stack" style={{ gap: 'var(--space-6)' }}>
      <header>
        <h1 className={styles.title}>{heading.title}</h1>
        <p className="muted" style={{ margin: 0 }}>
          {heading.description}
        </p>
      </header>

      {search.next && mode !== 'signup' && (
        <Alert tone="info">Entre para continuar de onde parou.</Alert>
      )}

      {mode === 'signin' || mode === 'signup' ? (
        <Tabs
          replay
          label="Entrar ou criar conta"
          value={mode}
          onValueChange={onModeChange}
          items={[
            {
              value: 'signin',
              label: 'Entrar',
              content: <SignInForm onSignedIn={onSignedIn} onModeChange={onModeChange} />,
            },
            {
              value: 'signup',
              label: 'Criar conta',
              content: (
                <Suspense fallback={<Loading />}>
                  <SignUpForm
                    track={search.track}
                    indicatedBy={search.indicatedBy}
                    onSignedIn={onSignedIn}
                  />
                </Suspense>
              ),
            },
          ]}
        />
      ) : (
        <Suspense fallback={<Loading />}>
          {mode === 'link' && <EmailLinkForm next={search.next} />}
          {mode === 'reset' && <ResetPasswordForm />}
          {mode === 'signIn' && (
            <EmailLinkFinish href={arrivedAt} onSignedIn={onSignedIn} onModeChange={onModeChange} />
          )}
          <Button variant="ghost" onClick={() => onModeChange('signin')}>
            ← Voltar para entrar com senha
          </Button>
        </Suspense>
      )}
    </div>
  )
}
