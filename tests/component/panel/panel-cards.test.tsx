// msw first (tests/component/support/backend.ts wraps fetch when imported).
import { API, server } from '../support/backend'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { cleanup, configure, render, screen, within } from '@testing-library/react'
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
import type { AnualBilling } from '@/schemas/report'
import type { SimplesMonthView } from '@/schemas/simples/api'
import { BillingChartCard } from '@/screens/panel/BillingChartCard'
import { MeiCard } from '@/screens/panel/MeiCard'
import { ReconciliationCard } from '@/screens/panel/ReconciliationCard'
import { SimplesCard } from '@/screens/panel/SimplesCard'
import {
  computerRepairActivity,
  designActivity,
  lawActivity,
  metalStampingActivity,
  yogaActivity,
} from '../support/activities'
import { eachMonth, monthAnswer, twelveMonthsBefore } from '../support/simples-month'

const twelveMonths = twelveMonthsBefore('2026-10')

// The panel's cards on their own: loading, empty, error with "Tentar de novo", and what the MEI
// and Simples cards say at their edges. The reports come from msw.

// The first card of a run loads the chart module too: room for a busy machine.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 20_000 })
// Due dates are said relative to today: the cards are read on 28/11/2026, when October's DAS
// (due 23/11) is late.
vi.useFakeTimers({ toFake: ['Date'] })
vi.setSystemTime(new Date('2026-11-28T12:00:00-03:00'))
afterEach(() => server.resetHandlers())
afterAll(() => {
  server.close()
  vi.useRealTimers()
})

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

const useMonth = (body: SimplesMonthView) =>
  server.use(http.get(`${API}/companies/:id/simples/:period`, answer(body)))
const meiMonth = (activities = [computerRepairActivity]) =>
  monthAnswer({ period: '2026-11', regime: 'mei', activities })

describe('Limite do MEI', () => {
  beforeEach(() => useMonth(meiMonth()))
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
    // 20/12/2026 is a Sunday: the next business day (Resolução CGSN 140/2018, art. 40, § 3º).
    expect(screen.getByText(/vence em 21\/12$/)).toBeVisible()
    expect(screen.getByText(/aparece aqui quando a contabilidade a publicar/)).toBeVisible()
  })

  it('once published, the DAS-MEI guide with its line to pay', async () => {
    useBilling(answer(billing([1000], meiBlock(1000))))
    useMonth({
      ...meiMonth(),
      status: 'closed',
      guide: {
        documentId: 'doc-1',
        kind: 'DAS',
        name: 'DAS-MEI – competência 11/2026',
        amount: 86.05,
        dueDate: '2026-12-21',
        line: '858000000086050328123456789012345678901234567895',
        status: 'pending',
        overdue: false,
        fileName: 'das-2026-11-00000001.pdf',
        paidAt: null,
        paidBy: null,
        replacedBy: null,
      },
    })
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByTestId('guide-amount')).toHaveTextContent('R$ 86,05')
    expect(
      screen.getByRole('button', { name: /Copiar a linha digitável de .* para pagar/ }),
    ).toBeVisible()
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
    useMonth(meiMonth([metalStampingActivity]))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByTestId('das-mei')).toHaveTextContent('R$ 82,05 ou R$ 87,05')
    expect(screen.getByText(/depende da ocupação registrada/)).toBeVisible()
    expect(
      screen.getByText('Fabricante de artefatos de funilaria independente: ICMS'),
    ).toBeVisible()
  })

  it('an activity the occupations table does not cover: no amount, and why', async () => {
    useBilling(answer(billing([1000], meiBlock(1000))))
    useMonth(meiMonth([designActivity]))
    await renderCard(() => <MeiCard company={mei} month="2026-11" />)
    expect(await screen.findByTestId('das-mei')).toHaveTextContent('—')
    expect(screen.getByText(/Não calculamos o valor/)).toHaveTextContent(
      '7410-2/02 não é ocupação permitida ao MEI',
    )
  })
})

const service = (code: string, reais: number) => ({
  service: code,
  cnae: null,
  segment: 'normal' as const,
  cents: Math.round(reais * 100),
})
/** RBT12 R$ 360 mil (R$ 30 mil a month) and a month of R$ 10 mil of design. */
const designMonth = (payrollPerMonth: number, view: Partial<SimplesMonthView> = {}) =>
  monthAnswer(
    {
      activities: [designActivity],
      revenue: eachMonth(twelveMonths, 30_000),
      payroll: eachMonth(twelveMonths, payrollPerMonth),
      items: [service('23.01', 10_000)],
      invoices: { count: 1, total: 10_000 },
    },
    view,
  )
const simplesCard = () => (
  <SimplesCard companyId="cmp-1" period="2026-10" today="2026-11-28" onPeriodChange={() => {}} />
)

describe('Simples Nacional', () => {
  it('below 28 % of fator R: Annex V for the design, the payroll missing, a preview until it closes', async () => {
    useMonth(designMonth(4_200)) // 14 %
    await renderCard(simplesCard)
    expect(await screen.findByTestId('fator-r')).toHaveTextContent('14 %')
    expect(screen.getByTestId('payroll-missing')).toHaveTextContent('R$ 50.400,00')
    const table = screen.getByRole('table', { name: /por atividade/ })
    expect(table).toHaveTextContent('Anexo V (fator R), 2ª faixa')
    // (360.000 × 18 % − 4.500) / 360.000 = 16,75 % on R$ 10.000.
    expect(table).toHaveTextContent('16,7500 %')
    expect(screen.getByTestId('das-preview')).toHaveTextContent('R$ 1.675,00')
    expect(screen.getByTestId('das-preview')).toHaveTextContent(
      'venceu em 23/11 — atrasado há 5 dias',
    )
    expect(screen.getByTestId('das-taxes')).toHaveTextContent('ISS')
  })

  it('says October’s DAS (due 23/11, after the holiday and the weekend) in the tense of each day', async () => {
    useMonth(designMonth(4_200))
    const days: [string, string][] = [
      ['2026-11-19', 'vence em 23/11'],
      ['2026-11-20', 'vence em 23/11'],
      ['2026-11-23', 'vence hoje'],
      ['2026-11-24', 'venceu em 23/11 — atrasado há 1 dia'],
      ['2026-11-30', 'venceu em 23/11 — atrasado há 7 dias'],
    ]
    for (const [today, said] of days) {
      await renderCard(() => (
        <SimplesCard companyId="cmp-1" period="2026-10" today={today} onPeriodChange={() => {}} />
      ))
      expect(await screen.findByTestId('das-preview'), today).toHaveTextContent(said)
      cleanup()
    }
  })

  it('at exactly 28 %: Annex III', async () => {
    useMonth(designMonth(8_400))
    await renderCard(simplesCard)
    expect(await screen.findByTestId('fator-r-verdict')).toHaveTextContent('Anexo III')
    expect(screen.queryByTestId('payroll-missing')).not.toBeInTheDocument()
    expect(screen.getByRole('table', { name: /por atividade/ })).toHaveTextContent('Anexo III')
  })

  it('the month closed: the DAS guide with its line to copy', async () => {
    const guide = {
      documentId: 'doc-1',
      kind: 'DAS' as const,
      name: 'DAS – Simples Nacional – competência 10/2026',
      amount: 1_675,
      dueDate: '2026-11-23',
      line: '858000016750328123456789012345678901234567890123',
      status: 'pending' as const,
      overdue: false,
      fileName: 'das-2026-10-00000001.pdf',
      paidAt: null,
      paidBy: null,
      replacedBy: null,
    }
    useMonth(designMonth(4_200, { status: 'closed', guide }))
    await renderCard(simplesCard)
    expect(await screen.findByTestId('guide-line')).toBeVisible()
    expect(
      screen.getByRole('button', { name: /Copiar a linha digitável de .* para pagar/ }),
    ).toBeVisible()
  })

  it('an overdue guide never offers its expired line', async () => {
    useMonth(
      designMonth(4_200, {
        status: 'closed',
        guide: {
          documentId: 'doc-1',
          kind: 'DAS',
          name: 'DAS – Simples Nacional – competência 10/2026',
          amount: 1_675,
          dueDate: '2026-11-23',
          line: null,
          status: 'pending',
          overdue: true,
          fileName: 'das-2026-10-00000001.pdf',
          paidAt: null,
          paidBy: null,
          replacedBy: null,
        },
      }),
    )
    await renderCard(simplesCard)
    expect(await screen.findByText('Venceu em 23/11 — atrasada há 5 dias')).toBeVisible()
    expect(screen.queryByTestId('guide-line')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Gerar guia atualizada' })).toBeVisible()
  })

  it('a law firm: Annex IV, the CPP paid outside the DAS, no fator R', async () => {
    useMonth(
      monthAnswer({
        activities: [lawActivity],
        revenue: eachMonth(twelveMonths, 37_107.5),
        items: [service('17.14', 38_000)],
      }),
    )
    await renderCard(simplesCard)
    expect(await screen.findByTestId('fator-r')).toHaveTextContent('Não se aplica')
    const table = screen.getByRole('table', { name: /por atividade/ })
    expect(table).toHaveTextContent('6911-7/01 Serviços advocatícios')
    // (445.290 × 10,2 % − 12.420) / 445.290 = 7,4108 %.
    expect(table).toHaveTextContent('Anexo IV, 3ª faixa')
    expect(table).toHaveTextContent('7,4108 %')
    expect(screen.getByText(/No Anexo IV a contribuição previdenciária patronal/)).toBeVisible()
  })

  it('a yoga studio without payroll goes by the fator R: Annex V (LC 123/2006, art. 18, § 5º-M, II)', async () => {
    useMonth(
      monthAnswer({
        activities: [yogaActivity],
        revenue: eachMonth(twelveMonths, 16_666.67),
        items: [service('06.04', 10_000)],
      }),
    )
    await renderCard(simplesCard)
    expect(await screen.findByRole('table', { name: /por atividade/ })).toHaveTextContent(
      'Anexo V (fator R)',
    )
  })

  it('a service no activity covers is named, and the month waits for the payroll', async () => {
    const month = monthAnswer({
      activities: [designActivity],
      revenue: eachMonth(twelveMonths, 30_000),
      items: [service('14.09', 500)],
    })
    useMonth({
      ...month,
      missing: [
        { code: 'payroll-missing', message: 'Folha do mês não lançada.' },
        ...month.problems,
      ],
    })
    await renderCard(simplesCard)
    expect(await screen.findByText('O que a apuração não consegue resolver sozinha')).toBeVisible()
    expect(screen.getAllByText(/Serviço 14\.09 \(R\$ 500,00\)/)[0]).toBeVisible()
    expect(screen.getByRole('link', { name: 'Lançar o pró-labore' })).toBeVisible()
  })
})

describe('Conciliação bancária', () => {
  const tally = (count: number, amount = 0) => ({ count, amount })
  const summary = (credits: number, lines: number) => ({
    period: '2026-11',
    credits: tally(credits, credits * 100),
    matchedCredits: tally(credits, credits * 100),
    suggestedCredits: tally(0),
    creditsWithoutInvoice: tally(0),
    taxDebits: tally(0),
    matchedTaxDebits: tally(0),
    invoicesNotReceived: tally(0),
    tabs: { unmatched: 0, suggested: 0, matched: lines },
  })
  const useSummary = (body: unknown) =>
    server.use(http.get(`${API}/bank-statements/reconciliation/summary`, answer(body)))

  it('says no statement was imported, rather than that every credit has an invoice', async () => {
    useSummary(summary(0, 0))
    await renderCard(() => <ReconciliationCard companyId="cmp-1" />)
    expect(await screen.findByText('Nenhum extrato importado')).toBeVisible()
    expect(screen.queryByText(/Toda entrada do mês/)).not.toBeInTheDocument()
  })

  it('tells a month without credits from a month whose credits are all explained', async () => {
    useSummary(summary(0, 5))
    await renderCard(() => <ReconciliationCard companyId="cmp-1" />)
    expect(await screen.findByText('Nenhuma entrada no extrato deste mês')).toBeVisible()
  })

  it('says every credit has an invoice or an explanation when they all do', async () => {
    useSummary(summary(3, 3))
    await renderCard(() => <ReconciliationCard companyId="cmp-1" />)
    expect(await screen.findByText('Toda entrada do mês tem nota ou explicação')).toBeVisible()
  })
})
