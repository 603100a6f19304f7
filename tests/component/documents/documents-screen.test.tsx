import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { fireEvent, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { CompanyDocument } from '@/schemas/document'
import { DocumentsScreen } from '@/screens/documents/DocumentsScreen'
import { API, anaCompany, renderScreen } from '../invoices/support'

// The documents screen against msw: the upload form's messages (nothing sent on a bad file),
// the upload itself, guias (linha digitável, overdue, "Marcar como paga") and deleting only what
// the company may delete.

// A valid linha digitável (FEBRABAN check digits) of R$ 1.356,18, as the seed makes them.
const LINE = '858300000130561803289867825413855755365788364859'
const doc = (over: Partial<CompanyDocument>): CompanyDocument => ({
  id: 'doc-x',
  companyId: anaCompany.id,
  type: 'comprovante',
  name: 'Comprovante',
  description: null,
  fileName: 'comprovante.pdf',
  status: 'pending',
  guia: null,
  competence: '2026-10',
  sentBy: 'company',
  createdBy: 'uid-ana',
  reviewedBy: null,
  reviewedAt: null,
  rejectionReason: null,
  paidAt: null,
  createdAt: '2026-11-03T14:00:00.000Z',
  updatedAt: '2026-11-03T14:00:00.000Z',
  ...over,
})
let documents: CompanyDocument[]
const sent: string[] = []
const server = setupServer(
  http.get(`${API}/documents`, ({ request }) => {
    const params = new URL(request.url).searchParams
    const types = params.getAll('type')
    const status = params.get('status')
    const list = documents.filter(
      (d) => (types.length === 0 || types.includes(d.type)) && (!status || d.status === status),
    )
    return HttpResponse.json({ data: list, total: list.length })
  }),
  http.get(`${API}/upload/:name`, ({ params }) => {
    sent.push(`link ${String(params.name)}`)
    return HttpResponse.json({
      data: {
        url: `${API}/files/${anaCompany.id}/${String(params.name)}?expires=9999999999&signature=s`,
        method: 'PUT',
        expiresAt: '2099-01-01T00:00:00.000Z',
        maxBytes: 10 * 1024 * 1024,
      },
    })
  }),
  http.put(`${API}/files/:company/:name`, ({ params }) => {
    sent.push(`put ${String(params.name)}`)
    return HttpResponse.json(
      {
        data: {
          companyId: anaCompany.id,
          fileName: String(params.name),
          size: 10,
          contentType: 'application/pdf',
          uploadedAt: '2026-11-23T12:00:00.000Z',
        },
      },
      { status: 201 },
    )
  }),
  http.post(`${API}/documents`, async ({ request }) => {
    const body = (await request.json()) as Partial<CompanyDocument>
    const created = doc({ id: 'doc-new', ...body })
    documents = [created, ...documents]
    return HttpResponse.json({ data: created }, { status: 201 })
  }),
  // The guides to pay as the server lists them: an overdue one without its expired line.
  http.get(`${API}/companies/:id/guides`, () => {
    const data = documents
      .filter((d) => d.type === 'guia' && d.status === 'pending' && d.guia)
      .map((d) => ({
        documentId: d.id,
        kind: d.guia!.kind,
        name: d.name,
        amount: d.guia!.amount,
        dueDate: d.guia!.dueDate,
        line: d.guia!.dueDate < '2026-11-27' ? null : (d.guia!.digitableLine ?? null),
        status: 'pending',
        overdue: d.guia!.dueDate < '2026-11-27',
        fileName: d.fileName,
        paidAt: null,
        paidBy: null,
        replacedBy: null,
        competence: d.guia!.competence,
        updatable: true,
        replaces: null,
      }))
    return HttpResponse.json({ data, total: data.length })
  }),
  http.put(`${API}/documents/:id/status/paid`, ({ params }) => {
    const found = documents.find((d) => d.id === params.id)!
    found.status = 'paid'
    return HttpResponse.json({ data: found })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  sent.length = 0
  documents = [
    doc({ id: 'doc-pix', name: 'Comprovante PIX – freelancer' }),
    doc({
      id: 'doc-rg',
      type: 'pessoal',
      name: 'RG da sócia',
      status: 'approved',
      competence: null,
    }),
    doc({
      id: 'doc-das',
      type: 'guia',
      name: 'DAS – competência 10/2026',
      sentBy: 'accountant',
      guia: {
        kind: 'DAS',
        dueDate: '2020-11-20',
        amount: 1356.18,
        competence: '2026-10',
        digitableLine: LINE,
      },
    }),
  ]
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
vi.setConfig({ testTimeout: 30_000 })

async function renderDocuments() {
  const rendered = await renderScreen(() => (
    <Suspense fallback={<p>Carregando…</p>}>
      <DocumentsScreen search={{}} onSearchChange={() => {}} />
    </Suspense>
  ))
  await screen.findByRole('heading', { level: 2, name: 'Todos os documentos' })
  return rendered
}

const pdf = (name: string, size = 2000) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('upload form', () => {
  it('asks for the file and the type, and refuses a wrong file before sending anything', async () => {
    const { user } = await renderDocuments()
    await user.click(screen.getByRole('button', { name: 'Enviar documento' }))
    const dialog = screen.getByRole('dialog', { name: 'Enviar documento' })
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }))
    expect(await within(dialog).findByText('Escolha o arquivo a enviar.')).toBeVisible()
    expect(within(dialog).getByText('Escolha o tipo do documento.')).toBeVisible()
    expect(within(dialog).getByText('Dê um nome ao documento')).toBeVisible()
    const zone = within(dialog).getByRole('group', { name: 'Arquivo' })
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('extrato-anual.pdf', 12 * 1024 * 1024)] } })
    expect(
      within(dialog).getByText('O arquivo "extrato-anual.pdf" tem 12 MB: o limite é 10 MB.'),
    ).toBeVisible()
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'planilha.xlsx')] } })
    expect(
      within(dialog).getByText(
        'O arquivo "planilha.xlsx" não é aceito: envie PDF, JPG, PNG, XML ou OFX.',
      ),
    ).toBeVisible()
    expect(sent).toEqual([])
  })

  it('sends a file with its type and competence, then lists it', async () => {
    const { user } = await renderDocuments()
    await user.click(screen.getByRole('button', { name: 'Enviar documento' }))
    const dialog = screen.getByRole('dialog', { name: 'Enviar documento' })
    fireEvent.drop(within(dialog).getByRole('group', { name: 'Arquivo' }), {
      dataTransfer: { files: [pdf('Recibo aluguel.pdf')] },
    })
    expect(within(dialog).getByLabelText(/^Nome do documento/)).toHaveValue('Recibo aluguel')
    await user.selectOptions(within(dialog).getByLabelText(/^Tipo/), 'comprovante')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Documento enviado: Recibo aluguel.')).toBeVisible()
    expect(sent).toEqual(['link Recibo aluguel.pdf', 'put Recibo aluguel.pdf'])
    expect(await screen.findByRole('cell', { name: /Recibo aluguel/ })).toBeVisible()
  })
})

describe('guias and deleting', () => {
  it('shows an overdue guia without its expired line, offers the updated guide, and marks it paid after asking', async () => {
    const { user } = await renderDocuments()
    const guia = screen.getByRole('listitem', { name: 'DAS – competência 10/2026 (vencida)' })
    expect(within(guia).getByText('Vencida')).toBeVisible()
    expect(within(guia).getByText(/R\$\s1\.356,18/)).toBeVisible()
    expect(within(guia).queryByLabelText('Linha digitável')).toBeNull()
    expect(within(guia).getByRole('button', { name: 'Gerar guia atualizada' })).toBeVisible()
    await user.click(within(guia).getByRole('button', { name: 'Marcar como paga' }))
    const confirm = screen.getByRole('dialog', { name: 'Marcar a guia como paga?' })
    await user.click(within(confirm).getByRole('button', { name: 'Marcar como paga' }))
    expect(
      await screen.findByText('Guia marcada como paga: DAS – competência 10/2026.'),
    ).toBeVisible()
    expect(await screen.findByText('Nenhuma guia a pagar agora.')).toBeVisible()
  })

  it('a guia not yet due shows its line to copy', async () => {
    documents = [
      doc({
        id: 'doc-das',
        type: 'guia',
        name: 'DAS – competência 11/2026',
        sentBy: 'accountant',
        guia: {
          kind: 'DAS',
          dueDate: '2099-12-21',
          amount: 1356.18,
          competence: '2026-11',
          digitableLine: LINE,
        },
      }),
    ]
    await renderDocuments()
    const guia = screen.getByRole('listitem', { name: 'DAS – competência 11/2026' })
    expect(within(guia).getByLabelText('Linha digitável')).toHaveTextContent(
      /^85830000013-0 56180328986-7/,
    )
  })

  it('offers "Excluir" only for what the company sent that is still pending', async () => {
    await renderDocuments()
    expect(
      screen.getByRole('button', { name: 'Excluir: Comprovante PIX – freelancer' }),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Excluir: RG da sócia' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Excluir: DAS – competência 10/2026' })).toBeNull()
  })
})
