import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { nfsRejectSchema } from '@/schemas/invoice'
import { documentRejectSchema } from '@/schemas/document'
import { IssueNfsForm } from '@/screens/back-office/IssueNfsForm'
import { ReasonDialog } from '@/screens/back-office/ReasonDialog'
import { API, backOfficeServer, renderWithQuery } from './support'

// The NFS-e forms: "Registrar emissão manual" (number, PDF required, XML optional; the files go up through the
// signed upload link, then PUT .../status/issued) and the refusals others read (rejecting a
// request, refusing a document): their messages and what is sent.

const request = { id: 'nfs-ana-1', companyId: 'cmp-ana-design' }
const calls: string[] = []
let issueAnswer: (body: Record<string, unknown>) => Response
const server = backOfficeServer(
  http.get(`${API}/upload/:name`, ({ params }) => {
    calls.push(`GET /upload/${String(params.name)}`)
    return HttpResponse.json({
      data: {
        url: `${API}/files/cmp-ana-design/${String(params.name)}?expires=9999999999&signature=abc`,
        method: 'PUT',
        expiresAt: '2099-01-01T00:00:00.000Z',
        maxBytes: 10 * 1024 * 1024,
      },
    })
  }),
  http.put(`${API}/files/:company/:name`, async ({ params, request: put }) => {
    calls.push(`PUT /files/${String(params.company)}/${String(params.name)} ${await put.text()}`)
    return HttpResponse.json(
      {
        data: {
          companyId: 'cmp-ana-design',
          fileName: String(params.name),
          size: 10,
          contentType: 'application/pdf',
          uploadedAt: '2026-11-20T12:00:00.000Z',
        },
      },
      { status: 201 },
    )
  }),
  http.put(`${API}/nfs/requests/:id/status/issued`, async ({ params, request: put }) => {
    const body = (await put.json()) as Record<string, unknown>
    calls.push(`PUT /nfs/requests/${String(params.id)}/status/issued ${JSON.stringify(body)}`)
    return issueAnswer(body)
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  calls.length = 0
})
afterAll(() => server.close())

const fileInputs = (form: HTMLElement) =>
  [...form.querySelectorAll('input[type=file]')] as HTMLInputElement[]

describe('Registrar emissão manual', () => {
  function renderIssue() {
    const onConflict = vi.fn()
    const rendered = renderWithQuery(
      <IssueNfsForm
        request={request}
        onIssued={vi.fn()}
        onConflict={onConflict}
        onCancel={vi.fn()}
      />,
      // A file of another kind reaches the form (a drop ignores the picker's filter).
      { applyAccept: false },
    )
    const form = screen.getByRole('form', { name: 'Registrar emissão manual' })
    return {
      ...rendered,
      form,
      onConflict,
      submit: () =>
        rendered.user.click(within(form).getByRole('button', { name: 'Registrar NFS-e' })),
    }
  }

  it('needs the number (digits) and the PDF, and takes only a PDF and an XML', async () => {
    const { user, form, submit } = renderIssue()
    await submit()
    expect(
      await within(form).findByText('Informe o número da NFS-e (só dígitos, até 15).'),
    ).toBeVisible()
    expect(within(form).getByText('Anexe o PDF da nota.')).toBeVisible()
    await user.type(within(form).getByLabelText(/Número da NFS-e/), '12a')
    await submit()
    expect(within(form).getByLabelText(/Número da NFS-e/)).toHaveAccessibleDescription(
      /Informe o número da NFS-e/,
    )
    const [pdf, xml] = fileInputs(form)
    await user.upload(pdf!, new File(['<x/>'], 'nota.xml', { type: 'text/xml' }))
    expect(within(form).getByText('O arquivo "nota.xml" não é aceito: envie PDF.')).toBeVisible()
    await user.upload(xml!, new File(['%PDF'], 'nota.pdf', { type: 'application/pdf' }))
    expect(within(form).getByText('O arquivo "nota.pdf" não é aceito: envie XML.')).toBeVisible()
    expect(calls).toEqual([])
  })

  it('sends the PDF and the XML, then the number with the stored names', async () => {
    issueAnswer = () => HttpResponse.json({ message: 'Falha ao registrar' }, { status: 503 })
    const { user, form, submit } = renderIssue()
    await user.type(within(form).getByLabelText(/Número da NFS-e/), '2026000123')
    const [pdf, xml] = fileInputs(form)
    await user.upload(
      pdf!,
      new File(['%PDF-1.4 nota'], 'Nota Fiscal.pdf', { type: 'application/pdf' }),
    )
    await user.upload(xml!, new File(['<NFSe/>'], 'nota.xml', { type: 'text/xml' }))
    expect(within(form).getByText('Nota Fiscal.pdf')).toBeVisible()
    await submit()
    await waitFor(() => expect(calls).toHaveLength(5))
    expect(calls).toEqual([
      'GET /upload/nfs-ana-1-nfse-2026000123.pdf',
      'PUT /files/cmp-ana-design/nfs-ana-1-nfse-2026000123.pdf %PDF-1.4 nota',
      'GET /upload/nfs-ana-1-nfse-2026000123.xml',
      'PUT /files/cmp-ana-design/nfs-ana-1-nfse-2026000123.xml <NFSe/>',
      `PUT /nfs/requests/nfs-ana-1/status/issued ${JSON.stringify({
        number: 2026000123,
        pdfFileName: 'nfs-ana-1-nfse-2026000123.pdf',
        xmlFileName: 'nfs-ana-1-nfse-2026000123.xml',
      })}`,
    ])
    // A failure keeps what was chosen, with the reason.
    expect(await within(form).findByText('Falha ao registrar')).toBeVisible()
    expect(within(form).getByLabelText(/Número da NFS-e/)).toHaveValue('2026000123')
    expect(within(form).getByText('Nota Fiscal.pdf')).toBeVisible()
  })

  it('puts a number already used on the number, and hands a 409 up', async () => {
    issueAnswer = (body) => {
      const message = `Esta empresa já tem uma NFS-e com o número ${String(body.number)}.`
      return HttpResponse.json(
        { message, issues: [{ path: ['number'], message }] },
        { status: 400 },
      )
    }
    const { user, form, submit, onConflict } = renderIssue()
    await user.type(within(form).getByLabelText(/Número da NFS-e/), '77')
    await user.upload(
      fileInputs(form)[0]!,
      new File(['%PDF'], 'n.pdf', { type: 'application/pdf' }),
    )
    await submit()
    await waitFor(() =>
      expect(within(form).getByLabelText(/Número da NFS-e/)).toHaveAccessibleDescription(
        /Esta empresa já tem uma NFS-e com o número 77\./,
      ),
    )
    issueAnswer = () =>
      HttpResponse.json(
        { message: 'Não é possível mudar a nota de "Rejeitada" para "Emitida".' },
        { status: 409 },
      )
    await user.clear(within(form).getByLabelText(/Número da NFS-e/))
    await user.type(within(form).getByLabelText(/Número da NFS-e/), '78')
    await submit()
    await waitFor(() =>
      expect(onConflict).toHaveBeenCalledWith(
        'Não é possível mudar a nota de "Rejeitada" para "Emitida".',
      ),
    )
  })
})

describe('refusals others read', () => {
  for (const [what, schema, required] of [
    ['rejecting an NFS-e request', nfsRejectSchema, 'Informe o motivo da rejeição.'],
    ['refusing a document', documentRejectSchema, 'Informe o motivo da recusa.'],
  ] as const) {
    it(`${what}: the reason is required, at least 10 and at most 500 characters`, async () => {
      const onConfirm = vi.fn(() => Promise.resolve())
      const { user } = renderWithQuery(
        <ReasonDialog
          title="Recusar?"
          description="O cliente lê o motivo."
          label="Motivo"
          confirmLabel="Recusar"
          schema={schema}
          onCancel={vi.fn()}
          onConfirm={onConfirm}
        />,
      )
      const dialog = screen.getByRole('dialog', { name: 'Recusar?' })
      const field = within(dialog).getByLabelText(/Motivo/)
      const submit = within(dialog).getByRole('button', { name: 'Recusar' })
      await user.click(submit)
      expect(await within(dialog).findByText(required)).toBeVisible()
      await user.type(field, 'Errado')
      await user.click(submit)
      expect(
        await within(dialog).findByText('Explique o motivo em pelo menos 10 caracteres.'),
      ).toBeVisible()
      expect(field).toHaveAttribute('maxlength', '500')
      await user.type(field, ': o tomador é outro')
      await user.click(submit)
      await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Errado: o tomador é outro'))
    })
  }

  it('shows the server’s message about the reason on it, and keeps what was typed', async () => {
    const { ApiError } = await import('@/services/api')
    const { user } = renderWithQuery(
      <ReasonDialog
        title="Rejeitar?"
        description="O cliente lê o motivo."
        label="Motivo da rejeição"
        confirmLabel="Rejeitar"
        schema={nfsRejectSchema}
        onCancel={vi.fn()}
        onConfirm={() =>
          Promise.reject(
            new ApiError(400, 'Motivo muito parecido com outro', [
              { path: ['reason'], message: 'Motivo muito parecido com outro' },
            ]),
          )
        }
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Rejeitar?' })
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Tomador não confere com o contrato')
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }))
    expect(await within(dialog).findByText('Motivo muito parecido com outro')).toBeVisible()
    expect(within(dialog).getByLabelText(/Motivo/)).toHaveValue(
      'Tomador não confere com o contrato',
    )
  })
})
