import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { ApiError } from '@/services/api'
import { InvoiceForm } from '@/screens/invoices/InvoiceForm'
import { newInvoiceValues } from '@/screens/invoices/invoice-form'
import { API, anaCompany, renderScreen } from './support'
import {
  computerRepairActivity,
  designActivity,
  eventsActivity,
  lawActivity,
  marketingActivity,
  yogaActivity,
} from '../support/activities'
import type { SimplesMonthView } from '@/schemas/simples/api'
import { eachMonth, monthAnswer, twelveMonthsBefore } from '../support/simples-month'

const twelveMonths = twelveMonthsBefore('2026-11')

// The request and schedule form: every message of the shared schema next to its field and in
// the summary, the taker optional, the municipality defaulting to the company's, the Simples
// estimate, and the server's field messages placed where they belong.

// The current month of ana's company as the server answers it: RBT12 R$ 317.310, fator R over
// 28 % (Annex III), nothing invoiced yet this month.
const month = monthAnswer({
  companyId: anaCompany.id,
  period: '2026-11',
  activities: [designActivity, marketingActivity],
  revenue: eachMonth(twelveMonths, 26_442.5),
  payroll: eachMonth(twelveMonths, 8_333.34),
})
const server = setupServer(
  http.get(`${API}/nfs/services`, () =>
    HttpResponse.json({
      data: [
        {
          taxationCode: '230101',
          serviceCode: '23.01',
          description: 'Criação de identidade visual',
          lastUsedOn: '2026-11-20',
        },
        {
          taxationCode: '170601',
          serviceCode: '17.06',
          description: 'Gestão de redes sociais',
          lastUsedOn: '2026-10-02',
        },
      ],
      total: 2,
    }),
  ),
  http.get(`${API}/companies/:id/simples/:period`, () => HttpResponse.json({ data: month })),
  http.get(`${API}/api/city-search`, ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? ''
    const all = [
      {
        ibgeCode: '3550308',
        name: 'São Paulo',
        state: 'SP',
        stateName: 'São Paulo',
        slug: 'sao-paulo-sp',
        board: 'Jucesp',
      },
      {
        ibgeCode: '3304557',
        name: 'Rio de Janeiro',
        state: 'RJ',
        stateName: 'Rio de Janeiro',
        slug: 'rio-de-janeiro-rj',
        board: 'Jucerja',
      },
    ]
    const fold = (t: string) =>
      t
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    const data = all.filter((city) => fold(city.name).includes(fold(q)))
    return HttpResponse.json({ data, total: data.length })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
vi.setConfig({ testTimeout: 30_000 })

async function renderForm(
  mode: 'request' | 'schedule',
  onSubmit = vi.fn().mockResolvedValue(undefined),
  company = anaCompany,
) {
  const rendered = await renderScreen(() => (
    <InvoiceForm
      mode={mode}
      company={company}
      initialValues={newInvoiceValues(company)}
      submitLabel={mode === 'request' ? 'Solicitar nota' : 'Agendar'}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />
  ))
  // The company's municipality is filled in once the city search answers.
  await waitFor(() =>
    expect(screen.getByLabelText('Município da prestação')).toHaveValue('São Paulo/SP'),
  )
  return { ...rendered, onSubmit }
}

const field = (name: RegExp | string) => screen.getByLabelText(name, { exact: false })

describe('Nova solicitação', () => {
  it('says what to give for each empty field, once each in a summary that takes focus, and sends nothing', async () => {
    const { user, onSubmit } = await renderForm('request')
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    await waitFor(() => expect(screen.getByText('Confira os campos marcados')).toBeVisible())
    const list = within(screen.getByText('Confira os campos marcados').parentElement!)
    // An empty field says what to give, by the name the person sees; the line does not repeat it.
    for (const message of [
      'Informe o CPF ou CNPJ do tomador',
      'Informe o nome ou a razão social do tomador',
      'Informe o e-mail do tomador',
      'Informe o CEP',
      'Informe a rua',
      'Escolha o serviço da empresa',
      'Descrição do serviço: Descreva o serviço prestado (mínimo 5 caracteres)',
      'Valor precisa ser maior ou igual a 1 real.',
    ])
      expect(list.getByRole('button', { name: message })).toBeVisible()
    const lines = list.getAllByRole('button').map((line) => line.textContent)
    expect(new Set(lines).size).toBe(lines.length)
    expect(lines.join(' ')).not.toMatch(/inválid|Campo obrigatório|cTribNac|desdobramento/)
    expect(field('CPF ou CNPJ')).toHaveAccessibleDescription(
      expect.stringContaining('Informe o CPF ou CNPJ do tomador'),
    )
    expect(
      screen.getByRole('combobox', { name: 'Serviço da empresa' }),
    ).toHaveAccessibleDescription(expect.stringContaining('Escolha o serviço da empresa'))
    expect(document.activeElement).toBe(
      screen.getByText('Confira os campos marcados').parentElement,
    )
    expect(field('Valor total')).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()

    // The summary's line takes the focus to the field the person sees.
    await user.click(list.getByRole('button', { name: 'Escolha o serviço da empresa' }))
    expect(screen.getByRole('combobox', { name: 'Serviço da empresa' })).toHaveFocus()
  })

  it('says why a filled value is refused, and the message goes once the field is fixed', async () => {
    const { user } = await renderForm('request')
    await user.type(field('CPF ou CNPJ'), '123.456.789-00')
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    const document = field('CPF ou CNPJ')
    await waitFor(() =>
      expect(document).toHaveAccessibleDescription(
        expect.stringContaining(
          'CPF ou CNPJ do tomador inválido: confira os 11 dígitos do CPF ou os 14 caracteres do CNPJ',
        ),
      ),
    )
    const summary = within(screen.getByText('Confira os campos marcados').parentElement!)
    expect(summary.getByRole('button', { name: /^CPF ou CNPJ do tomador inválido/ })).toBeVisible()

    await user.clear(document)
    await user.type(document, '529.982.247-25')
    await waitFor(() => expect(document).not.toHaveAttribute('aria-invalid', 'true'))
    expect(document).not.toHaveAccessibleDescription(expect.stringContaining('inválido'))
    expect(summary.queryByRole('button', { name: /CPF ou CNPJ/ })).toBeNull()
    // The other fields still say what they need.
    expect(summary.getByRole('button', { name: 'Informe o e-mail do tomador' })).toBeVisible()
  })

  it("refuses R$ 0,50 with the spec's message", async () => {
    const { user } = await renderForm('request')
    await user.type(field('Valor total'), '0,50')
    expect(field('Valor total')).toHaveValue('R$ 0,50')
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    const value = field('Valor total')
    await waitFor(() => expect(value).toHaveAttribute('aria-invalid', 'true'))
    expect(value).toHaveAccessibleDescription('Valor precisa ser maior ou igual a 1 real.')
  })

  it("says 'CNPJ precisa ser definido.' for a company without a CNPJ", async () => {
    const { user } = await renderForm('request', undefined, { ...anaCompany, cnpj: null })
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    await waitFor(() =>
      expect(field('CNPJ do prestador')).toHaveAccessibleDescription(
        expect.stringContaining('CNPJ precisa ser definido.'),
      ),
    )
  })

  it('sends a request without a taker, with the service chosen, and shows the estimate', async () => {
    const { user, onSubmit } = await renderForm('request')
    await user.click(screen.getByRole('checkbox', { name: /Informar o tomador/ }))
    expect(screen.queryByLabelText('CPF ou CNPJ', { exact: false })).toBeNull()
    // The company's services, the last used first.
    const services = screen.getByRole('combobox', { name: 'Serviço da empresa' })
    expect(
      within(services)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Escolha o serviço',
      '230101 · Criação de identidade visual',
      '170601 · Gestão de redes sociais',
      'Outro código de tributação…',
    ])
    await user.selectOptions(services, '170601')
    // The service's last wording fills an empty description.
    expect(field('Descrição do serviço')).toHaveValue('Gestão de redes sociais')
    expect(screen.getByText('23 de 2.000 caracteres')).toBeVisible()
    await user.type(field('Valor total'), '1000')
    // RBT12 317.310 with fator R ≥ 28 %: Annex III, 8,25 %.
    const estimate = screen.getByRole('complementary', { name: 'Estimativa de imposto' })
    await waitFor(() => expect(estimate).toHaveTextContent(/≈\s*R\$\s*82,50/))
    expect(estimate).toHaveTextContent('Estimativa')
    expect(estimate).toHaveTextContent('8,25%')
    await user.click(screen.getByRole('radio', { name: /Sim/ }))
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      cnpj: '45218739000102',
      totalValue: 1000,
      serviceDescription: 'Gestão de redes sociais',
      taxationCode: '170601',
      municipalityCode: '3550308',
      issWithheld: true,
      issTaxation: 'taxable',
      taker: null,
    })
  })

  it('sends tribISSQN as chosen, and the estimate says it does not discount the ISS', async () => {
    const { user, onSubmit } = await renderForm('request')
    await user.click(screen.getByRole('checkbox', { name: /Informar o tomador/ }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Serviço da empresa' }), '230101')
    await user.type(field('Valor total'), '1000')
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Tributação do ISS/ }),
      'Exportação de serviço',
    )
    const estimate = screen.getByRole('complementary', { name: 'Estimativa de imposto' })
    await waitFor(() => expect(estimate).toHaveTextContent('exportação de serviço'))
    expect(estimate).toHaveTextContent('o PIS, a Cofins e o ISS ficam fora do DAS')
    // 8,25 % without Cofins, PIS and ISS (2ª faixa: 14,05 + 3,05 + 32 %): 4,199 % → R$ 41,99.
    expect(estimate).toHaveTextContent(/≈\s*R\$\s*41,99/)
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ issTaxation: 'export' })
  })

  it('takes a code typed by hand and another municipality', async () => {
    const { user, onSubmit } = await renderForm('request')
    await user.click(screen.getByRole('checkbox', { name: /Informar o tomador/ }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Serviço da empresa' }), 'outro')
    await user.type(field('Código de tributação nacional'), '1701')
    await user.type(field('Descrição do serviço'), 'Consultoria de marca')
    await user.type(field('Valor total'), '250')
    const place = field('Município da prestação')
    await user.clear(place)
    await user.type(place, 'rio de')
    await user.click(await screen.findByRole('option', { name: /Rio de Janeiro\/RJ/ }))
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    expect(
      await screen.findByRole('button', {
        name: /^Código de tributação nacional inválido: use os 6 dígitos/,
      }),
    ).toBeVisible()
    await user.type(field('Código de tributação nacional'), '01')
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      taxationCode: '170101',
      municipalityCode: '3304557',
    })
  })

  it("puts the server's field message next to its field and keeps what was typed", async () => {
    const refuse = vi.fn().mockRejectedValue(
      new ApiError(400, 'Município não encontrado entre os 5.571 do IBGE.', [
        {
          path: ['municipalityCode'],
          message: 'Município não encontrado entre os 5.571 do IBGE.',
        },
      ]),
    )
    const { user } = await renderForm('request', refuse)
    await user.click(screen.getByRole('checkbox', { name: /Informar o tomador/ }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Serviço da empresa' }), '230101')
    await user.type(field('Valor total'), '1200')
    await user.click(screen.getByRole('button', { name: 'Solicitar nota' }))
    await waitFor(() =>
      expect(field('Município da prestação')).toHaveAccessibleDescription(
        expect.stringContaining('Município não encontrado entre os 5.571 do IBGE.'),
      ),
    )
    expect(field('Valor total')).toHaveValue('R$ 1.200,00')
  })
})

describe('Agendamento', () => {
  it("refuses day 32 with 'Dia do mês precisa ser entre 1 e 31.' and takes 31", async () => {
    const { user, onSubmit } = await renderForm('schedule')
    await user.click(screen.getByRole('checkbox', { name: /Informar o tomador/ }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Serviço da empresa' }), '230101')
    await user.type(field('Valor total'), '1950')
    await user.type(field('Dia do mês'), '32')
    await user.click(screen.getByRole('button', { name: 'Agendar' }))
    await waitFor(() =>
      expect(field('Dia do mês')).toHaveAccessibleDescription(
        expect.stringContaining('Dia do mês precisa ser entre 1 e 31.'),
      ),
    )
    expect(onSubmit).not.toHaveBeenCalled()
    await user.clear(field('Dia do mês'))
    await user.type(field('Dia do mês'), '31')
    await user.click(screen.getByRole('button', { name: 'Agendar' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ dayOfMonth: 31, active: true })
  })

  it('sends a CPF taker with the address the CEP found', async () => {
    server.use(
      http.get(`${API}/ws/:cep/json/`, () =>
        HttpResponse.json({
          cep: '05435-000',
          uf: 'SP',
          localidade: 'São Paulo',
          logradouro: 'Rua Harmonia',
          complemento: '',
          bairro: 'Vila Madalena',
        }),
      ),
    )
    const { user, onSubmit } = await renderForm('schedule')
    await user.type(field('CPF ou CNPJ'), '713.524.399-48')
    await user.type(field('Nome ou razão social'), 'Mariana Costa Alves')
    await user.type(field('E-mail do tomador'), 'mariana@example.com')
    await user.type(field('CEP'), '05435000')
    await waitFor(() => expect(field('Rua')).toHaveValue('Rua Harmonia'))
    await user.type(field('Número'), '321')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Serviço da empresa' }), '230101')
    await user.type(field('Valor total'), '800')
    await user.type(field('Dia do mês'), '5')
    await user.click(screen.getByRole('button', { name: 'Agendar' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0].taker).toMatchObject({
      document: '71352439948',
      name: 'Mariana Costa Alves',
      address: { zipCode: '05435000', street: 'Rua Harmonia', number: '321', state: 'SP' },
    })
  })
})

describe('the estimate runs the month’s own calculation with the invoice in it', () => {
  const answerWith = (changes: Partial<Parameters<typeof monthAnswer>[0]>) =>
    server.use(
      http.get(`${API}/companies/:id/simples/:period`, () =>
        HttpResponse.json({
          data: monthAnswer({
            companyId: anaCompany.id,
            period: '2026-11',
            activities: [designActivity],
            ...changes,
          }) satisfies SimplesMonthView,
        }),
      ),
    )
  /** The form with one service of the company chosen and a value typed. */
  const estimateFor = async (taxationCode: string, value: string) => {
    server.use(
      http.get(`${API}/nfs/services`, () =>
        HttpResponse.json({
          data: [
            {
              taxationCode,
              serviceCode: `${taxationCode.slice(0, 2)}.${taxationCode.slice(2, 4)}`,
              description: 'Serviço prestado ao cliente',
              lastUsedOn: '2026-11-20',
            },
          ],
          total: 1,
        }),
      ),
    )
    const { user } = await renderForm('request')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Serviço da empresa' }),
      taxationCode,
    )
    await user.type(field('Valor total'), value)
    return screen.getByRole('complementary', { name: 'Estimativa de imposto' })
  }

  it('a law firm: Annex IV, and the CPP outside the DAS', async () => {
    answerWith({ activities: [lawActivity], revenue: eachMonth(twelveMonths, 37_107.5) })
    const estimate = await estimateFor('171401', '1000')
    // 1.000 × 7,4108… % = R$ 74,11.
    await waitFor(() => expect(estimate).toHaveTextContent(/≈\s*R\$\s*74,11/))
    expect(estimate).toHaveTextContent('Anexo IV')
    expect(estimate).toHaveTextContent('CPP')
  })

  it('a yoga studio without payroll: Annex V by the fator R (LC 123/2006, art. 18, § 5º-M, II)', async () => {
    answerWith({ activities: [yogaActivity], revenue: eachMonth(twelveMonths, 16_666.67) })
    const estimate = await estimateFor('060401', '1000')
    // (200.000 × 18 % − 4.500) / 200.000 = 15,75 %.
    await waitFor(() => expect(estimate).toHaveTextContent(/≈\s*R\$\s*157,50/))
    expect(estimate).toHaveTextContent('Anexo V (pelo fator R)')
  })

  it('a service no activity of the company covers: no estimate, and why', async () => {
    answerWith({ activities: [eventsActivity, lawActivity] })
    const estimate = await estimateFor('230101', '1000')
    await waitFor(() => expect(estimate).toHaveTextContent('Sem estimativa'))
    expect(estimate).toHaveTextContent('23.01')
    expect(estimate).not.toHaveTextContent('≈')
  })

  it('a MEI: the fixed DAS of its occupation', async () => {
    answerWith({ regime: 'mei', activities: [computerRepairActivity] })
    await renderForm('request', undefined, { ...anaCompany, size: 'MEI' })
    const estimate = screen.getByRole('complementary', { name: 'Estimativa de imposto' })
    await waitFor(() => expect(estimate).toHaveTextContent(/DAS fixo do mês \(R\$\s*86,05\)/))
  })
})
