// First: msw must wrap `fetch` before the Firebase SDK loads and keeps a reference to it.
import { API, db, idTokenOf, received, resetBackend, server } from '../support/backend'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { inviteMessages, type Invite } from '@/schemas/engagement'
import { SessionProvider } from '@/services/session/react'
import type { SessionService } from '@/services/session/types'
import { ReceivedInvites } from '@/screens/account/ReceivedInvites'
import { signedInSession, signInAna } from './support'

// Invites received: accepting needs a confirmed e-mail. Until the identity service has it as
// verified, the card says why, sends the confirmation link (the real Firebase SDK's
// `sendOobCode` VERIFY_EMAIL), and checks again when asked; then the invite is accepted.

const ANA_ID = 'uid-ana'
const invite: Invite = {
  id: 'inv-eva-ana',
  companyId: 'cmp-eva-studio',
  companyName: 'Estúdio Eva Lima',
  email: 'ana@contabil.dev',
  role: 'company-admin',
  status: 'pending',
  invitedBy: 'uid-eva',
  invitedByName: 'Eva Lima',
  createdAt: '2026-01-10T12:00:00.000Z',
  expiresAt: '2099-02-09T12:00:00.000Z',
  acceptedAt: null,
  acceptedBy: null,
  revokedAt: null,
} as Invite

let session: SessionService
let accepted: string[] = []

const setVerified = (emailVerified: boolean) =>
  db.account.update({ where: { uid: { equals: ANA_ID } }, data: { emailVerified } })

beforeAll(async () => {
  resetBackend()
  session = await signedInSession()
})
beforeEach(async () => {
  resetBackend()
  accepted = []
  server.use(
    http.get(`${API}/invites/received`, () => {
      const data = accepted.length > 0 ? [] : [invite]
      return HttpResponse.json({ data, total: data.length })
    }),
    http.post(`${API}/invites/:id/accept`, ({ params }) => {
      const account = db.account.findFirst({ where: { uid: { equals: ANA_ID } } })!
      if (!account.emailVerified)
        return HttpResponse.json({ message: inviteMessages.emailNotVerified }, { status: 403 })
      accepted.push(String(params.id))
      return HttpResponse.json({ data: { ...invite, status: 'accepted', acceptedBy: ANA_ID } })
    }),
    // The session reads the new claims after accepting: a fresh token.
    http.post(/securetoken\.googleapis\.com\/v1\/token/, () => {
      const account = db.account.findFirst({ where: { uid: { equals: ANA_ID } } })!
      return HttpResponse.json({
        access_token: idTokenOf(account),
        id_token: idTokenOf(account),
        refresh_token: `refresh-${ANA_ID}`,
        expires_in: '3600',
        token_type: 'Bearer',
        user_id: ANA_ID,
        project_id: 'demo-contabil',
      })
    }),
  )
  if (!session.view().user) await signInAna(session)
})
afterEach(() => server.resetHandlers())
afterAll(() => {
  session.stop()
  server.close()
})

function renderInvites() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider service={session}>
        <ReceivedInvites uid={ANA_ID} />
      </SessionProvider>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

const acceptButton = () =>
  screen.findByRole('button', { name: 'Aceitar convite para Estúdio Eva Lima' })

describe('received invites', () => {
  it('with an unconfirmed e-mail: explains, sends the link, and accepts once confirmed', async () => {
    setVerified(false)
    const user = renderInvites()
    expect(await screen.findByText('Confirme seu e-mail para aceitar')).toBeVisible()
    expect(screen.getByText(/O convite foi enviado para ana@contabil\.dev/)).toBeVisible()
    expect(await acceptButton()).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Enviar link de confirmação' }))
    expect(await screen.findByText(/Link enviado para ana@contabil\.dev/)).toBeVisible()
    const sent = received.filter((r) => r.path === 'accounts:sendOobCode')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toMatchObject({
      requestType: 'VERIFY_EMAIL',
      continueUrl: `${window.location.origin}/app/user/my-invites`,
    })

    // Not yet opened: still waiting.
    await user.click(screen.getByRole('button', { name: 'Já confirmei' }))
    expect(await acceptButton()).toBeDisabled()

    // The link was opened (in the mailbox): checked again, the invite can be accepted.
    setVerified(true)
    await user.click(screen.getByRole('button', { name: 'Já confirmei' }))
    await waitFor(async () => expect(await acceptButton()).toBeEnabled())
    expect(screen.queryByText('Confirme seu e-mail para aceitar')).toBeNull()
    await user.click(await acceptButton())
    expect(await screen.findByText('Agora você tem acesso a Estúdio Eva Lima')).toBeVisible()
    expect(accepted).toEqual(['inv-eva-ana'])
  })

  it('with a confirmed e-mail: accepts at once, no notice', async () => {
    const user = renderInvites()
    await waitFor(async () => expect(await acceptButton()).toBeEnabled())
    expect(screen.queryByText('Confirme seu e-mail para aceitar')).toBeNull()
    await user.click(await acceptButton())
    expect(await screen.findByText('Agora você tem acesso a Estúdio Eva Lima')).toBeVisible()
  })
})
