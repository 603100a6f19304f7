import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { yearEndRowSchema, type YearEndRow } from '@/schemas/year-end'
import { YearEndQueueScreen } from '@/screens/back-office/year-end/YearEndQueueScreen'
import { API, renderScreen } from '../invoices/support'

// The accountant's year-end queue against msw: each company's declaration with its situation,
// the months closed and their revenue, the profits against the exempt limit, the income reports;
// the year, situation and text it asks the API for; the empty states; a search goes to the URL.

const row = (over: Partial<YearEndRow> & Pick<YearEndRow, 'company'>): YearEndRow =>
  yearEndRowSchema.parse({
    year: 2025,
    regime: 'simples',
    declaration: 'defis',
    status: 'to-complete',
    dueDate: '2026-03-31',
    delivery: null,
    missing: 0,
    monthsClosed: 0,
    revenue: 0,
    das: 0,
    distributed: 0,
    exemptLimit: 0,
    aboveExempt: false,
    outcome: null,
    reportsSentAt: null,
    ...over,
  })

const ANA = row({
  company: {
    id: 'cmp-ana-design',
    name: 'Ana Design Ltda',
    alias: 'Ana Design',
    cnpj: '45218739000102',
    status: 'active',
  },
  status: 'late',
  missing: 3,
  monthsClosed: 3,
  revenue: 84_020,
  das: 13_023.1,
  distributed: 18_000,
  exemptLimit: 23_630.63,
  reportsSentAt: '2026-02-20T13:00:00.000Z',
})
const EVA = row({
  company: {
    id: 'cmp-eva-studio',
    name: 'Eva Studio Ltda',
    alias: null,
    cnpj: '51357924000180',
    status: 'active',
  },
  status: 'delivered',
  delivery: { receipt: '2025.00417.552901', deliveredOn: '2026-03-25', fine: null },
  monthsClosed: 3,
  revenue: 34_530,
  distributed: 12_000,
  exemptLimit: 10_966.73,
  aboveExempt: true,
})
const MARCELO = row({
  company: {
    id: 'cmp-marcelo-techfix',
    name: 'Marcelo Souza Barreto',
    alias: 'TechFix JP',
    cnpj: '50037038000107',
    status: 'active',
  },
  regime: 'mei',
  declaration: 'dasn-simei',
  status: 'ready',
  dueDate: '2026-05-31',
  monthsClosed: 3,
  revenue: 21_400,
  outcome: 'within',
})

// The first render of a run loads the screen's modules: room for a busy machine.
vi.setConfig({ testTimeout: 20_000 })

let rows: YearEndRow[]
const asked: URL[] = []
const server = setupServer(
  http.get(`${API}/year-end/:year`, ({ request }) => {
    const url = new URL(request.url)
    asked.push(url)
    const status = url.searchParams.get('status')
    const list = rows.filter((r) => !status || r.status === status)
    return HttpResponse.json({ data: list, total: list.length })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  rows = [ANA, EVA, MARCELO]
  asked.length = 0
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const renderQueue = (search: Parameters<typeof YearEndQueueScreen>[0]['search']) =>
  renderScreen(() => (
    <Suspense fallback={<p>Carregando o fechamento do ano…</p>}>
      <YearEndQueueScreen search={search} />
    </Suspense>
  ))

describe('Fechamento do ano', () => {
  it('lists each company with its declaration, months, profits and income reports', async () => {
    await renderQueue({ ano: 2025 })
    const table = await screen.findByRole('table', { name: 'Fechamento de 2025' })
    const ana = within(table).getByRole('row', { name: /Ana Design Ltda/ })
    expect(ana).toHaveTextContent('DEFIS')
    expect(ana).toHaveTextContent('Atrasada')
    expect(ana).toHaveTextContent('3 itens a completar')
    expect(ana).toHaveTextContent('receita R$ 84.020,00')
    expect(ana).toHaveTextContent('R$ 18.000,00 de R$ 23.630,63')
    expect(ana).toHaveTextContent('Enviados em')
    const eva = within(table).getByRole('row', { name: /Eva Studio Ltda/ })
    expect(eva).toHaveTextContent('Entregue em 25/03/2026')
    expect(eva).toHaveTextContent('Acima do isento')
    expect(eva).toHaveTextContent('Não enviados')
    const marcelo = within(table).getByRole('row', { name: /Marcelo Souza Barreto/ })
    expect(marcelo).toHaveTextContent('DASN-SIMEI')
    expect(marcelo).toHaveTextContent('Pronta para entregar')
    expect(within(marcelo).getByRole('link', { name: 'Marcelo Souza Barreto' })).toBeVisible()
    expect(asked.at(-1)?.pathname).toBe('/year-end/2025')
    expect(asked.at(-1)?.searchParams.get('limit')).toBe('25')
  })

  it('asks the API for the situation and text of the URL, and says when nothing matches', async () => {
    rows = [ANA]
    await renderQueue({ ano: 2025, status: 'ready', query: 'nada' })
    expect(await screen.findByText('Nenhuma empresa com esses filtros')).toBeVisible()
    expect(asked.at(-1)?.searchParams.get('status')).toBe('ready')
    expect(asked.at(-1)?.searchParams.get('query')).toBe('nada')
    expect(screen.getByRole('link', { name: 'Limpar filtros' })).toBeVisible()
  })

  it('without client companies, says who appears here', async () => {
    rows = []
    await renderQueue({ ano: 2024 })
    expect(await screen.findByText('Nenhuma empresa cliente em 2024')).toBeVisible()
  })

  it('a search goes to the URL, from the first page', async () => {
    const { router, user } = await renderQueue({ ano: 2025, page: 2 })
    // The address the screen was rendered from.
    await router.navigate({ to: '/app/admin/year-end', search: { ano: 2025, page: 2 } })
    const search = await screen.findByRole('search', { name: 'Buscar no fechamento do ano' })
    await user.type(within(search).getByRole('searchbox', { name: 'Buscar' }), '  Ana Design ')
    await user.click(within(search).getByRole('button', { name: 'Buscar' }))
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ ano: 2025, query: 'Ana Design' }),
    )
  })
})
