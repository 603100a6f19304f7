import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { CoraCallbackScreen } from '@/screens/bank-statements/CoraCallbackScreen'
import { API, renderScreen } from '../invoices/support'

// /app/auth/cora/callback: a refusal and a used code say so; a good code connects once and goes
// back to the accounts with a toast.

let exchanges = 0
const server = setupServer(
  http.post(`${API}/bank-statements/connections/oauth/cora`, ({ request }) => {
    exchanges++
    const query = new URL(request.url).searchParams
    const code = query.get('code')
    // The state the callback came with goes along with the code.
    if (query.get('state') !== 'estado-1')
      return HttpResponse.json({ message: 'state ausente' }, { status: 400 })
    if (code === 'usado')
      return HttpResponse.json(
        { message: 'Código de autorização da Cora inválido, expirado ou já usado.' },
        { status: 400 },
      )
    return HttpResponse.json(
      {
        data: {
          connection: {},
          account: {
            id: 'acc-x',
            bankName: 'Cora SCD',
            branch: '0001',
            accountNumber: '4521873-9',
          },
          imported: 90,
          duplicates: 0,
        },
      },
      { status: 201 },
    )
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  exchanges = 0
})
afterAll(() => server.close())
vi.setConfig({ testTimeout: 30_000 })

describe('Cora callback', () => {
  it('says the connection was refused, without calling the API', async () => {
    await renderScreen(() => <CoraCallbackScreen error="access_denied" />)
    expect(await screen.findByText('A conexão com o Cora não foi autorizada.')).toBeVisible()
    expect(screen.getByText(/Você recusou o acesso no Cora/)).toBeVisible()
    expect(exchanges).toBe(0)
  })

  it('does not exchange a code that came without its state', async () => {
    await renderScreen(() => <CoraCallbackScreen code="bom" />)
    expect(await screen.findByText('A conexão com o Cora não foi autorizada.')).toBeVisible()
    expect(screen.getByText(/O Cora não devolveu a autorização/)).toBeVisible()
    expect(exchanges).toBe(0)
  })

  it('says a code already used (a reload of the page) is no good', async () => {
    await renderScreen(() => <CoraCallbackScreen code="usado" state="estado-1" />)
    expect(
      await screen.findByText(/Código de autorização da Cora inválido, expirado ou já usado\./),
    ).toBeVisible()
    expect(exchanges).toBe(1)
  })

  it('connects once and goes back to the accounts with a toast', async () => {
    const { router } = await renderScreen(() => <CoraCallbackScreen code="bom" state="estado-1" />)
    expect(
      await screen.findByText(
        'Conta Cora conectada: Cora SCD · Agência 0001 · Conta 4521873-9, 90 movimentações importadas.',
      ),
    ).toBeVisible()
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/app/bank-statements/accounts'),
    )
    expect(exchanges).toBe(1)
  })
})
