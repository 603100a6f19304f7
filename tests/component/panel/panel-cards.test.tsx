// msw first (tests/component/support/backend.ts wraps fetch when imported).
import { API, server } from '../support/backend'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { configure, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { http, HttpResponse, delay } from 'msw'
import type { Company } from '@/schemas/company'
import type { AnualBilling, SimplesSummary } from '@/schemas/report'
import { BillingChartCard } from '@/screens/panel/BillingChartCard'
import { MeiCard } from '@/screens/panel/MeiCard'
import { SimplesCard } from '@/screens/panel/SimplesCard'
import type { ActivityTax } from '@/schemas/cnae'
import {
  autoPartsActivity,
  computerRepairActivity,
  designActivity,
  eventsActivity,
  lawActivity,
  mechanicActivity,
  metalStampingActivity,
  yogaActivity,
} from '../support/activities'

// The panel's cards on their own: loading, empty, error with "Tentar de novo", and what the MEI
// and Simples cards say at their edges. The reports come from msw.

// The first card of a run loads the chart module too: room for a busy machine.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 20_000 })
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const months = Array.from({ length: 12 }, (_, i) => {
  const index = 2025 * 12 + 11 + i // dez/2025 … nov/2026
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
})

function billing(totals: number[], mei: AnualBilling['mei'] = null): AnualBilling {
  const rows = months.map((month, i) => ({
    month,
    total: totals[i] ?? 0,
    count: totals[i] ? 1 : 0,
  }))
  return {
    companyId: 'cmp-1',
    months: rows,
    total: rows.reduce((sum, row) => sum + row.total, 0),
    mei,
  }
}

const answer = (body: unknown) => () => HttpResponse.json({ data: body })
const useBilling = (resolver: Parameters<typeof http.get>[1]) =>
  server.use(http.get(`${API}/reports/anual-billing-by-company`, resolver))

async function renderCard(card: () => ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRootRoute({
    component: () => <QueryClientProvider client={queryClient}>{card()}</QueryClientProvider>,
  })
  const router = createRouter({ routeTree: root, history: createMemoryHistory() })
  await router.load()
  render(<RouterProvider router={router} />)
  return userEvent.setup()
}

const mei: Company = {
  id: 'cmp-1',
  name: 'Marcelo Souza Barreto',
  alias: 'TechFix JP',
  cnpj: null,
  status: 'active',
  address: null,
  currentSubscription: null,
  trackId: 'create-company',
  type: 'on_person',
  size: 'MEI',
  activities: ['9511800'],
  statusHistory: [],
  createdAt: '2025-06-03T10:05:00.000Z',
  updatedAt: '2025-06-03T10:05:00.000Z',
}

describe('Faturamento', () => {
  it('shows a skeleton, then the total and the 12 months as a table', async () => {
    useBilling(async () => {
      await delay(50)
      return HttpResponse.json({ data: billing([1000, 2500.5, 0, 300]) })
    })
    await renderCard(() => <BillingChartCard companyId="cmp-1" />)
    expect(screen.getByText('Carregando faturamento…')).toBeInTheDocument()
    expect(await screen.findByTestId('billing-total')).toHaveTextContent('R$ 3.800,50')
    const table = screen.getByRole('table', { name: /Faturamento por mês/ })
    expect(within(table).getAllByRole('row')).toHaveLength(14) // header, 12 months, total
    expect(within(table).getByRole('rowheader', { name: 'dezembro de 2025' })).toBeInTheDocument()
  })

  it('says there are no issued invoices yet', async () => {
    useBilling(answer(billing([])))
    await renderCard(() => <BillingChartCard companyId="cmp-1" />)
    expect(await screen.findByText('Ainda não há notas emitidas')).toBeVisible()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows the error with "Tentar de novo", which loads it again', async () => {
    let calls = 0
    useBilling(() =>
      ++calls === 1
        ? HttpResponse.json({ message: 'Serviço indisponível.' }, { status: 503 })
        : HttpResponse.json({ data: billing([500]) }),
    )
    const user = await renderCard(() => <BillingChartCard companyId="cmp-1" />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Não foi possível carregar: Faturamento')
    expect(alert).toHaveTextContent('Serviço indisponível.')
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByTestId('billing-total')).toHaveTextContent('R$ 500,00')
    expect(calls).toBe(2)
  })
})

describe('Limite do MEI', () => {
  beforeEach(() => useSummary(summary(0, 0, [computerRepairActivity])))
  const meiBlock = (used: number, limit = 81000) => ({
    year: 2026,
    limit,
    used,
    remaining: Math.max(0, limit - used),
    percentUsed: Math.round((used / limit) * 1000) / 10,
    exceeded: used > limit,
  })

  it('shows the share of R$ 81.000 and the DAS-MEI of a services MEI', async () => {
    useBilling(answer(billing([1000], meiBlock(20250))))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    const gauge = await screen.findByRole('meter', { name: /limite do MEI/ })
    expect(gauge).toHaveAttribute('aria-valuemax', '81000')
    expect(gauge).toHaveAttribute('aria-valuenow', '20250')
    expect(screen.getByText(/de R\$\s81\.000,00 em 2026 \(25 %\)/)).toBeVisible()
    expect(screen.getByTestId('das-mei')).toHaveTextContent('R$ 86,05')
    expect(screen.getByText(/vence em 20\/12\/2026/)).toBeVisible()
  })

  it('without invoices this year: says so, the whole limit free', async () => {
    useBilling(answer(billing([], meiBlock(0))))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByText('Ainda não há notas emitidas')).toBeVisible()
    expect(screen.getByRole('meter', { name: /limite do MEI/ })).toHaveAttribute(
      'aria-valuenow',
      '0',
    )
  })

  it('warns from 80 %', async () => {
    useBilling(answer(billing([1000], meiBlock(64800))))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByText('Você já usou 80 % do limite')).toBeVisible()
  })

  it('says what going over means, within 20 % and beyond', async () => {
    useBilling(answer(billing([1000], meiBlock(90000))))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByText(/Faturamento acima do limite em R\$\s9\.000,00/)).toBeVisible()
    expect(screen.getByText(/a partir de 1º de janeiro de 2027/)).toBeVisible()
  })

  it('beyond 20 %: out of MEI back to January', async () => {
    useBilling(answer(billing([1000], meiBlock(97200.01))))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByText('Faturamento mais de 20 % acima do limite')).toBeVisible()
    expect(screen.getByText(/desde 1º de janeiro de 2026/)).toBeVisible()
  })

  it('an activity whose occupations pay differently: each possible DAS and what each pays', async () => {
    useBilling(answer(billing([1000], meiBlock(1000))))
    useSummary(summary(0, 0, [metalStampingActivity]))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByTestId('das-mei')).toHaveTextContent('R$ 82,05 ou R$ 87,05')
    expect(screen.getByText(/depende da ocupação registrada/)).toBeVisible()
    expect(
      screen.getByText('Fabricante de artefatos de funilaria independente: ICMS'),
    ).toBeVisible()
  })

  it('an activity the occupations table does not cover: no amount, and why', async () => {
    useBilling(answer(billing([1000], meiBlock(1000))))
    useSummary(summary(0, 0, [designActivity]))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByTestId('das-mei')).toHaveTextContent('—')
    expect(screen.getByText(/Não calculamos o valor/)).toHaveTextContent(
      '7410-2/02 não é ocupação permitida ao MEI',
    )
  })
})

const summary = (
  rbt12: number,
  payroll: number,
  activities: ActivityTax[] = [designActivity],
  currentMonthRevenue = 0,
): SimplesSummary => ({
  companyId: 'cmp-1',
  month: '2026-11',
  from: '2025-11-01',
  to: '2026-10-31',
  revenue: rbt12,
  monthsOfActivity: 12,
  currentMonthRevenue,
  rbt12,
  payroll,
  payrollByCategory: [],
  activities,
})
const useSummary = (body: SimplesSummary) =>
  server.use(http.get(`${API}/reports/simples-nacional`, answer(body)))

describe('Simples Nacional', () => {
  it('below 28 % of fator R: Annex V, both rates side by side, and the payroll missing', async () => {
    useSummary(summary(360000, 50400)) // 14 %
    await renderCard(() => <SimplesCard companyId="cmp-1" />)
    const annexV = await screen.findByTestId('anexo-V')
    expect(annexV).toHaveTextContent('Aplicável')
    expect(annexV).toHaveTextContent('16,75 %')
    expect(screen.getByTestId('anexo-III')).toHaveTextContent('8,6 %')
    expect(screen.getByTestId('anexo-III')).not.toHaveTextContent('Aplicável')
    expect(screen.getByTestId('fator-r')).toHaveTextContent('14 %')
    expect(screen.getByTestId('payroll-missing')).toHaveTextContent('R$ 50.400,00')
  })

  it('at exactly 28 %: Annex III', async () => {
    useSummary(summary(360000, 100800))
    await renderCard(() => <SimplesCard companyId="cmp-1" />)
    expect(await screen.findByTestId('anexo-III')).toHaveTextContent('Aplicável')
    expect(screen.getByTestId('fator-r-verdict')).toHaveTextContent('Anexo III')
    expect(screen.queryByTestId('payroll-missing')).not.toBeInTheDocument()
  })

  it('without revenue: no invoices yet, first-bracket rates', async () => {
    useSummary(summary(0, 0))
    await renderCard(() => <SimplesCard companyId="cmp-1" />)
    expect(await screen.findByText('Ainda não há notas emitidas')).toBeVisible()
    expect(screen.getByTestId('anexo-III')).toHaveTextContent('6 %')
    expect(screen.getByTestId('anexo-V')).toHaveTextContent('15,5 %')
  })

  it('27,999 % of fator R shows 27,99 %, below the 28 % line its verdict names', async () => {
    useSummary(summary(100000, 27999.99))
    await renderCard(() => <SimplesCard companyId="cmp-1" />)
    expect(await screen.findByTestId('fator-r')).toHaveTextContent('27,99 %')
    expect(screen.getByTestId('fator-r-verdict')).toHaveTextContent('abaixo de 28 %')
    expect(screen.getByTestId('payroll-missing')).toHaveTextContent('R$ 0,01')
  })

  it('a law firm: Annex IV only, the CPP paid outside the DAS, no fator R', async () => {
    useSummary(summary(445290, 0, [lawActivity], 38000))
    await renderCard(() => <SimplesCard companyId="cmp-1" />)
    const annexIV = await screen.findByTestId('anexo-IV')
    expect(annexIV).toHaveTextContent('Aplicável')
    // (445.290 × 10,2 % − 12.420) / 445.290 = 7,41 %.
    expect(annexIV).toHaveTextContent('7,41 %')
    expect(screen.getByTestId('cpp-note')).toHaveTextContent('CPP')
    expect(screen.queryByTestId('anexo-V')).not.toBeInTheDocument()
    expect(screen.queryByTestId('anexo-III')).not.toBeInTheDocument()
    expect(screen.getByTestId('fator-r')).toHaveTextContent('Não se aplica')
    expect(screen.getByTestId('activity-annexes')).toHaveTextContent(
      '6911-7/01 Serviços advocatícios',
    )
    expect(screen.getByTestId('das-estimate')).toHaveTextContent('pelo Anexo IV')
  })

  it('a yoga studio without payroll: Annex III at 6,52 %, not Annex V', async () => {
    useSummary(summary(200000, 0, [yogaActivity]))
    await renderCard(() => <SimplesCard companyId="cmp-1" />)
    expect(await screen.findByTestId('anexo-III')).toHaveTextContent('6,52 %')
    expect(screen.getByTestId('anexo-III')).toHaveTextContent('Aplicável')
    expect(screen.queryByTestId('anexo-V')).not.toBeInTheDocument()
  })

  it('two annexes: each activity with its annex, the estimate by the main one, said plainly', async () => {
    useSummary(summary(500000, 0, [autoPartsActivity, mechanicActivity], 20000))
    await renderCard(() => <SimplesCard companyId="cmp-1" />)
    expect(await screen.findByTestId('anexo-I')).toHaveTextContent('Aplicável')
    expect(screen.getByTestId('anexo-III')).toHaveTextContent('Aplicável')
    const estimate = screen.getByTestId('das-estimate')
    expect(estimate).toHaveTextContent('pelo Anexo I')
    expect(estimate).toHaveTextContent('usa o anexo da atividade principal, 4530-7/03')
  })

  it('an activity outside the classification: no rate guessed for it', async () => {
    useSummary(summary(120000, 0, [eventsActivity], 5000))
    await renderCard(() => <SimplesCard companyId="cmp-1" />)
    expect(await screen.findByText('Atividade sem anexo na nossa classificação')).toBeVisible()
    expect(screen.queryByTestId('anexo-III')).not.toBeInTheDocument()
    expect(screen.getByTestId('das-estimate')).toHaveTextContent('Sem estimativa do DAS')
  })
})
