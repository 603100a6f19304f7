import { Suspense } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { NfsRequestWithCompany } from '@/schemas/invoice'
import { NfRequestScreen } from '@/screens/back-office/NfRequestScreen'
import { anaCompany, issuedRequest, renderScreen } from '../invoices/support'
import { API, backOfficeServer } from './support'

// The accountant's request page (src/screens/back-office/NfRequestScreen.tsx): issuing through
// the national system, a cancellation the Sefin Nacional accepts at once, starting the
// processing and rejecting replace what the card offered, the button that had focus with it. Focus goes to where the request now stands
// (src/ui/return-focus.ts `focusResult`), never to <body>.

const company = {
  id: anaCompany.id,
  name: anaCompany.name,
  alias: anaCompany.alias,
  cnpj: anaCompany.cnpj,
  status: anaCompany.status,
}
const issued: NfsRequestWithCompany = {
  ...issuedRequest('nfs-focus-1', 77),
  // Issued a moment ago: inside the cancellation deadline whatever the day the suite runs.
  issuedAt: new Date().toISOString(),
  company,
}
const pending: NfsRequestWithCompany = {
  ...issued,
  status: 'pending',
  number: null,
  issuedAt: null,
  accessKey: null,
  series: null,
  dpsNumber: null,
}

let current = pending
const server = backOfficeServer(
  http.get(`${API}/nfs/requests/:id`, () => HttpResponse.json({ data: current })),
  http.get(
    `${API}/nfs/requests/:id/dps`,
    () => new HttpResponse('<DPS/>', { headers: { 'Content-Type': 'application/xml' } }),
  ),
  http.put(`${API}/nfs/requests/:id/status/:status`, async ({ params, request }) => {
    const status = params.status as 'processing' | 'rejected'
    const body = (await request.json()) as { reason?: string }
    current = { ...pending, status, rejectionReason: body.reason ?? null }
    return HttpResponse.json({ data: current })
  }),
  http.post(`${API}/nfs/requests/:id/issue`, () => {
    current = issued
    return HttpResponse.json({ data: current })
  }),
  http.post(`${API}/nfs/requests/:id/cancel`, () => {
    current = {
      ...issued,
      status: 'cancelled',
      cancelledAt: new Date().toISOString(),
      cancellationCode: '1',
      cancellationReason: 'Valor digitado errado na nota',
    }
    return HttpResponse.json({ data: current })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const renderRequest = () =>
  renderScreen(() => (
    <Suspense fallback={null}>
      <NfRequestScreen requestId={issued.id} />
    </Suspense>
  ))

/** The text of what has focus: the sentence itself, not a page (or <body>) that holds it. */
const focusedText = () =>
  document.activeElement === document.body ? '<body>' : document.activeElement?.textContent

// A whole screen with its dialogs, on a machine that may be busy: room beyond the 5 s default.
describe('focus after an action that replaces the request card', { timeout: 30_000 }, () => {
  it('"Emitir NFS-e": focus goes to the sentence saying it was issued', async () => {
    current = pending
    const { user } = await renderRequest()
    await user.click(await screen.findByRole('button', { name: 'Emitir NFS-e' }))
    await waitFor(() => expect(focusedText()).toMatch(/^NFS-e nº 77 emitida em .* pela Sefin/))
    expect(screen.queryByRole('button', { name: 'Emitir NFS-e' })).toBeNull()
  })

  it('a cancellation accepted at once: focus goes to the sentence saying it was cancelled', async () => {
    current = issued
    const { user } = await renderRequest()
    await user.click(await screen.findByRole('button', { name: 'Cancelar NFS-e' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancelar a NFS-e nº 77?' })
    await user.selectOptions(within(dialog).getByLabelText(/Motivo do cancelamento/), '1')
    await user.click(within(dialog).getByLabelText(/Explique o motivo/))
    await user.paste('Valor digitado errado na nota')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar NFS-e' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(focusedText()).toMatch(/^NFS-e nº 77 cancelada em /))
  })

  it('"Iniciar processamento", then "Rejeitar": focus goes to where the request now stands', async () => {
    current = pending
    const { user } = await renderRequest()
    await user.click(await screen.findByRole('button', { name: 'Iniciar processamento' }))
    const start = screen.getByRole('dialog', { name: 'Iniciar o processamento?' })
    await user.click(within(start).getByRole('button', { name: 'Iniciar processamento' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(focusedText()).toMatch(/^Emita a NFS-e pelo Sistema Nacional/))
    await user.click(screen.getByRole('button', { name: 'Rejeitar' }))
    const reject = screen.getByRole('dialog', { name: 'Rejeitar a solicitação?' })
    await user.click(within(reject).getByLabelText(/Motivo da rejeição/))
    await user.paste('Tomador não confirmado')
    await user.click(within(reject).getByRole('button', { name: 'Rejeitar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() =>
      expect(focusedText()).toMatch(/^Rejeitada\. O cliente lê o motivo: Tomador não confirmado/),
    )
  })
})
