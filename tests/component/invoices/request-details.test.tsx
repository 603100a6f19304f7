import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { nationalFieldsUnset, type NfsRequest } from '@/schemas/invoice'
import { RequestDetails } from '@/screens/invoices/RequestDetails'
import { invoiceKeys } from '@/services/invoices'
import { API, anaCompany, issuedRequest, renderScreen } from './support'

// The owner's side panel of a request: an NFS-e the accountant substituted says so and links the
// new one; the new one says which NFS-e it substitutes, with the national code and reason. Both
// links are real links to the same panel (`/app/invoices?request=…`), reached by keyboard.

const issued = (id: string, number: number) => issuedRequest(id, number)
const old: NfsRequest = {
  ...issued('nfs-antiga', 12),
  status: 'substituted',
  substitutedBy: 'nfs-nova',
}
const substitute: NfsRequest = {
  ...issued('nfs-nova', 13),
  totalValue: 4_800,
  substitutes: 'nfs-antiga',
  substitutionCode: '01',
  substitutionReason: 'Valor do serviço corrigido conforme o contrato assinado.',
}

// An issued one of each kind: through the national system (its files are the XML and the
// DANFSe), registered by hand with its PDF, and registered by hand without a file yet.
const national = issued('nfs-nacional', 76)
const manual: NfsRequest = {
  ...issued('nfs-manual', 40),
  ...nationalFieldsUnset,
  issuedFiles: { pdf: { documentId: 'doc-nfs-40', fileName: 'nfs-40.pdf' }, xml: null },
}
const manualWithoutFile: NfsRequest = { ...manual, id: 'nfs-manual-sem-pdf', issuedFiles: null }

// Past the deadline, the cancellation asked of the municipality: waiting, granted (the request
// cancelled) and refused (it stays issued).
const ANALYSIS_REASON = 'Serviço não prestado: contrato desfeito'
const analysis = (
  status: 'requested' | 'granted' | 'refused',
  answer: string | null = null,
): NonNullable<NfsRequest['cancellationAnalysis']> => ({
  status,
  code: '2',
  reason: ANALYSIS_REASON,
  requestedAt: '2026-11-02T13:00:00.000Z',
  sequence: 1,
  answeredAt: answer ? '2026-11-20T13:00:00.000Z' : null,
  answer,
  answerProblem: null,
})
const waiting: NfsRequest = {
  ...issued('nfs-analise', 80),
  cancellationAnalysis: analysis('requested'),
}
const granted: NfsRequest = {
  ...issued('nfs-deferida', 81),
  status: 'cancelled',
  cancelledAt: '2026-11-20T13:05:00.000Z',
  cancellationCode: '2',
  cancellationReason: ANALYSIS_REASON,
  cancellationAnalysis: analysis('granted', 'Serviço comprovadamente não prestado'),
}
const refused: NfsRequest = {
  ...issued('nfs-indeferida', 82),
  cancellationAnalysis: analysis('refused', 'O tomador comprovou a prestação'),
}

// A cancellation sent whose answer was lost (or did not verify): the NFS-e still issued, the
// cancellation recorded as sent; once the server's check settles it, the request is cancelled.
const CANCEL_REASON = 'Cliente desistiu antes do início do serviço'
const CANCEL_PROBLEM =
  'A assinatura da Sefin Nacional no evento não confere: A assinatura não confere com o conteúdo.'
const cancelling: NfsRequest = {
  ...issued('nfs-cancelando', 83),
  cancellationSending: {
    status: 'unconfirmed',
    code: '2',
    reason: CANCEL_REASON,
    requestedAt: '2026-11-02T13:00:00.000Z',
    by: 'admin',
    problem: CANCEL_PROBLEM,
  },
}
const settled: NfsRequest = {
  ...cancelling,
  status: 'cancelled',
  cancelledAt: '2026-11-02T13:00:20.000Z',
  cancellationCode: '2',
  cancellationReason: CANCEL_REASON,
  cancellationSending: null,
}
/** What the server answers for it: unsettled until the test's "check" settles it. */
const cancellation = { settled: false, reads: 0 }

const server = setupServer(
  http.get(`${API}/nfs/requests/:id`, ({ params }) => {
    if (params.id === cancelling.id) {
      cancellation.reads += 1
      return HttpResponse.json({ data: cancellation.settled ? settled : cancelling })
    }
    const found = [
      old,
      substitute,
      national,
      manual,
      manualWithoutFile,
      waiting,
      granted,
      refused,
    ].find((request) => request.id === params.id)
    return found
      ? HttpResponse.json({ data: found })
      : HttpResponse.json({ message: 'Solicitação não encontrada.' }, { status: 404 })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('a substituted NFS-e and its substitute, on the owner’s screen', () => {
  it('the substituted one says so and links the new one; the link is reached and followed by keyboard', async () => {
    const { user, router } = await renderScreen(() => (
      <RequestDetails companyId={anaCompany.id} requestId="nfs-antiga" onCancel={() => {}} />
    ))
    const alert = await screen.findByText('NFS-e nº 12 substituída')
    expect(alert).toBeVisible()
    expect(screen.getByText(/emitiu uma nova NFS-e no lugar desta/)).toBeVisible()
    const alertLink = screen.getByRole('link', { name: 'Ver a NFS-e que a substitui' })
    expect(alertLink).toHaveAttribute('href', '/app/invoices?request=nfs-nova')
    const term = screen.getByText('Substituída por')
    const link = within(term.parentElement!).getByRole('link', { name: 'A nova NFS-e' })
    expect(link).toHaveAttribute('href', '/app/invoices?request=nfs-nova')

    link.focus()
    expect(link).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(router.state.location.pathname).toBe('/app/invoices')
    expect(router.state.location.search).toEqual({ request: 'nfs-nova' })
  })

  it('the substitute says which NFS-e it substitutes, with the code and reason', async () => {
    await renderScreen(() => (
      <RequestDetails companyId={anaCompany.id} requestId="nfs-nova" onCancel={() => {}} />
    ))
    expect(await screen.findByText('NFS-e nº 13')).toBeVisible()
    const term = screen.getByText('Substitui')
    expect(
      within(term.parentElement!).getByRole('link', { name: 'A NFS-e substituída' }),
    ).toHaveAttribute('href', '/app/invoices?request=nfs-antiga')
    expect(
      screen.getByText(/^01 — .+: Valor do serviço corrigido conforme o contrato assinado\.$/),
    ).toBeVisible()
    expect(screen.queryByText('Substituída por')).not.toBeInTheDocument()
  })
})

describe('an issued NFS-e’s files, on the owner’s screen', () => {
  const EMPTY = 'O PDF desta nota ainda não foi anexado pela contabilidade aos seus documentos.'
  const render = (requestId: string) =>
    renderScreen(() => (
      <RequestDetails companyId={anaCompany.id} requestId={requestId} onCancel={() => {}} />
    ))

  it('one the national system issued offers its XML and DANFSe, never the empty state', async () => {
    await render('nfs-nacional')
    expect(await screen.findByText('NFS-e nº 76 emitida')).toBeVisible()
    const files = screen.getByRole('group', { name: 'Arquivos da NFS-e nº 76' })
    expect(within(files).getAllByRole('button')).toHaveLength(2)
    expect(within(files).getByRole('button', { name: /XML da NFS-e nº 76/ })).toBeEnabled()
    expect(within(files).getByRole('button', { name: /DANFSe da NFS-e nº 76/ })).toBeEnabled()
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument()
  })

  it('one registered by hand offers its PDF', async () => {
    await render('nfs-manual')
    expect(await screen.findByText('NFS-e nº 40 emitida')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Baixar o PDF' })).toBeEnabled()
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument()
  })

  it('one registered by hand without its PDF is the only one with the empty state', async () => {
    await render('nfs-manual-sem-pdf')
    expect(await screen.findByText('NFS-e nº 40 emitida')).toBeVisible()
    expect(screen.getByText(EMPTY)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Baixar o PDF' })).not.toBeInTheDocument()
    expect(screen.queryByRole('group', { name: /Arquivos da NFS-e/ })).not.toBeInTheDocument()
  })
})

describe('a cancellation asked of the municipality, on the owner’s screen', () => {
  const render = (requestId: string) =>
    renderScreen(() => (
      <RequestDetails companyId={anaCompany.id} requestId={requestId} onCancel={() => {}} />
    ))

  it('waiting: the day it was asked, the reason, and that the NFS-e still holds', async () => {
    await render('nfs-analise')
    expect(
      await screen.findByText('Análise fiscal pedida em 02/11/2026 — aguardando o município'),
    ).toBeVisible()
    expect(
      screen.getByText(`Motivo do pedido: serviço não prestado — ${ANALYSIS_REASON}`),
    ).toBeVisible()
    expect(screen.getByText(/a NFS-e continua valendo e não pode ser cancelada/)).toBeVisible()
    expect(screen.getByText('NFS-e nº 80 emitida')).toBeVisible()
  })

  it('granted: the NFS-e cancelled with the municipality’s answer', async () => {
    await render('nfs-deferida')
    expect(await screen.findByText('NFS-e nº 81 cancelada')).toBeVisible()
    expect(screen.getByText('Análise fiscal pedida em 02/11/2026 — deferida')).toBeVisible()
    expect(
      screen.getByText(
        'O município deferiu em 20/11/2026: Serviço comprovadamente não prestado. A NFS-e está cancelada.',
      ),
    ).toBeVisible()
    expect(screen.getByText(/com o deferimento do município, em/)).toBeVisible()
  })

  it('refused: still issued, with the municipality’s reason; no technical names', async () => {
    const { container } = await render('nfs-indeferida')
    expect(
      await screen.findByText('Análise fiscal pedida em 02/11/2026 — indeferida'),
    ).toBeVisible()
    expect(
      screen.getByText(
        'O município indeferiu em 20/11/2026: O tomador comprovou a prestação. A NFS-e continua valendo.',
      ),
    ).toBeVisible()
    expect(screen.getByText('NFS-e nº 82 emitida')).toBeVisible()
    expect(container.textContent).not.toMatch(/e101103|e10510[45]|E0068|cancellationAnalysis/)
  })
})

describe('a cancellation sent and not confirmed yet, on the owner’s screen', () => {
  afterEach(() => vi.useRealTimers())

  it('says it was sent and awaits the Receita, then shows it cancelled once the check settles it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { container } = await renderScreen(() => (
      <RequestDetails companyId={anaCompany.id} requestId="nfs-cancelando" onCancel={() => {}} />
    ))
    expect(
      await screen.findByText(
        'Cancelamento enviado em 02/11/2026 — aguardando a confirmação da Receita',
      ),
    ).toBeVisible()
    expect(screen.getByText(`Motivo: serviço não prestado — ${CANCEL_REASON}`)).toBeVisible()
    expect(screen.getByText(/a NFS-e aparece cancelada assim que ela confirmar/)).toBeVisible()
    // The Sefin's technical problem is the back office's, not the owner's.
    expect(screen.queryByText(CANCEL_PROBLEM)).not.toBeInTheDocument()
    expect(container.textContent).not.toMatch(/e101101|unconfirmed|cancellationSending/)

    // Still unsettled: asked again.
    const reads = cancellation.reads
    await vi.advanceTimersByTimeAsync(3_000)
    await vi.waitFor(() => expect(cancellation.reads).toBeGreaterThan(reads))
    expect(screen.getByText(/^Cancelamento enviado em 02\/11\/2026/)).toBeVisible()

    // The check settled it: the panel follows without being reopened.
    cancellation.settled = true
    await vi.advanceTimersByTimeAsync(3_000)
    expect(await screen.findByText('NFS-e nº 83 cancelada')).toBeVisible()
    expect(screen.queryByText(/^Cancelamento enviado em/)).not.toBeInTheDocument()
    // Settled: no more asking.
    const after = cancellation.reads
    await vi.advanceTimersByTimeAsync(9_000)
    expect(cancellation.reads).toBe(after)
  })

  it('reopened with a copy cached before the cancellation was sent: asks again and shows the note', async () => {
    cancellation.settled = false
    function Reopen() {
      const [open, setOpen] = useState(false)
      return open ? (
        <RequestDetails companyId={anaCompany.id} requestId="nfs-cancelando" onCancel={() => {}} />
      ) : (
        <button onClick={() => setOpen(true)}>Abrir</button>
      )
    }
    const { queryClient, user } = await renderScreen(() => <Reopen />)
    // As the app's client: a copy 30 s fresh (src/services/query/client.tsx).
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } })
    queryClient.setQueryData(invoiceKeys.request(anaCompany.id, cancelling.id), {
      ...cancelling,
      cancellationSending: null,
    })
    await user.click(screen.getByRole('button', { name: 'Abrir' }))
    expect(
      await screen.findByText(
        'Cancelamento enviado em 02/11/2026 — aguardando a confirmação da Receita',
      ),
    ).toBeVisible()
  })
})
