import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse, delay } from 'msw'
import { setupServer } from 'msw/node'
import type { BankTransaction } from '@/schemas/bank'
import { BankTransactionsScreen } from '@/screens/bank-statements/BankTransactionsScreen'
import { API, anaCompany, renderScreen } from '../invoices/support'

// The transactions screen against msw: the inline category shows at once, rolls back and says so
// when the server refuses; several rows at once; "Sem categoria" follows; the export's messages.

const categories = [
  {
    id: 'receitas-servicos',
    code: '3.1.01',
    name: 'Receitas de serviços',
    group: 'Receitas',
    kind: 'income',
    description: '',
  },
  {
    id: 'tarifas-bancarias',
    code: '4.4.01',
    name: 'Tarifas bancárias',
    group: 'Despesas financeiras',
    kind: 'expense',
    description: '',
  },
]
let transactions: BankTransaction[]
let failNext: { status: number; message: string } | null
const account = () => ({
  id: 'acc-ana-cora',
  companyId: anaCompany.id,
  source: 'cora',
  connectionId: 'conn-ana-cora',
  bankId: '403',
  bankName: 'Cora SCD',
  branch: '0001',
  accountNumber: '4521873-9',
  accountType: 'CHECKING',
  currency: 'BRL',
  balance: 45597.32,
  balanceDate: '2026-11-23',
  ledgerCode: '1.1.1.02.001',
  createdAt: '2025-10-01T11:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
  transactionCount: transactions.length,
  uncategorizedCount: transactions.filter((t) => t.taxCategoryId === null).length,
  firstTransactionDate: '2026-11-20',
  lastTransactionDate: '2026-11-22',
  lastImportAt: '2026-11-23T09:00:00.000Z',
})
const txn = (id: string, description: string, amount: number, date: string): BankTransaction => ({
  id,
  companyId: anaCompany.id,
  accountId: 'acc-ana-cora',
  fitId: id,
  date,
  amount,
  type: amount < 0 ? 'DEBIT' : 'CREDIT',
  description,
  checkNumber: null,
  taxCategoryId: null,
  importedAt: '2026-11-23T09:00:00.000Z',
})
const server = setupServer(
  http.get(`${API}/bank-statements/accounts/acc-ana-cora`, () =>
    HttpResponse.json({ data: account() }),
  ),
  http.get(`${API}/bank-statements/tax-categories`, () =>
    HttpResponse.json({ data: categories, total: categories.length }),
  ),
  http.get(`${API}/bank-statements/transactions`, ({ request }) => {
    const params = new URL(request.url).searchParams
    const list = transactions.filter(
      (t) => params.get('withoutTaxCategory') !== 'true' || t.taxCategoryId === null,
    )
    return HttpResponse.json({ data: list, total: list.length })
  }),
  http.put(`${API}/bank-statements/transactions/tax-category`, async ({ request }) => {
    const body = (await request.json()) as { transactionIds: string[]; taxCategoryId: string }
    await delay(50)
    for (const t of transactions)
      if (body.transactionIds.includes(t.id)) t.taxCategoryId = body.taxCategoryId
    return HttpResponse.json({
      data: { updated: body.transactionIds.length, taxCategoryId: body.taxCategoryId },
    })
  }),
  http.put(`${API}/bank-statements/transactions/:id/tax-category`, async ({ params, request }) => {
    await delay(150)
    if (failNext)
      return HttpResponse.json({ message: failNext.message }, { status: failNext.status })
    const body = (await request.json()) as { taxCategoryId: string | null }
    const found = transactions.find((t) => t.id === params.id)!
    found.taxCategoryId = body.taxCategoryId
    return HttpResponse.json({ data: found })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  failNext = null
  transactions = [
    txn('t1', 'PIX RECEBIDO - PADARIA PAO DOURADO LTDA', 1500, '2026-11-22'),
    txn('t2', 'TARIFA BOLETO EMITIDO', -2.5, '2026-11-21'),
    txn('t3', 'TARIFA PIX', -1.2, '2026-11-20'),
  ]
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
vi.setConfig({ testTimeout: 30_000 })

async function renderTransactions(search = {}) {
  const onSearchChange = vi.fn()
  const rendered = await renderScreen(() => (
    <Suspense fallback={<p>Carregando…</p>}>
      <BankTransactionsScreen
        accountId="acc-ana-cora"
        search={search}
        onSearchChange={onSearchChange}
      />
    </Suspense>
  ))
  await screen.findByRole('heading', { level: 1, name: 'Movimentações da conta' })
  return { ...rendered, onSearchChange }
}

const categoryOf = (description: string) =>
  screen.getByRole('combobox', { name: new RegExp(`^Categoria de ${description}`) })

describe('transactions', () => {
  it('shows money in and out signed, and the account by name', async () => {
    await renderTransactions()
    expect(screen.getAllByText(/Cora SCD · Agência 0001 · Conta 4521873-9/)[0]).toBeVisible()
    expect(screen.getByText(/^\+R\$\s1\.500,00$/)).toBeVisible()
    expect(screen.getByText(/^−R\$\s2,50$/)).toBeVisible()
    expect(screen.queryByText('acc-ana-cora')).toBeNull()
  })

  it('shows a category at once and, when the server refuses, puts the old one back and says so', async () => {
    failNext = { status: 409, message: 'Transação bloqueada pela contabilidade.' }
    const { user } = await renderTransactions()
    const select = categoryOf('TARIFA BOLETO EMITIDO')
    await user.selectOptions(select, 'tarifas-bancarias')
    // Optimistic: the row shows the new category before the server answers.
    expect(categoryOf('TARIFA BOLETO EMITIDO')).toHaveValue('tarifas-bancarias')
    expect(
      await screen.findByText(
        'Não foi possível classificar "TARIFA BOLETO EMITIDO": Transação bloqueada pela contabilidade. A categoria voltou para "Sem categoria".',
      ),
    ).toBeVisible()
    await waitFor(() => expect(categoryOf('TARIFA BOLETO EMITIDO')).toHaveValue(''))
    expect(transactions.find((t) => t.id === 't2')!.taxCategoryId).toBeNull()
  })

  it('keeps a category the server took, and "Sem categoria" shrinks', async () => {
    const { user } = await renderTransactions()
    expect(screen.getByRole('checkbox', { name: 'Sem categoria (3)' })).toBeVisible()
    await user.selectOptions(categoryOf('PIX RECEBIDO'), 'receitas-servicos')
    expect(await screen.findByRole('checkbox', { name: 'Sem categoria (2)' })).toBeVisible()
    expect(categoryOf('PIX RECEBIDO')).toHaveValue('receitas-servicos')
  })

  it('categorises the selected rows at once, and asks for the category first', async () => {
    const { user } = await renderTransactions()
    await user.click(screen.getByRole('checkbox', { name: /Selecionar TARIFA BOLETO EMITIDO/ }))
    await user.click(screen.getByRole('checkbox', { name: /Selecionar TARIFA PIX/ }))
    const bulk = screen.getByRole('region', { name: 'Classificar selecionadas' })
    expect(within(bulk).getByText('2 selecionadas')).toBeVisible()
    await user.click(within(bulk).getByRole('button', { name: 'Classificar selecionadas' }))
    expect(within(bulk).getByRole('alert')).toHaveTextContent(
      'Escolha a categoria para as movimentações selecionadas.',
    )
    await user.selectOptions(within(bulk).getByRole('combobox'), 'tarifas-bancarias')
    await user.click(within(bulk).getByRole('button', { name: 'Classificar selecionadas' }))
    expect(await screen.findByText('2 movimentações em "Tarifas bancárias".')).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Classificar selecionadas' })).toBeNull()
    expect(await screen.findByRole('checkbox', { name: 'Sem categoria (1)' })).toBeVisible()
  })

  it('refuses a date range that ends before it starts, next to the field', async () => {
    const { user, onSearchChange } = await renderTransactions()
    await user.type(screen.getByLabelText('De'), '2026-11-20')
    await user.type(screen.getByLabelText('Até'), '2026-11-01')
    await user.click(screen.getByRole('button', { name: 'Filtrar' }))
    expect(screen.getByLabelText('De')).toHaveAccessibleDescription(
      'A data inicial precisa ser anterior à final',
    )
    expect(onSearchChange).not.toHaveBeenCalled()
  })

  it('the export says what is missing and names the file extrato-<conta>-<mês>', async () => {
    const saved: string[] = []
    const createObjectURL = vi.fn(() => 'blob:extrato')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    server.use(
      http.get(`${API}/bank-statements/accounts/acc-ana-cora/exports/txt`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('date')).toBe('2026-10')
        return new HttpResponse('05/10/2026|1.1.1.02.001|3.1.01|1500,00|PIX|1\r\n', {
          headers: { 'Content-Type': 'text/plain' },
        })
      }),
    )
    const { user } = await renderTransactions()
    await user.click(screen.getByRole('button', { name: 'Exportar' }))
    const dialog = screen.getByRole('dialog', { name: 'Exportar extrato' })
    await user.clear(within(dialog).getByLabelText(/^Mês/))
    await user.click(within(dialog).getByRole('button', { name: 'Baixar extrato' }))
    expect(await within(dialog).findByText('Escolha o mês do extrato.')).toBeVisible()
    await user.click(within(dialog).getByRole('radio', { name: /Intervalo de datas/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Baixar extrato' }))
    expect(await within(dialog).findByText('Informe a data inicial.')).toBeVisible()
    expect(within(dialog).getByText('Informe a data final.')).toBeVisible()
    await user.click(within(dialog).getByRole('radio', { name: /Um mês/ }))
    await user.type(within(dialog).getByLabelText(/^Mês/), '2026-10')
    await user.click(within(dialog).getByRole('button', { name: 'Baixar extrato' }))
    await waitFor(() => expect(saved).toEqual(['extrato-cora-scd-4521873-9-2026-10.txt']))
    click.mockRestore()
  })
})
