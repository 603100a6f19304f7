import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ApiErrorBody } from '@/schemas/common'
import {
  distributionSchema,
  profitsSchema,
  yearEndMessages,
  type Distribution,
  type Profits,
} from '@/schemas/year-end'
import { ProfitsScreen } from '@/screens/year-end'
import { API, anaCompany, renderScreen } from '../invoices/support'

// The owner's "Lucros" against msw: the year's figures and warnings, the distributions table, and
// the distributions form — what it sends, the withholding and the DARF 1841 it answers with, the
// excess above the exempt limit, a refusal that keeps what was typed, and a MEI that has no
// profits to distribute. The answers follow the API's schemas (src/schemas/year-end.ts).

const ANA = { partnerId: '52998224725', name: 'Ana Paula Ribeiro', cpf: '52998224725' }

const distributed = (date: string, amount: number, irrf = 0): Distribution =>
  distributionSchema.parse({
    id: `dist-ana-design-${date}`,
    companyId: anaCompany.id,
    ...ANA,
    date,
    amount,
    fromResultsUpTo2025: false,
    approvedOn: null,
    irrf,
    monthTotal: amount,
    createdAt: `${date}T20:00:00.000Z`,
    createdBy: 'uid-admin',
    guide: null,
    warnings: [],
  })

/** Ana's profits of a year: services at 32 %, less the DAS's IRPJ, and what she took. */
function profitsOf(year: number, distributions: Distribution[]): Profits {
  const revenue = 84_020
  const presumed = 26_886.4
  const irpjInDas = 3_255.77
  const exemptLimit = 23_630.63
  const total = distributions.reduce((sum, d) => sum + d.amount, 0)
  const withheld = distributions.reduce((sum, d) => sum + d.irrf, 0)
  return profitsSchema.parse({
    companyId: anaCompany.id,
    year,
    months: [`${year}-10`, `${year}-11`, `${year}-12`],
    previewMonths: [],
    revenue,
    presumptionRate: 0.32,
    presumed,
    irpjInDas,
    das: 13_023.1,
    presumedLimit: exemptLimit,
    literalLimit: 13_863.3,
    exemptLimit,
    distributed: total,
    available: Math.max(0, Math.round((exemptLimit - total) * 100) / 100),
    withheld,
    basis: 'presumption',
    books: null,
    activities: [
      {
        cnae: '7410299',
        text: 'Atividades de design não especificadas anteriormente',
        annex: 'V',
        kind: 'services',
        rate: 0.32,
        revenue,
        presumed,
        irpj: irpjInDas,
      },
    ],
    partners: [
      {
        ...ANA,
        received: total,
        irrf: withheld,
        exempt: Math.min(total, exemptLimit),
        taxable: Math.max(0, Math.round((total - exemptLimit) * 100) / 100),
      },
    ],
    distributions,
    warnings: [
      {
        code: 'literal-reading',
        message:
          'Pela letra da LC 123/2006 (art. 14, § 1º), o limite descontaria todo o DAS do período (R$ 13.023,10), e não só o IRPJ: seria R$ 13.863,30. A Receita desconta só o IRPJ (Resolução CGSN 140/2018, art. 145, § 1º; SC Cosit 244/2025).',
      },
    ],
  })
}

// The first render of a run loads the screen's modules: room for a busy machine.
vi.setConfig({ testTimeout: 20_000 })

let stored: Distribution[]
let posted: unknown[]
/** What the next POST answers instead of recording (a refusal). */
let refusal: { status: number; body: ApiErrorBody } | null

const server = setupServer(
  http.get(`${API}/companies/:id/profits/:year`, ({ params }) =>
    HttpResponse.json({
      data: profitsOf(
        Number(params.year),
        stored.filter((d) => d.date.startsWith(`${String(params.year)}-`)),
      ),
    }),
  ),
  http.post(`${API}/companies/:id/profits/distributions`, async ({ request }) => {
    const body = (await request.json()) as { date: string; amount: number }
    posted.push(body)
    if (refusal) return HttpResponse.json(refusal.body, { status: refusal.status })
    // From 2026, above R$ 50.000,00 in the month: 10 % of the month's total (the server's rule).
    const irrf = body.amount > 50_000 ? Math.round(body.amount * 10) / 100 : 0
    const distribution = distributed(body.date, body.amount, irrf)
    stored = [...stored, distribution]
    return HttpResponse.json(
      {
        data: {
          ...distribution,
          guide: irrf
            ? {
                documentId: 'doc-darf1841-ana-design-2026-06',
                kind: 'DARF',
                name: 'DARF 1841 – IRRF sobre lucros – competência 06/2026',
                amount: irrf,
                dueDate: '2026-07-20',
                line: null,
                status: 'pending',
                overdue: false,
                fileName: 'darf-1841-2026-06.pdf',
                paidAt: null,
                paidBy: null,
                replacedBy: null,
              }
            : null,
          warnings: [
            ...(irrf
              ? [{ code: 'withheld', message: yearEndMessages.withheld('R$ 6.000,00', '06/2026') }]
              : []),
            { code: 'above-exempt', message: yearEndMessages.exceeds('R$ 54.369,37') },
          ],
        },
      },
      { status: 201 },
    )
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  stored = [distributed('2026-04-10', 6_000), distributed('2026-05-10', 6_000)]
  posted = []
  refusal = null
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const renderProfits = (year: number, company = anaCompany) =>
  renderScreen(
    () => (
      <Suspense fallback={<p>Carregando os lucros…</p>}>
        <ProfitsScreen year={year} today="2026-06-15" onYearChange={() => {}} />
      </Suspense>
    ),
    { company },
  )

describe('Lucros', () => {
  it('shows the year’s limit, what is left, the warnings and each distribution', async () => {
    stored = [
      distributed('2025-10-10', 6_000),
      distributed('2025-11-10', 6_000),
      distributed('2025-12-10', 6_000),
    ]
    await renderProfits(2025)
    expect(await screen.findByTestId('profits-available')).toHaveTextContent('R$ 5.630,63')
    expect(screen.getByTestId('profits-limit')).toHaveTextContent('R$ 23.630,63')
    expect(screen.getByTestId('profits-distributed')).toHaveTextContent('R$ 18.000,00')
    expect(screen.getByText(/Pela letra da LC 123\/2006/)).toBeVisible()
    const table = screen.getByRole('table', { name: 'Distribuições de lucros de 2025' })
    // A header and the three months' distributions.
    expect(within(table).getAllByRole('row').length).toBeGreaterThanOrEqual(4)
    expect(within(table).getAllByText('R$ 6.000,00').length).toBeGreaterThanOrEqual(3)
  })

  it('records a distribution above R$ 50.000: sends it, shows the 10 % withheld, the DARF 1841 and the excess', async () => {
    const { user } = await renderProfits(2026)
    const form = await screen.findByRole('form', { name: 'Registrar distribuição' })
    await user.type(within(form).getByLabelText(/Valor pago/), '60000,00')
    await user.click(within(form).getByRole('button', { name: 'Registrar distribuição' }))
    expect(await within(form).findByText(/IRRF de R\$\s6\.000,00 retido/)).toBeVisible()
    expect(posted).toEqual([
      {
        partnerId: ANA.partnerId,
        date: '2026-06-15',
        amount: 60_000,
        fromResultsUpTo2025: false,
        approvedOn: null,
      },
    ])
    expect(within(form).getByTestId('guide-box')).toHaveTextContent('DARF 1841')
    expect(within(form).getByText(/passa do limite de lucros isentos/)).toBeVisible()
    // The year is read again: the new distribution counts.
    expect(await screen.findByTestId('profits-distributed')).toHaveTextContent('R$ 72.000,00')
    expect(await screen.findByText(/Distribuição de R\$\s60\.000,00 registrada/)).toBeVisible()
  })

  it('asks for the amount before sending anything', async () => {
    const { user } = await renderProfits(2026)
    const form = await screen.findByRole('form', { name: 'Registrar distribuição' })
    await user.click(within(form).getByRole('button', { name: 'Registrar distribuição' }))
    expect(await within(form).findByText('Informe o valor pago.', { exact: false })).toBeVisible()
    expect(posted).toEqual([])
  })

  it('a refusal names the field and keeps what was typed', async () => {
    refusal = {
      status: 400,
      body: {
        message: 'Confira os campos destacados.',
        issues: [{ path: ['date'], message: yearEndMessages.futureDate }],
      },
    }
    const { user } = await renderProfits(2026)
    const form = await screen.findByRole('form', { name: 'Registrar distribuição' })
    const amount = within(form).getByLabelText(/Valor pago/)
    await user.type(amount, '1500,00')
    await user.click(within(form).getByRole('button', { name: 'Registrar distribuição' }))
    expect(await within(form).findByText('Não foi possível registrar.')).toBeVisible()
    expect(within(form).getByText(yearEndMessages.futureDate)).toBeVisible()
    expect(amount).toHaveValue('R$ 1.500,00')
    expect(posted).toHaveLength(1)
  })

  it('a MEI is told it has no profits to distribute here, and nothing is asked of the API', async () => {
    await renderProfits(2026, { ...anaCompany, size: 'MEI' })
    expect(
      await screen.findByText('Esta empresa não distribui lucros pelo Simples Nacional'),
    ).toBeVisible()
    expect(screen.queryByRole('form', { name: 'Registrar distribuição' })).not.toBeInTheDocument()
  })
})
