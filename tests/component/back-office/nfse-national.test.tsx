import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { CancelNfseDialog } from '@/screens/back-office/CancelNfseDialog'
import { CancellationAnalysisNote, CancellationSendingNote } from '@/screens/nfse'
import { NationalIssue } from '@/screens/back-office/NationalIssue'
import { SubstituteNfseDialog } from '@/screens/back-office/SubstituteNfseDialog'
import type { NfsRequestWithCompany } from '@/schemas/invoice'
import { Toaster } from '@/ui/Toaster'
import { issuedRequest } from '../invoices/support'
import { API, backOfficeServer, renderWithQuery } from './support'

// The national NFS-e in the back office: "Emitir NFS-e" shows its steps and, when the Sefin
// Nacional refuses the DPS, each error with its code and message; "Cancelar NFS-e" asks for the
// national code and a reason of 15 to 255 characters, with a counter, and sends both;
// "Substituir NFS-e" asks for the substitution's code and reason, sends the corrected value and
// description, and keeps the Sefin's refusal with its code in the dialog. Past the 30 days, the
// same dialog asks the municipality's analysis ("Pedir análise fiscal ao município"): at once
// when the emission is that old, or when the cancellation answers E0822.

const request = { id: 'nfs-ana-1', companyId: 'cmp-ana-design', status: 'pending' as const }
const calls: string[] = []
const server = backOfficeServer(
  http.get(`${API}/nfs/requests/:id/dps`, ({ params }) => {
    calls.push(`GET /nfs/requests/${String(params.id)}/dps`)
    return new HttpResponse('<DPS/>', { headers: { 'Content-Type': 'application/xml' } })
  }),
  http.post(`${API}/nfs/requests/:id/issue`, ({ params }) => {
    calls.push(`POST /nfs/requests/${String(params.id)}/issue`)
    return HttpResponse.json(
      {
        message:
          'A Sefin Nacional recusou o documento: E0312 — O código de tributação nacional (cTribNac) não existe na lista de serviços nacional.',
        issues: [
          {
            path: ['sefin', 'E0312'],
            message:
              'O código de tributação nacional (cTribNac) não existe na lista de serviços nacional.',
          },
        ],
      },
      { status: 409 },
    )
  }),
  http.post(`${API}/nfs/requests/:id/cancel`, async ({ params, request: post }) => {
    calls.push(`POST /nfs/requests/${String(params.id)}/cancel ${await post.text()}`)
    return HttpResponse.json({ message: 'A Sefin Nacional não respondeu.' }, { status: 502 })
  }),
  http.post(`${API}/nfs/requests/:id/substitute`, async ({ params, request: post }) => {
    calls.push(`POST /nfs/requests/${String(params.id)}/substitute ${await post.text()}`)
    const message =
      'Uma NFS-e não pode ser substituída fora do prazo estabelecido pelo município emissor da NFS-e.'
    return HttpResponse.json(
      {
        message: `A Sefin Nacional recusou o documento: E0050 — ${message}`,
        issues: [{ path: ['sefin', 'E0050'], message }],
      },
      { status: 409 },
    )
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  calls.length = 0
})
afterAll(() => server.close())

describe('Emitir NFS-e', () => {
  it('checks the DPS, sends it, and shows the national refusal with its code; not a conflict', async () => {
    const onConflict = vi.fn()
    const { user } = renderWithQuery(
      <NationalIssue request={request} onIssued={vi.fn()} onConflict={onConflict} />,
    )
    await user.click(screen.getByRole('button', { name: 'Emitir NFS-e' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('A Sefin Nacional recusou a DPS')).toBeVisible()
    expect(within(alert).getByText('E0312')).toBeVisible()
    expect(
      within(alert).getByText(/não existe na lista de serviços nacional/, { selector: 'li' }),
    ).toBeVisible()
    expect(calls).toEqual(['GET /nfs/requests/nfs-ana-1/dps', 'POST /nfs/requests/nfs-ana-1/issue'])
    const steps = screen.getByRole('list', { name: 'Emissão da NFS-e' })
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^feito/), expect.stringMatching(/^não concluído/)])
    expect(onConflict).not.toHaveBeenCalled()
  })
})

describe('Cancelar NFS-e', () => {
  // Issued a moment ago: inside the deadline whatever the day the suite runs.
  const nfse = {
    id: 'nfs-ana-1',
    companyId: 'cmp-ana-design',
    number: 12,
    totalValue: 1850.5,
    taker: null,
    issuedAt: new Date().toISOString(),
  }
  const renderDialog = () =>
    renderWithQuery(
      <CancelNfseDialog
        request={nfse}
        onDone={vi.fn()}
        onAnalysisRequested={vi.fn()}
        onClose={vi.fn()}
        onConflict={vi.fn()}
      />,
    )

  it('needs the code and 15 to 255 characters of reason, counted as typed, and sends them', async () => {
    const { user } = renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Cancelar a NFS-e nº 12?' })
    const send = within(dialog).getByRole('button', { name: 'Cancelar NFS-e' })
    await user.click(send)
    expect(
      await within(dialog).findByText(/Escolha o motivo do cancelamento: 1 \(erro na emissão\)/),
    ).toBeVisible()
    expect(within(dialog).getByText('Explique o motivo do cancelamento.')).toBeVisible()
    const reason = within(dialog).getByLabelText(/Explique o motivo/)
    await user.type(reason, 'Nota duplicada')
    expect(reason).toHaveAccessibleDescription(/14 de 255 caracteres \(mínimo 15\)/)
    await user.selectOptions(within(dialog).getByLabelText(/Motivo do cancelamento/), '9')
    await user.click(send)
    expect(
      await within(dialog).findByText('Motivo precisa ter pelo menos 15 caracteres.'),
    ).toBeVisible()
    expect(calls).toEqual([])
    await user.type(reason, ' no mês')
    await user.click(send)
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toBe(
      `POST /nfs/requests/nfs-ana-1/cancel ${JSON.stringify({ code: '9', reason: 'Nota duplicada no mês' })}`,
    )
    // The server's failure stays in the dialog, with what was typed.
    expect(await within(dialog).findByText('A Sefin Nacional não respondeu.')).toBeVisible()
    expect(reason).toHaveValue('Nota duplicada no mês')
  })

  it('sent and not confirmed (502, sefin.awaiting): says it waits for the Receita, not that it failed', async () => {
    const message =
      'A assinatura da Sefin Nacional no evento não confere: A assinatura não confere com o conteúdo. O cancelamento foi enviado e ainda não está confirmado aqui: a NFS-e aparece como emitida até conferirmos com a Sefin Nacional, em instantes. Não peça de novo.'
    server.use(
      http.post(`${API}/nfs/requests/:id/cancel`, () =>
        HttpResponse.json(
          { message, issues: [{ path: ['sefin', 'awaiting'], message }] },
          { status: 502 },
        ),
      ),
    )
    const { user } = renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Cancelar a NFS-e nº 12?' })
    await user.selectOptions(within(dialog).getByLabelText(/Motivo do cancelamento/), '1')
    await user.type(
      within(dialog).getByLabelText(/Explique o motivo/),
      'Valor do serviço informado errado',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar NFS-e' }))
    expect(
      await within(dialog).findByText('Enviado à Receita, aguardando a confirmação'),
    ).toBeVisible()
    expect(within(dialog).getByText(message)).toBeVisible()
    expect(within(dialog).queryByText('A NFS-e não foi cancelada')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('listitem')).not.toBeInTheDocument()
  })
})

describe("Cancelar NFS-e past the deadline: the municipality's analysis", () => {
  const REASON = 'Serviço não prestado: contrato desfeito'
  const issuedAt = '2026-09-01T15:00:00.000Z'
  /** The request as the server answers it once the analysis is asked. */
  const asked = (id: string): NfsRequestWithCompany => ({
    ...issuedRequest(id, 12),
    issuedAt,
    cancellationAnalysis: {
      status: 'requested',
      code: '2',
      reason: REASON,
      requestedAt: '2026-11-01T15:00:00.000Z',
      sequence: 1,
      answeredAt: null,
      answer: null,
      answerProblem: null,
    },
    company: null,
  })
  const analysisHandler = http.post(
    `${API}/nfs/requests/:id/cancellation-analysis`,
    async ({ params, request: post }) => {
      calls.push(
        `POST /nfs/requests/${String(params.id)}/cancellation-analysis ${await post.text()}`,
      )
      return HttpResponse.json({ data: asked(String(params.id)) })
    },
  )

  /** The dialog on an NFS-e issued on 01/09/2026, the browser's clock at `now`. */
  const openDialog = (id: string, now: string) => {
    const onAnalysisRequested = vi.fn()
    const onConflict = vi.fn()
    const view = renderWithQuery(
      <>
        <CancelNfseDialog
          request={asked(id)}
          onDone={vi.fn()}
          onAnalysisRequested={onAnalysisRequested}
          onClose={vi.fn()}
          onConflict={onConflict}
          now={() => new Date(now)}
        />
        <Toaster />
      </>,
    )
    return { ...view, onAnalysisRequested, onConflict }
  }

  it('an emission older than the deadline opens on the analysis; code and reason go to it, a toast says so', async () => {
    server.use(analysisHandler)
    const { user, onAnalysisRequested } = openDialog('nfs-ana-1', '2026-11-01T15:00:00.000Z')
    const dialog = screen.getByRole('dialog', {
      name: 'Pedir ao município o cancelamento da NFS-e nº 12?',
    })
    expect(
      within(dialog).getByText(/O prazo de 30 dias para cancelar diretamente terminou/),
    ).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: 'Cancelar NFS-e' })).not.toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText(/Motivo do cancelamento/), '2')
    await user.type(within(dialog).getByLabelText(/Explique o motivo/), REASON)
    await user.click(
      within(dialog).getByRole('button', { name: 'Pedir análise fiscal ao município' }),
    )
    await waitFor(() => expect(onAnalysisRequested).toHaveBeenCalledOnce())
    expect(calls).toEqual([
      `POST /nfs/requests/nfs-ana-1/cancellation-analysis ${JSON.stringify({ code: '2', reason: REASON })}`,
    ])
    expect(
      await screen.findByText('Análise fiscal da NFS-e nº 12 pedida ao município.'),
    ).toBeVisible()
  })

  it('a cancellation refused past the deadline (E0822) turns into the analysis, keeping code and reason', async () => {
    const refusal =
      'O prazo para cancelar esta NFS-e terminou em 01/10/2026 (30 dias da emissão; Anexo II, E0822): depois dele, o cancelamento só pode ser pedido ao município como análise fiscal (evento e101103). Nada foi enviado à Receita.'
    server.use(
      analysisHandler,
      http.post(`${API}/nfs/requests/:id/cancel`, async ({ params, request: post }) => {
        calls.push(`POST /nfs/requests/${String(params.id)}/cancel ${await post.text()}`)
        return HttpResponse.json({ message: refusal }, { status: 409 })
      }),
    )
    // The browser's clock may be behind the server's: the request still looks inside it.
    const { user, onAnalysisRequested, onConflict } = openDialog(
      'nfs-ana-2',
      '2026-09-20T15:00:00.000Z',
    )
    const dialog = screen.getByRole('dialog', { name: 'Cancelar a NFS-e nº 12?' })
    await user.selectOptions(within(dialog).getByLabelText(/Motivo do cancelamento/), '9')
    await user.type(within(dialog).getByLabelText(/Explique o motivo/), REASON)
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar NFS-e' }))
    const switched = await screen.findByRole('dialog', {
      name: 'Pedir ao município o cancelamento da NFS-e nº 12?',
    })
    expect(within(switched).getByText(refusal)).toBeVisible()
    expect(within(switched).getByLabelText(/Motivo do cancelamento/)).toHaveValue('9')
    expect(within(switched).getByLabelText(/Explique o motivo/)).toHaveValue(REASON)
    expect(onConflict).not.toHaveBeenCalled()
    await user.click(
      within(switched).getByRole('button', { name: 'Pedir análise fiscal ao município' }),
    )
    await waitFor(() => expect(onAnalysisRequested).toHaveBeenCalledOnce())
    expect(calls).toEqual([
      `POST /nfs/requests/nfs-ana-2/cancel ${JSON.stringify({ code: '9', reason: REASON })}`,
      `POST /nfs/requests/nfs-ana-2/cancellation-analysis ${JSON.stringify({ code: '9', reason: REASON })}`,
    ])
  })

  it('an answer of the Sefin not applied: its reason on the back office, not on the owner', () => {
    const problem =
      'A assinatura da Sefin Nacional no evento não confere: A assinatura não confere com o conteúdo. Nada foi aplicado: a análise segue como estava e conferimos de novo em instantes.'
    const waiting = asked('nfs-ana-3')
    const request = {
      ...waiting,
      cancellationAnalysis: { ...waiting.cancellationAnalysis!, answerProblem: problem },
    }
    const { unmount } = renderWithQuery(<CancellationAnalysisNote request={request} showProblem />)
    expect(screen.getByText(problem)).toBeVisible()
    expect(screen.getByText(/aguardando o município/)).toBeVisible()
    unmount()
    renderWithQuery(<CancellationAnalysisNote request={request} />)
    expect(screen.queryByText(problem)).not.toBeInTheDocument()
  })
})

describe('a cancellation sent and not confirmed yet', () => {
  it('says when and why it was sent and that it is being confirmed; its problem on the back office', () => {
    const problem =
      'A assinatura da Sefin Nacional no evento não confere: A assinatura não confere com o conteúdo.'
    const reason = 'Cliente desistiu antes do início do serviço'
    const request = {
      cancellationSending: {
        status: 'unconfirmed' as const,
        code: '2' as const,
        reason,
        requestedAt: '2026-11-02T13:00:00.000Z',
        by: 'admin',
        problem,
      },
    }
    const { unmount } = renderWithQuery(<CancellationSendingNote request={request} showProblem />)
    expect(
      screen.getByText('Cancelamento enviado em 02/11/2026 — aguardando a confirmação da Receita'),
    ).toBeVisible()
    expect(screen.getByText(`Motivo: serviço não prestado — ${reason}`)).toBeVisible()
    expect(screen.getByText(/não pode ser cancelada de novo nem substituída/)).toBeVisible()
    expect(screen.getByText(problem)).toBeVisible()
    unmount()
    const { container } = renderWithQuery(
      <CancellationSendingNote request={{ cancellationSending: null }} showProblem />,
    )
    expect(container).toBeEmptyDOMElement()
  })
})

describe('Substituir NFS-e', () => {
  const nfse = {
    id: 'nfs-ana-1',
    number: 12,
    totalValue: 1850.5,
    taker: null,
    serviceDescription: 'Identidade visual da marca',
  }
  it('needs the code and 15 to 255 characters of reason, sends the corrections, keeps a refusal', async () => {
    const onConflict = vi.fn()
    const { user } = renderWithQuery(
      <SubstituteNfseDialog
        request={nfse}
        onDone={vi.fn()}
        onClose={vi.fn()}
        onConflict={onConflict}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Substituir a NFS-e nº 12?' })
    const send = within(dialog).getByRole('button', { name: 'Emitir a substituta' })
    await user.click(send)
    expect(
      await within(dialog).findByText('Escolha o motivo da substituição (01 a 05 ou 99).'),
    ).toBeVisible()
    expect(within(dialog).getByText('Explique o motivo da substituição.')).toBeVisible()
    expect(calls).toEqual([])
    await user.selectOptions(within(dialog).getByLabelText(/Motivo da substituição/), '99')
    await user.type(
      within(dialog).getByLabelText(/Explique o motivo/),
      'Valor do serviço informado errado',
    )
    const description = within(dialog).getByLabelText(/Descrição do serviço da nova NFS-e/)
    expect(description).toHaveValue('Identidade visual da marca')
    await user.type(description, ' (revisada)')
    await user.click(send)
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toBe(
      `POST /nfs/requests/nfs-ana-1/substitute ${JSON.stringify({
        code: '99',
        reason: 'Valor do serviço informado errado',
        totalValue: 1850.5,
        serviceDescription: 'Identidade visual da marca (revisada)',
      })}`,
    )
    // The national refusal stays in the dialog with its code; it is not a conflict.
    const alert = await within(dialog).findByRole('alert')
    expect(within(alert).getByText('A NFS-e não foi substituída')).toBeVisible()
    expect(within(alert).getByText(/^E0050 — /)).toBeVisible()
    expect(onConflict).not.toHaveBeenCalled()
  })
})
