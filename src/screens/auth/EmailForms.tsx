import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { emailSchema } from '@/schemas/user'
import type { SessionView } from '@/machines/session'
import { authErrorCode, authErrorMessage } from '@/services/auth/auth-errors'
import { useSessionForActions, useSessionService } from '@/services/session'
import { Button } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import { EmailField } from './EmailField'
import type { LoginMode } from './login-search'

const emailOnly = z.object({ email: emailSchema })
type EmailValues = z.input<typeof emailOnly>

function useEmailForm(initial = '') {
  return useForm<EmailValues, unknown, z.output<typeof emailOnly>>({
    resolver: zodResolver(emailOnly),
    defaultValues: { email: initial },
  })
}

/** The login page's own address, keeping `next`, for links sent by e-mail. */
const returnUrl = (next?: string) =>
  `${window.location.origin}/app/login${next ? `?next=${encodeURIComponent(next)}` : ''}`

/** A form that sends something to an e-mail address, then says where it went. */
function EmailRequestForm({
  label,
  intro,
  submitLabel,
  send,
  sent,
}: {
  label: string
  intro: string
  submitLabel: string
  /** Sends the e-mail; resolving means it went out (or must look as if it did). */
  send: (email: string) => Promise<void>
  sent: (email: string) => ReactNode
}) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const form = useEmailForm()
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ email }) => {
    setError(null)
    try {
      await send(email)
      setSentTo(email)
    } catch (caught) {
      setError(authErrorMessage(caught))
    }
  })

  if (sentTo) return <>{sent(sentTo)}</>
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={label}>
      <p className="muted" style={{ margin: 0 }}>
        {intro}
      </p>
      {error && <Alert tone="danger" title={error} />}
      <EmailField registration={form.register('email')} error={errors.email?.message} />
      <Button type="submit" block size="lg" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  )
}

/** Asks for a sign-in link by e-mail (passwordless). */
export function EmailLinkForm({ next }: { next?: string }) {
  const sessionForActions = useSessionForActions()
  return (
    <EmailRequestForm
      label="Receber link de acesso"
      intro="Informe seu e-mail e enviaremos um link para você entrar sem senha."
      submitLabel="Enviar link de acesso"
      send={async (email) => {
        const session = await sessionForActions()
        await session.gateway.sendSignInLink(email, returnUrl(next))
        session.persistence.holdLinkEmail(email)
        notify.success('Link de acesso enviado.')
      }}
      sent={(email) => (
        <Alert tone="success" title="Confira seu e-mail">
          Enviamos um link de acesso para <strong>{email}</strong>. Abra o link neste aparelho para
          entrar; ele vale por pouco tempo e só uma vez.
        </Alert>
      )}
    />
  )
}

/** Asks for a password-reset link. */
export function ResetPasswordForm() {
  const sessionForActions = useSessionForActions()
  return (
    <EmailRequestForm
      label="Redefinir senha"
      intro="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
      submitLabel="Enviar link de redefinição"
      send={async (email) => {
        const session = await sessionForActions()
        try {
          await session.gateway.sendPasswordReset(email, returnUrl())
        } catch (caught) {
          // The same answer whether or not the account exists: no way to probe for e-mails.
          if (authErrorCode(caught) !== 'auth/user-not-found') throw caught
        }
      }}
      sent={(email) => (
        <Alert tone="success" title="Confira seu e-mail">
          Se houver uma conta com <strong>{email}</strong>, enviamos um link para criar uma nova
          senha.
        </Alert>
      )}
    />
  )
}

/**
 * Finishes an e-mail-link sign-in on return: at once when the link was asked for on this
 * device, else after the person confirms the e-mail (as Firebase requires).
 */
export function EmailLinkFinish({
  href,
  onSignedIn,
  onModeChange,
}: {
  href: string
  onSignedIn: (view: SessionView) => void
  onModeChange: (mode: LoginMode) => void
}) {
  const session = useSessionService()
  const stored = session.persistence.linkEmail()
  const valid = session.gateway.isSignInLink(href)
  const [error, setError] = useState<string | null>(null)
  const [working, setWorking] = useState(Boolean(stored) && valid)
  const started = useRef(false)
  const form = useEmailForm(stored ?? '')
  const { errors, isSubmitting } = form.formState

  async function finish(email: string) {
    setError(null)
    setWorking(true)
    try {
      const { uid } = await session.gateway.signInWithLink(email, href)
      session.persistence.holdLinkEmail(null)
      onSignedIn(await session.whenSignedIn(uid))
    } catch (caught) {
      setError(authErrorMessage(caught))
      setWorking(false)
    }
  }

  useEffect(() => {
    // Once, even when effects run twice (StrictMode): a link can be used only once.
    if (started.current || !stored || !valid) return
    started.current = true
    void finish(stored)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (!valid) {
    return (
      <Alert
        tone="danger"
        title="Este link de acesso não é válido."
        action={
          <Button size="sm" onClick={() => onModeChange('link')}>
            Pedir novo link
          </Button>
        }
      />
    )
  }
  if (working && !error) return <Loading label="Entrando com o link de acesso…" />

  return (
    <form
      className="stack"
      onSubmit={form.handleSubmit(({ email }) => finish(email))}
      noValidate
      aria-label="Confirmar e-mail do link de acesso"
    >
      {error ? (
        <Alert
          tone="danger"
          title={error}
          action={
            <Button size="sm" variant="secondary" onClick={() => onModeChange('link')}>
              Pedir novo link
            </Button>
          }
        />
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          Para sua segurança, confirme o e-mail para o qual o link foi enviado.
        </p>
      )}
      <EmailField registration={form.register('email')} error={errors.email?.message} />
      <Button type="submit" block size="lg" loading={isSubmitting}>
        Entrar
      </Button>
    </form>
  )
}
