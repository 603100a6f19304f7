import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { nationalFieldsUnset, type NfsRequest } from '@/schemas/invoice'
import { RequestDetails } from '@/screens/invoices/RequestDetails'
import { API, anaCompany, renderScreen } from './support'

// The owner's side panel of a request: an NFS-e the accountant substituted says so and links the
// new one; the new one says which NFS-e it substitutes, with the national code and reason. Both
// links are real links to the same panel (`/app/invoices?request=…`), reached by keyboard.

const issued = (id: string, number: number): NfsRequest => ({
  id,
  companyId: anaCompany.id,
  cnpj: anaCompany.cnpj!,
  totalValue: 4_500,
  serviceDescription: 'Criação de identidade visual',
  serviceCode: '23.01',
  taxationCode: '230101',
  municipalityCode: '3550308',
  municipalityName: 'São Paulo/SP',
  issWithheld: false,
  issTaxation: 'taxable',
  taker: null,
  date: '2026-11-10',
  status: 'issued',
  number,
  issuedAt: '2026-11-10T14:00:00.000Z',
  rejectionReason: null,
  ...nationalFieldsUnset,
  accessKey: `355030824521873900010200000000000${String(number).padStart(13, '0')}0000`.slice(
    0,
    50,
  ),
  series: '900',
  dpsNumber: number,
  schedulerId: null,
  statusHistory: [],
  createdBy: 'ana@contabil.dev',
  createdAt: '2026-11-10T13:00:00.000Z',
  updatedAt: '2026-11-10T14:00:00.000Z',
})
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

const server = setupServer(
  http.get(`${API}/nfs/requests/:id`, ({ params }) => {
    const found = [old, substitute, national, manual, manualWithoutFile].find(
      (request) => request.id === params.id,
    )
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
