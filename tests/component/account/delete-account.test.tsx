// msw first (tests/component/support/backend.ts wraps fetch when imported).
import { API, received, resetBackend, server } from '../support/backend'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router'
import { http, HttpResponse } from 'msw'
import { profileMessages } from '@/schemas/profile'
import { SessionProvider } from '@/services/session/react'
import type { SessionService } from '@/services/session/types'
import { DeleteAccountCard } from '@/screens/account/DeleteAccountCard'
import { signedInSession } from './support'

// Deleting the account: the e-mail typed must be the account's; then DELETE /users/{id}, the
// session signs out and the person is taken to the login page.

let session: SessionService
beforeAll(async () => {
  resetBackend()
  server.use(
    http.delete(`${API}/users/:id`, ({ params }) => {
      received.push({ method: 'DELETE', path: `/users/${String(params.id)}`, body: null })
      return new HttpResponse(null, { status: 204 })
    }),
  )
  session = await signedInSession()
})
afterEach(() => received.splice(0))
afterAll(() => {
  session.stop()
  server.close()
})

async function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const root = createRootRoute()
  const profile = createRoute({
    getParentRoute: () => root,
    path: '/app/user/my-profile',
    component: () => (
      <QueryClientProvider client={queryClient}>
        <SessionProvider service={session}>
          <DeleteAccountCard uid="uid-ana" email="ana@contabil.dev" />
        </SessionProvider>
      </QueryClientProvider>
    ),
  })
  const login = createRoute({
    getParentRoute: () => root,
    path: '/app/login',
    component: () => <h1>Entrar</h1>,
  })
  const router = createRouter({
    routeTree: root.addChildren([profile, login]),
    history: createMemoryHistory({ initialEntries: ['/app/user/my-profile'] }),
  })
  await router.load()
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), router }
}

describe('delete account', () => {
  it('asks for the account e-mail; another one is refused and nothing is deleted', async () => {
    const { user } = await renderCard()
    await user.click(await screen.findByRole('button', { name: 'Excluir minha conta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Excluir sua conta?' })
    await user.type(within(dialog).getByLabelText('Seu e-mail'), 'outra@contabil.dev')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir conta' }))
    expect(await within(dialog).findByText(profileMessages.deleteConfirm)).toBeVisible()
    expect(received.filter((r) => r.method === 'DELETE')).toEqual([])
  })

  it('deletes, signs out and goes to the login page', async () => {
    const { user, router } = await renderCard()
    await user.click(await screen.findByRole('button', { name: 'Excluir minha conta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Excluir sua conta?' })
    await user.type(within(dialog).getByLabelText('Seu e-mail'), 'ANA@contabil.dev')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir conta' }))
    await waitFor(() =>
      expect(received.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        '/users/uid-ana',
      ]),
    )
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/app/login')
    expect(session.view().user).toBeNull()
  })
})
