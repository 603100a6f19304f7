import { Suspense, useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { NfsRequest } from '@/schemas/invoice'
import { InvoiceRequestsTab } from '@/screens/invoices/InvoiceRequestsTab'
import type { InvoicesSearch } from '@/screens/invoices/invoices-search'
import { nationalIssueRequest } from '../../e2e/invoices/requests'
import { API, anaCompany, issuedRequest, renderScreen } from './support'

// The owner's requests list while the accountant's cancellation of an NFS-e awaits the Receita:
// the row says so and follows the server's check to "Cancelada" without a reload, and a row read
// before the cancellation was sent follows the panel that reads it.

const REASON = 'Cliente desistiu antes do início do serviço'
// The taker of the request the e2e spec asks for and cancels (tests/e2e/invoices/nfse.spec.ts).
const issued: NfsRequest = {
  ...issuedRequest('nfs-cancelando', 83),
  taker: nationalIssueRequest.taker,
}
const sent: NfsRequest = {
  ...issued,
  cancellationSending: {
    status: 'unconfirmed',
    code: '2',
    reason: REASON,
    requestedAt: '2026-11-02T13:00:00.000Z',
    by: 'admin',
    problem: null,
  },
}
const cancelled: NfsRequest = {
  ...issued,
  status: 'cancelled',
  cancelledAt: '2026-11-02T13:00:20.000Z',
  cancellationCode: '2',
  cancellationReason: REASON,
}

/** Where the request stands on the server: the test moves it as the accountant and the check do. */
const stored = { request: issued, listReads: 0 }

const server = setupServer(
  http.get(`${API}/nfs/requests`, () => {
    stored.listReads += 1
    return HttpResponse.json({ data: [stored.request], total: 1 })
  }),
  http.get(`${API}/nfs/requests/:id`, ({ params }) =>
    params.id === issued.id
      ? HttpResponse.json({ data: stored.request })
      : HttpResponse.json({ message: 'Solicitação não encontrada.' }, { status: 404 }),
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => vi.useRealTimers())

function Requests() {
  const [search, setSearch] = useState<InvoicesSearch>({})
  return (
    <Suspense fallback={<p>Carregando as solicitações…</p>}>
      <InvoiceRequestsTab companyId={anaCompany.id} search={search} onSearchChange={setSearch} />
    </Suspense>
  )
}

const AWAITING = 'Cancelamento enviado, aguardando a confirmação da Receita'
// `hidden`: with the panel open the page behind it is hidden from assistive technology.
const row = () => screen.getByRole('row', { name: /Café Bom Grão/, hidden: true })

describe('the owner’s list while a cancellation awaits the Receita', () => {
  it('the row says the cancellation awaits, and turns "Cancelada" once the check settles it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    stored.request = sent
    await renderScreen(() => <Requests />)
    await screen.findByRole('row', { name: /Café Bom Grão/ })
    expect(within(row()).getByText('Emitida')).toBeVisible()
    expect(within(row()).getByText(AWAITING)).toBeVisible()

    // Still unsettled: asked again.
    const reads = stored.listReads
    await vi.advanceTimersByTimeAsync(3_000)
    await vi.waitFor(() => expect(stored.listReads).toBeGreaterThan(reads))

    stored.request = cancelled
    await vi.advanceTimersByTimeAsync(3_000)
    await vi.waitFor(() => expect(within(row()).getByText('Cancelada')).toBeVisible())
    expect(within(row()).queryByText(AWAITING)).not.toBeInTheDocument()
    // Settled: no more asking.
    const after = stored.listReads
    await vi.advanceTimersByTimeAsync(9_000)
    expect(stored.listReads).toBe(after)
  })

  it('a row read before the cancellation was sent follows the panel that reads it, then the check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    stored.request = issued
    const { user, queryClient } = await renderScreen(() => <Requests />)
    // As the app's client: a list 30 s fresh (src/services/query/client.tsx).
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } })
    await screen.findByRole('row', { name: /Café Bom Grão/ })
    expect(within(row()).getByText('Emitida')).toBeVisible()

    // The accountant sends the cancellation; the owner opens the request.
    stored.request = sent
    await user.click(within(row()).getByRole('button', { name: /Detalhes da nota/ }))
    const panel = await screen.findByRole('dialog', { name: 'Solicitação de NFS-e' })
    expect(
      await within(panel).findByText(
        'Cancelamento enviado em 02/11/2026 — aguardando a confirmação da Receita',
      ),
    ).toBeVisible()
    await vi.waitFor(() => expect(within(row()).getByText(AWAITING)).toBeInTheDocument())

    // The check settles it: the panel and the row both say so.
    stored.request = cancelled
    await vi.advanceTimersByTimeAsync(3_000)
    expect(await within(panel).findByText('NFS-e nº 83 cancelada')).toBeVisible()
    await vi.waitFor(() => expect(within(row()).getByText('Cancelada')).toBeInTheDocument())
    expect(within(row()).queryByText(AWAITING)).not.toBeInTheDocument()
  })
})
