// First: msw must wrap `fetch` before the Firebase SDK loads and keeps a reference to it.
import { API, EMULATOR, received, resetBackend, server } from '../support/backend'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { messages } from '@/schemas/messages'
import { profileMessages } from '@/schemas/profile'
import { inviteMessages } from '@/schemas/engagement'
import type { Company } from '@/schemas/company'
import type { User } from '@/schemas/user'
import { SessionProvider } from '@/services/session/react'
import type { SessionService } from '@/services/session/types'
import { EmailForm } from '@/screens/account/EmailForm'
import { InviteForm } from '@/screens/account/InviteForm'
import { PasswordForm } from '@/screens/account/PasswordForm'
import { ProfileDetailsForm } from '@/screens/account/ProfileDetailsForm'
import { signedInSession, signInAna } from './support'

// The account forms with the real Firebase SDK (reauthentication, password and e-mail changes),
// session and API client; the network is answered by msw (tests/component/support/backend.ts,
// plus the identity service's `accounts:update` and the account endpoints here).

const ANA_ID = 'uid-ana'
const me: User = {
  id: ANA_ID,
  email: 'ana@contabil.dev',
  name: 'Ana Paula Ribeiro',
  phone: '+55 (11) 98765-4321',
  roles: ['company-admin'],
  companies: ['cmp-ana-design'],
  indicatedBy: null,
  referralCode: 'ANA5847',
  disabled: false,
  createdAt: '2025-02-10T13:30:00.000Z',
}
const company = { id: 'cmp-ana-design', name: 'Ana Design Ltda', alias: 'Ana Design' } as Company

let session: SessionService
/** What `accounts:update` received (the password or e-mail change). */
const updates: Record<string, unknown>[] = []

beforeAll(async () => {
  resetBackend()
  session = await signedInSession()
})
beforeEach(async () => {
  resetBackend()
  updates.length = 0
  server.use(
    http.post(
      new RegExp(`^${EMULATOR}/identitytoolkit\\.googleapis\\.com/v1/accounts:update`),
      async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        updates.push(body)
        return HttpResponse.json({
          kind: 'identitytoolkit#SetAccountInfoResponse',
          localId: ANA_ID,
        })
      },
    ),
    http.patch(`${API}/users/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { name: string; phone: string }
      received.push({ method: 'PATCH', path: `/users/${String(params.id)}`, body })
      return HttpResponse.json({ data: { ...me, ...body } })
    }),
    http.post(`${API}/invites`, async ({ request }) => {
      const body = (await request.json()) as { email: string }
      received.push({ method: 'POST', path: '/invites', body })
      if (body.email === 'ja-convidada@example.com')
        return HttpResponse.json({ message: inviteMessages.alreadyInvited }, { status: 409 })
      return HttpResponse.json(
        {
          data: {
            id: 'inv-1',
            companyId: company.id,
            companyName: company.name,
            email: body.email,
            role: 'company-admin',
            status: 'pending',
            invitedBy: ANA_ID,
            invitedByName: me.name,
            createdAt: '2026-11-20T12:00:00.000Z',
            expiresAt: '2026-12-20T12:00:00.000Z',
            acceptedAt: null,
            acceptedBy: null,
            revokedAt: null,
          },
        },
        { status: 201 },
      )
    }),
  )
  if (!session.view().user) await signInAna(session)
})
afterEach(() => server.resetHandlers())
afterAll(() => {
  session.stop()
  server.close()
})

function renderWith(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider service={session}>{children}</SessionProvider>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

describe('your details (name and mobile)', () => {
  const form = () => screen.getByRole('form', { name: 'Seus dados' })

  it("says 'Celular inválido' and an empty name's message, sending nothing", async () => {
    const user = renderWith(<ProfileDetailsForm me={me} />)
    await user.clear(within(form()).getByLabelText(/Nome/))
    await user.clear(within(form()).getByLabelText(/Celular/))
    await user.type(within(form()).getByLabelText(/Celular/), '1199')
    await user.click(within(form()).getByRole('button', { name: 'Salvar dados' }))
    expect(await within(form()).findByText(messages.phoneInvalid)).toBeVisible()
    expect(within(form()).getByText('Informe seu nome completo')).toBeVisible()
    expect(within(form()).getByLabelText(/Nome/)).toHaveFocus()
    expect(received.filter((r) => r.method === 'PATCH')).toEqual([])
  })

  it('sends the name and the formatted mobile', async () => {
    const user = renderWith(<ProfileDetailsForm me={me} />)
    await user.clear(within(form()).getByLabelText(/Nome/))
    await user.type(within(form()).getByLabelText(/Nome/), 'Ana Ribeiro')
    await user.click(within(form()).getByRole('button', { name: 'Salvar dados' }))
    await waitFor(() =>
      expect(received.filter((r) => r.method === 'PATCH')).toEqual([
        {
          method: 'PATCH',
          path: '/users/uid-ana',
          body: { name: 'Ana Ribeiro', phone: '+55 (11) 98765-4321' },
        },
      ]),
    )
  })

  it('takes an empty mobile as none (an account an admin created may have none)', async () => {
    const user = renderWith(<ProfileDetailsForm me={me} />)
    await user.clear(within(form()).getByLabelText(/Celular/))
    await user.click(within(form()).getByRole('button', { name: 'Salvar dados' }))
    await waitFor(() =>
      expect(received.filter((r) => r.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: '/users/uid-ana', body: { name: me.name, phone: null } },
      ]),
    )
  })
})

describe('password change', () => {
  const form = () => screen.getByRole('form', { name: 'Trocar senha' })
  const fill = async (
    user: ReturnType<typeof userEvent.setup>,
    current: string,
    next: string,
    again = next,
  ) => {
    await user.type(within(form()).getByLabelText(/Senha atual/), current)
    await user.type(within(form()).getByLabelText(/^Nova senha/), next)
    await user.type(within(form()).getByLabelText(/Repita a nova senha/), again)
    await user.click(within(form()).getByRole('button', { name: 'Trocar senha' }))
  }

  it('refuses a wrong current password in pt-BR, at that field', async () => {
    const user = renderWith(<PasswordForm />)
    await fill(user, 'errada-123', 'NovaSenha2026')
    expect(await within(form()).findByText(profileMessages.currentPasswordWrong)).toBeVisible()
    expect(within(form()).getByLabelText(/Senha atual/)).toHaveFocus()
    expect(updates).toEqual([])
  })

  it('refuses a short, a weak and a mistyped new password before calling anyone', async () => {
    const user = renderWith(<PasswordForm />)
    await fill(user, 'Cliente#2026', 'curta1')
    expect(await within(form()).findByText(messages.passwordMin)).toBeVisible()
    await user.clear(within(form()).getByLabelText(/^Nova senha/))
    await user.type(within(form()).getByLabelText(/^Nova senha/), 'somenteletras')
    await user.clear(within(form()).getByLabelText(/Repita a nova senha/))
    await user.type(within(form()).getByLabelText(/Repita a nova senha/), 'outracoisa1')
    await user.click(within(form()).getByRole('button', { name: 'Trocar senha' }))
    expect(await within(form()).findByText(profileMessages.weakPassword)).toBeVisible()
    expect(within(form()).getByText(profileMessages.passwordsDiffer)).toBeVisible()
    expect(updates).toEqual([])
  })

  it('changes it after the current one is confirmed', async () => {
    const user = renderWith(<PasswordForm />)
    await fill(user, 'Cliente#2026', 'NovaSenha2026')
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]).toMatchObject({ password: 'NovaSenha2026' })
    await waitFor(() => expect(within(form()).getByLabelText(/Senha atual/)).toHaveValue(''))
  })
})

describe('e-mail change', () => {
  const form = () => screen.getByRole('form', { name: 'Trocar e-mail' })

  it('refuses a bad address, the same address and a wrong password', async () => {
    const user = renderWith(<EmailForm email="ana@contabil.dev" />)
    await user.type(within(form()).getByLabelText(/Novo e-mail/), 'ana@')
    await user.click(within(form()).getByRole('button', { name: 'Enviar link de confirmação' }))
    expect(await within(form()).findByText(messages.emailInvalid)).toBeVisible()
    expect(within(form()).getByText(profileMessages.currentPasswordRequired)).toBeVisible()

    await user.clear(within(form()).getByLabelText(/Novo e-mail/))
    await user.type(within(form()).getByLabelText(/Novo e-mail/), 'ANA@contabil.dev')
    await user.click(within(form()).getByRole('button', { name: 'Enviar link de confirmação' }))
    expect(await within(form()).findByText(profileMessages.sameEmail)).toBeVisible()

    await user.clear(within(form()).getByLabelText(/Novo e-mail/))
    await user.type(within(form()).getByLabelText(/Novo e-mail/), 'ana.nova@example.com')
    await user.type(within(form()).getByLabelText(/Senha atual/), 'errada-123')
    await user.click(within(form()).getByRole('button', { name: 'Enviar link de confirmação' }))
    expect(await within(form()).findByText(profileMessages.currentPasswordWrong)).toBeVisible()
  })

  it('sends the confirmation link to the new address', async () => {
    const user = renderWith(<EmailForm email="ana@contabil.dev" />)
    await user.type(within(form()).getByLabelText(/Novo e-mail/), 'ana.nova@example.com')
    await user.type(within(form()).getByLabelText(/Senha atual/), 'Cliente#2026')
    await user.click(within(form()).getByRole('button', { name: 'Enviar link de confirmação' }))
    expect(await screen.findByText('Confira sua caixa de entrada')).toBeVisible()
    expect(screen.getByText(/Enviamos um link para ana.nova@example.com/)).toBeVisible()
  })
})

describe('invite form', () => {
  const form = () => screen.getByRole('form', { name: 'Convidar para Ana Design' })

  it('names the company, checks the e-mail, and shows the server’s conflict at the field', async () => {
    const user = renderWith(<InviteForm company={company} />)
    expect(screen.getByRole('heading', { name: 'Convidar para Ana Design' })).toBeVisible()
    await user.click(within(form()).getByRole('button', { name: 'Enviar convite' }))
    expect(await within(form()).findByText(messages.emailInvalid)).toBeVisible()

    await user.type(within(form()).getByLabelText(/E-mail da pessoa/), 'ja-convidada@example.com')
    await user.click(within(form()).getByRole('button', { name: 'Enviar convite' }))
    expect(await within(form()).findByText(inviteMessages.alreadyInvited)).toBeVisible()
    expect(within(form()).getByLabelText(/E-mail da pessoa/)).toHaveValue(
      'ja-convidada@example.com',
    )

    await user.clear(within(form()).getByLabelText(/E-mail da pessoa/))
    await user.type(within(form()).getByLabelText(/E-mail da pessoa/), 'Nova.Socia@Example.com')
    await user.click(within(form()).getByRole('button', { name: 'Enviar convite' }))
    await waitFor(() =>
      expect(received.filter((r) => r.path === '/invites').at(-1)?.body).toEqual({
        email: 'nova.socia@example.com',
      }),
    )
    await waitFor(() => expect(within(form()).getByLabelText(/E-mail da pessoa/)).toHaveValue(''))
  })
})
