import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { defisSchema, type Defis, type DefisCompletion } from '@/schemas/year-end'
import { DefisSection } from '@/screens/back-office/year-end/Declarations'
import { API, anaCompany, renderScreen } from '../invoices/support'

// A company's DEFIS in the back office against msw: what the product assembled, what is left to
// complete, the form (the banks' balances suggested by the statements, the months before us),
// what it saves, and the delivery with its receipt once nothing is missing.

const YEAR = 2025
const PATH = `${API}/companies/${anaCompany.id}/defis/${YEAR}`

/** Ana's DEFIS as assembled from three closed months, before anything was completed. */
function assembled(): Defis {
  return defisSchema.parse({
    companyId: anaCompany.id,
    year: YEAR,
    dueDate: '2026-03-31',
    deliverableFrom: '2026-01-01',
    status: 'to-complete',
    partners: [
      {
        partnerId: '52998224725',
        name: 'Ana Paula Ribeiro',
        cpf: '52998224725',
        capitalShare: 1,
        exemptIncome: 18_000,
        taxableIncome: 25_500,
        irrf: 0,
      },
    ],
    months: {
      closed: ['2025-10', '2025-11', '2025-12'],
      other: [],
      missing: [
        '2025-02',
        '2025-03',
        '2025-04',
        '2025-05',
        '2025-06',
        '2025-07',
        '2025-08',
        '2025-09',
      ],
    },
    revenue: 84_020,
    issWithheldRevenue: 0,
    exports: 0,
    das: 13_023.1,
    exemptLimit: 23_630.63,
    accountingProfit: null,
    statements: {
      bankStart: null,
      bankEnd: 18_432.55,
      accounts: [{ accountId: 'acc-ana-cora', bankName: 'Cora', start: null, end: 18_432.55 }],
    },
    payrollHadSalaries: false,
    expenses: { total: 0, byCategory: [] },
    completion: null,
    missing: [
      {
        code: 'cash',
        field: 'cashStart',
        message: 'Informe o caixa em 01/01/2025 e em 31/12/2025.',
      },
      { code: 'bank', field: 'bankStart', message: 'Informe os saldos bancários em 01/01/2025.' },
      {
        code: 'other-months',
        field: 'otherMonths',
        message:
          'Informe a receita, o DAS e o IRPJ de 02/2025 a 09/2025 (meses apurados fora do sistema).',
      },
    ],
    delivery: null,
    fineToday: {
      dueDate: '2026-03-31',
      deliveredOn: '2026-11-28',
      months: 8,
      taxes: 13_023.1,
      rate: 0.16,
      gross: 2_083.7,
      reduction: 0,
      minimum: 200,
      fine: 2_083.7,
    },
  })
}

let defis: Defis
let saved: unknown[]
let delivered: unknown[]
const server = setupServer(
  http.get(PATH, () => HttpResponse.json({ data: defis })),
  http.put(PATH, async ({ request }) => {
    const body = (await request.json()) as DefisCompletion
    saved.push(body)
    defis = defisSchema.parse({ ...defis, completion: body, missing: [], status: 'ready' })
    return HttpResponse.json({ data: defis })
  }),
  http.post(`${PATH}/deliver`, async ({ request }) => {
    const body = (await request.json()) as { receipt: string; deliveredOn: string }
    delivered.push(body)
    defis = defisSchema.parse({
      ...defis,
      status: 'delivered',
      fineToday: null,
      delivery: {
        ...body,
        deliveredAt: '2026-11-28T15:00:00.000Z',
        deliveredBy: 'uid-admin',
        fine: defis.fineToday,
      },
    })
    return HttpResponse.json({ data: defis })
  }),
)

// The first render of a run loads the screen's modules: room for a busy machine.
vi.setConfig({ testTimeout: 30_000 })
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  defis = assembled()
  saved = []
  delivered = []
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const renderDefis = () =>
  renderScreen(() => (
    <Suspense fallback={<p>Carregando a DEFIS…</p>}>
      <DefisSection companyId={anaCompany.id} year={YEAR} today="2026-11-28" />
    </Suspense>
  ))

describe('DEFIS of a company’s year', () => {
  it('shows what was assembled, what is missing and the fine if delivered today; no delivery yet', async () => {
    await renderDefis()
    expect(await screen.findByRole('heading', { name: `DEFIS de ${YEAR}` })).toBeVisible()
    expect(screen.getByText('A completar')).toBeVisible()
    expect(screen.getByText('Entregue hoje, terá multa')).toBeVisible()
    const partners = screen.getByRole('table', { name: `Sócios na DEFIS de ${YEAR}` })
    expect(within(partners).getByRole('row', { name: /Ana Paula Ribeiro/ })).toHaveTextContent(
      'R$ 18.000,00',
    )
    expect(screen.getByText(/Informe o caixa em 01\/01\/2025/)).toBeVisible()
    // The bank balance at the end of the year comes from the statements, to confirm.
    expect(screen.getByLabelText(`Bancos em 31/12/${YEAR}`)).toHaveValue('R$ 18.432,55')
    expect(screen.getAllByText('Dos extratos: confira e salve.').length).toBeGreaterThan(0)
    expect(screen.queryByRole('form', { name: 'Registrar entrega da DEFIS' })).toBeNull()
  })

  it('saves what the accountant completed, then records the delivery with its receipt', async () => {
    const { user } = await renderDefis()
    const form = await screen.findByRole('form', { name: `Completar a DEFIS de ${YEAR}` })
    for (const [label, value] of [
      [`Caixa em 01/01/${YEAR}`, '500,00'],
      [`Caixa em 31/12/${YEAR}`, '1500,00'],
      [`Bancos em 01/01/${YEAR}`, '10000,00'],
      ['Receita bruta desses meses', '120000,00'],
      ['DAS desses meses', '7200,00'],
      ['IRPJ no DAS desses meses', '288,00'],
    ] as const)
      await user.type(within(form).getByLabelText(label, { exact: true }), value)
    await user.click(within(form).getByRole('button', { name: 'Salvar DEFIS' }))
    expect(await screen.findByText(`DEFIS de ${YEAR} salva.`)).toBeVisible()
    expect(saved).toEqual([
      {
        cashStart: 500,
        cashEnd: 1_500,
        bankStart: 10_000,
        bankEnd: 18_432.55,
        stockStart: null,
        stockEnd: null,
        purchases: null,
        employeesStart: 0,
        employeesEnd: 0,
        otherMonths: {
          months: defis.completion!.otherMonths!.months,
          revenue: 120_000,
          das: 7_200,
          irpj: 288,
        },
      },
    ])
    expect(defis.completion!.otherMonths!.months).toEqual(assembled().months.missing)

    const delivery = await screen.findByRole('form', { name: 'Registrar entrega da DEFIS' })
    await user.type(within(delivery).getByLabelText(/Número do recibo/), ' 2026.00012.345678 ')
    await user.click(within(delivery).getByRole('button', { name: 'Registrar entrega' }))
    expect(await screen.findByText('DEFIS entregue: recibo 2026.00012.345678.')).toBeVisible()
    expect(delivered).toEqual([{ receipt: '2026.00012.345678', deliveredOn: '2026-11-28' }])
    expect(
      await screen.findByText(/DEFIS entregue em 28\/11\/2026, recibo 2026\.00012\.345678/),
    ).toBeVisible()
    expect(screen.queryByRole('form', { name: `Completar a DEFIS de ${YEAR}` })).toBeNull()
  })

  it('a refusal of the save is said, and what was typed stays', async () => {
    server.use(
      http.put(PATH, () =>
        HttpResponse.json(
          {
            message: 'Confira os campos destacados.',
            issues: [{ path: ['cashEnd'], message: 'Informe um valor em reais (ex.: 15000,00).' }],
          },
          { status: 400 },
        ),
      ),
    )
    const { user } = await renderDefis()
    const form = await screen.findByRole('form', { name: `Completar a DEFIS de ${YEAR}` })
    const cash = within(form).getByLabelText(`Caixa em 01/01/${YEAR}`, { exact: true })
    await user.type(cash, '500,00')
    await user.click(within(form).getByRole('button', { name: 'Salvar DEFIS' }))
    expect(await within(form).findByText('Não foi possível salvar a DEFIS.')).toBeVisible()
    expect(within(form).getByText('Informe um valor em reais (ex.: 15000,00).')).toBeVisible()
    expect(cash).toHaveValue('R$ 500,00')
  })
})
