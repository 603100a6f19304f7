import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { ImportOfxDialog } from '@/screens/bank-statements/ImportOfxDialog'
import { API, anaCompany, renderScreen } from '../invoices/support'

// "Importar OFX": a file that is not OFX, or too big, is refused before sending; the server's
// refusal is said next to the file; the result gives the three counts.

let uploads = 0
const server = setupServer(
  http.post(`${API}/bank-statements/ofx/upload`, async ({ request }) => {
    uploads++
    const form = await request.formData()
    const file = form.get('file') as File
    if ((await file.text()).includes('nao-e-ofx'))
      return HttpResponse.json({ message: 'O arquivo não é um extrato OFX.' }, { status: 400 })
    return HttpResponse.json(
      {
        data: {
          account: {
            id: 'acc-new',
            companyId: anaCompany.id,
            source: 'ofx',
            connectionId: null,
            bankId: '001',
            bankName: 'Banco do Brasil',
            branch: '1234-5',
            accountNumber: '98765-4',
            accountType: 'CHECKING',
            currency: 'BRL',
            balance: 100,
            balanceDate: '2026-10-31',
            ledgerCode: '1.1.1.02.004',
            createdAt: '2026-11-23T12:00:00.000Z',
            updatedAt: '2026-11-23T12:00:00.000Z',
          },
          created: true,
          imported: 12,
          duplicates: 1,
          dropped: 2,
          statement: { from: '2026-10-01', to: '2026-10-31' },
        },
      },
      { status: 201 },
    )
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
vi.setConfig({ testTimeout: 30_000 })

const file = (name: string, text: string, size?: number) => {
  const made = new File([text], name, { type: 'application/x-ofx' })
  if (size) Object.defineProperty(made, 'size', { value: size })
  return made
}

describe('Importar OFX', () => {
  it('asks for a file, refuses a wrong one before sending, and says what the server refused', async () => {
    const { user } = await renderScreen(() => (
      <ImportOfxDialog companyId={anaCompany.id} open onOpenChange={() => {}} />
    ))
    const dialog = screen.getByRole('dialog', { name: 'Importar extrato OFX' })
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }))
    expect(within(dialog).getByText('Escolha o arquivo OFX do extrato.')).toBeVisible()
    const zone = within(dialog).getByRole('group', { name: 'Arquivo OFX' })
    fireEvent.drop(zone, { dataTransfer: { files: [file('extrato.pdf', '%PDF')] } })
    expect(
      within(dialog).getByText('O arquivo "extrato.pdf" não é aceito: envie OFX.'),
    ).toBeVisible()
    fireEvent.drop(zone, {
      dataTransfer: { files: [file('ano-todo.ofx', 'OFXHEADER', 25 * 1024 * 1024)] },
    })
    expect(
      within(dialog).getByText('O arquivo "ano-todo.ofx" tem 25 MB: o limite é 10 MB.'),
    ).toBeVisible()
    expect(uploads).toBe(0)
    fireEvent.drop(zone, { dataTransfer: { files: [file('falso.ofx', 'nao-e-ofx')] } })
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }))
    expect(await within(dialog).findByText('O arquivo não é um extrato OFX.')).toBeVisible()
  })

  it('gives the counts: imported, already there, dropped after the statement', async () => {
    const { user } = await renderScreen(() => (
      <ImportOfxDialog companyId={anaCompany.id} open onOpenChange={() => {}} />
    ))
    const dialog = screen.getByRole('dialog', { name: 'Importar extrato OFX' })
    fireEvent.drop(within(dialog).getByRole('group', { name: 'Arquivo OFX' }), {
      dataTransfer: { files: [file('bb-outubro.ofx', 'OFXHEADER:100')] },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }))
    const summary =
      '12 lançamentos importados; 1 já estava aqui; 2 descartados por ter data depois do fim do extrato.'
    expect(await within(dialog).findByText(summary)).toBeVisible()
    expect(
      within(dialog).getByText(
        'Extrato de Banco do Brasil · Agência 1234-5 · Conta 98765-4 importado',
      ),
    ).toBeVisible()
    expect(within(dialog).getByRole('link', { name: 'Ver as movimentações' })).toBeVisible()
  })
})
