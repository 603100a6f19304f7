// First: msw must wrap `fetch` before the Firebase SDK loads and keeps a reference to it.
import { EMULATOR, received, resetBackend, server } from './support/backend'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { inMemoryPersistence } from 'firebase/auth'
import { env } from '@/config/env'
import { LoginScreen, preloadLoginMode } from '@/screens/auth/LoginScreen'
import type { LoginSearch } from '@/screens/auth/login-search'
import { createSessionService } from '@/services/session/create-session'
import { createFirebaseGateway } from '@/services/session/firebase-gateway'
import { createCompanyStore } from '@/services/session/company-store'
import { browserPersistence } from '@/services/session/persistence'
import { SessionProvider } from '@/services/session/react'
import type { SessionService } from '@/services/session/types'

// The login screen with the real Firebase SDK, session statechart and API client; only the
// network is answered by msw (tests/component/support/backend.ts).
let session: SessionService

beforeAll(async () => {
  resetBackend()
  session = createSessionService({
    // Node's build of the SDK (vitest) keeps the session in memory.
    gateway: createFirebaseGateway(env.firebase, EMULATOR, { persistence: inMemoryPersistence }),
    companies: createCompanyStore(new QueryClient()),
    persistence: browserPersistence,
    currentPath: () => window.location.pathname,
    assign: () => {},
  })
  await session.settled()
  // The forms of each mode come with it: the login route fetches them before the page shows them.
  await Promise.all((['signup', 'link', 'reset', 'signIn'] as const).map(preloadLoginMode))
})
beforeEach(async () => {
  resetBackend()
  if (session.view().user) await session.logout()
})
afterEach(() => server.resetHandlers())
afterAll(() => {
  session.stop()
  server.close()
})

function renderLogin(search: LoginSearch = {}) {
  const onSignedIn = vi.fn()
  const onModeChange = vi.fn()
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider service={session}>
        <LoginScreen search={search} onModeChange={onModeChange} onSignedIn={onSignedIn} />
      </SessionProvider>
    </QueryClientProvider>,
  )
  return { onSignedIn, onModeChange, user: userEvent.setup() }
}

describe('sign-in form', () => {
  const form = () => screen.getByRole('form', { name: 'Entrar com e-mail e senha' })

  it('explains bad input before calling anyone', async () => {
    const { user, onSignedIn } = renderLogin()
    await user.type(within(form()).getByLabelText(/E-mail/), 'ana@')
    await user.click(within(form()).getByRole('button', { name: 'Entrar' }))
    expect(await within(form()).findByText('E-mail inválido')).toBeVisible()
    expect(within(form()).getByText('Informe sua senha.')).toBeVisible()
    expect(within(form()).getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true')
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('says the credentials are wrong, in pt-BR, and keeps what was typed', async () => {
    const { user, onSignedIn } = renderLogin()
    await user.type(within(form()).getByLabelText(/E-mail/), 'ana@contabil.dev')
    await user.type(within(form()).getByLabelText(/Senha/), 'errada123')
    await user.click(within(form()).getByRole('button', { name: 'Entrar' }))
    expect(
      await screen.findByText('E-mail ou senha incorretos. Confira e tente de novo.'),
    ).toBeVisible()
    expect(within(form()).getByLabelText(/E-mail/)).toHaveValue('ana@contabil.dev')
    expect(within(form()).getByLabelText(/Senha/)).toHaveValue('errada123')
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('signs in and hands over the settled session (user, claims, company)', async () => {
    const { user, onSignedIn } = renderLogin()
    await user.type(within(form()).getByLabelText(/E-mail/), 'Ana@Contabil.dev ')
    await user.type(within(form()).getByLabelText(/Senha/), 'Cliente#2026')
    await user.click(within(form()).getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    const view = onSignedIn.mock.calls[0]![0]
    expect(view).toMatchObject({
      status: 'ready',
      user: { uid: 'uid-ana', email: 'ana@contabil.dev', displayName: 'Ana Paula Ribeiro' },
      claims: { roles: ['company-admin'], companyId: 'cmp-ana-design' },
      company: { id: 'cmp-ana-design', name: 'Ana Design Ltda', status: 'active' },
    })
    expect(view.user.createdAt).toBe('2025-02-10T13:30:00.000Z')
    expect(document.cookie).toContain('accessToken=')
    expect(document.cookie).toContain('claims=')
  })

  it('shows before the session loaded (a signed-out visit) and loads it to sign in', async () => {
    const load = vi.fn(async () => session)
    const onSignedIn = vi.fn()
    const user = userEvent.setup()
    render(
      <SessionProvider service={null} load={load}>
        <LoginScreen search={{}} onModeChange={vi.fn()} onSignedIn={onSignedIn} />
      </SessionProvider>,
    )
    await user.type(within(form()).getByLabelText(/E-mail/), 'ana@contabil.dev')
    await user.type(within(form()).getByLabelText(/Senha/), 'Cliente#2026')
    expect(load).not.toHaveBeenCalled()
    await user.click(within(form()).getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('focuses the first field with a message, and checks again as the visitor types', async () => {
    const { user } = renderLogin()
    await user.click(within(form()).getByRole('button', { name: 'Entrar' }))
    expect(await within(form()).findByText('E-mail inválido')).toBeVisible()
    expect(within(form()).getByLabelText(/E-mail/)).toHaveFocus()
    await user.type(within(form()).getByLabelText(/E-mail/), 'ana@contabil.dev')
    expect(within(form()).queryByText('E-mail inválido')).not.toBeInTheDocument()
    expect(within(form()).getByText('Informe sua senha.')).toBeVisible()
  })

  it('switches to sign-up and to the other ways in', async () => {
    const { user, onModeChange } = renderLogin()
    await user.click(screen.getByRole('tab', { name: 'Criar conta' }))
    expect(onModeChange).toHaveBeenCalledWith('signup')
    await user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }))
    expect(onModeChange).toHaveBeenCalledWith('reset')
    await user.click(screen.getByRole('button', { name: 'Entrar com link por e-mail' }))
    expect(onModeChange).toHaveBeenCalledWith('link')
  })
})

describe('sign-up form', () => {
  const form = () => screen.getByRole('form', { name: 'Criar conta' })

  it('takes the track and the referral from the address', () => {
    renderLogin({ mode: 'signup', track: 'migrate-company', indicatedBy: 'ANA1234' })
    expect(within(form()).getByRole('radio', { name: /Trocar de contador/ })).toBeChecked()
    expect(within(form()).getByLabelText(/Código de indicação/)).toHaveValue('ANA1234')
  })

  it('shows the exact messages of SPEC section 5', async () => {
    const { user } = renderLogin({ mode: 'signup' })
    await user.type(within(form()).getByLabelText(/E-mail/), 'joana.example.com')
    await user.type(within(form()).getByLabelText(/Senha/), '1234567')
    await user.type(within(form()).getByLabelText(/Celular/), '1199999')
    await user.click(within(form()).getByRole('button', { name: 'Criar conta' }))
    expect(await within(form()).findByText('E-mail inválido')).toBeVisible()
    expect(within(form()).getByText('A senha deve conter no mínimo 8 caracteres')).toBeVisible()
    expect(within(form()).getByText('Celular inválido')).toBeVisible()
    expect(within(form()).getByText('Informe seu nome completo')).toBeVisible()
    expect(received).toEqual([])
  })

  it('puts the server’s answer for a taken e-mail on that field and keeps the form', async () => {
    const { user, onSignedIn } = renderLogin({ mode: 'signup' })
    await user.type(within(form()).getByLabelText(/Nome completo/), 'Ana Outra')
    await user.type(within(form()).getByLabelText(/E-mail/), 'ana@contabil.dev')
    await user.type(within(form()).getByLabelText(/Senha/), 'segredo123')
    await user.type(within(form()).getByLabelText(/Celular/), '11977776666')
    await user.click(within(form()).getByRole('button', { name: 'Criar conta' }))
    expect(
      await within(form()).findByText(
        'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.',
      ),
    ).toBeVisible()
    expect(within(form()).getByLabelText(/E-mail/)).toHaveFocus()
    expect(within(form()).getByLabelText(/Nome completo/)).toHaveValue('Ana Outra')
    expect(within(form()).getByLabelText(/Celular/)).toHaveValue('+55 (11) 97777-6666')
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('creates the account (POST /users), then signs in to the new pending company', async () => {
    const { user, onSignedIn } = renderLogin({
      mode: 'signup',
      track: 'migrate-company',
      indicatedBy: 'ANA1234',
    })
    await user.type(within(form()).getByLabelText(/Nome completo/), 'Joana Prado')
    await user.type(within(form()).getByLabelText(/E-mail/), 'Joana.Prado@Example.com')
    await user.type(within(form()).getByLabelText(/Senha/), 'segredo123')
    await user.type(within(form()).getByLabelText(/Celular/), '11977776666')
    await user.click(within(form()).getByRole('button', { name: 'Criar conta' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/users',
        body: {
          name: 'Joana Prado',
          email: 'joana.prado@example.com',
          password: 'segredo123',
          phone: '+55 (11) 97777-6666',
          trackId: 'migrate-company',
          indicatedBy: 'ANA1234',
        },
      },
    ])
    expect(onSignedIn.mock.calls[0]![0]).toMatchObject({
      user: { email: 'joana.prado@example.com', displayName: 'Joana Prado' },
      company: { name: 'Empresa de Joana', status: 'pending', trackId: 'migrate-company' },
    })
  })
})

describe('e-mail link and password reset', () => {
  it('sends a sign-in link and remembers the e-mail for the return', async () => {
    const { user } = renderLogin({ mode: 'link', next: '/app/documents' })
    const form = screen.getByRole('form', { name: 'Receber link de acesso' })
    await user.type(within(form).getByLabelText(/E-mail/), 'ana@contabil.dev')
    await user.click(within(form).getByRole('button', { name: 'Enviar link de acesso' }))
    expect(await screen.findByText('Confira seu e-mail')).toBeVisible()
    expect(window.localStorage.getItem('contabil.emailForSignIn')).toBe('ana@contabil.dev')
  })

  it('answers the same whether or not the account exists', async () => {
    const { user } = renderLogin({ mode: 'reset' })
    const form = screen.getByRole('form', { name: 'Redefinir senha' })
    await user.type(within(form).getByLabelText(/E-mail/), 'ninguem@example.com')
    await user.click(within(form).getByRole('button', { name: 'Enviar link de redefinição' }))
    expect(await screen.findByText(/Se houver uma conta com/)).toBeVisible()
  })

  it('refuses an address that is not an e-mail link', () => {
    renderLogin({ mode: 'signIn' })
    expect(screen.getByText('Este link de acesso não é válido.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Pedir novo link' })).toBeVisible()
  })
})
