import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Company } from '@/schemas/company'
import { CompanyEditForm } from '@/screens/back-office/CompanyEditForm'
import { API, backOfficeServer, renderWithQuery } from './support'

// "Editar" on a company: the shared schema's messages next to each field (and in the summary
// that takes focus), the server's field messages on their fields, a taken CNPJ on the CNPJ, and
// what PUT /companies/{id} receives.

const company: Company = {
  id: 'cmp-ana-design',
  name: 'Ana Design Ltda',
  alias: 'Ana Design',
  cnpj: '45218739000102',
  status: 'active',
  address: {
    zipCode: '01310200',
    state: 'SP',
    city: 'São Paulo',
    street: 'Avenida Paulista',
    number: '1578',
    complement: 'Sala 12',
    neighborhood: 'Bela Vista',
  },
  currentSubscription: null,
  trackId: 'create-company',
  type: 'private_limited',
  size: 'ME',
  activities: ['7410299'],
  statusHistory: [],
  createdAt: '2025-02-10T13:30:00.000Z',
  updatedAt: '2026-11-01T13:30:00.000Z',
}

const sent: unknown[] = []
let answer: () => Response = () => HttpResponse.json({ data: company })
const server = backOfficeServer(
  http.put(`${API}/companies/:id`, async ({ request }) => {
    sent.push(await request.json())
    return answer()
  }),
  http.get('*/ws/:cep/json/', () => HttpResponse.json({ erro: true })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
  answer = () => HttpResponse.json({ data: company })
})
afterAll(() => server.close())

function renderForm() {
  const onDone = vi.fn()
  const rendered = renderWithQuery(<CompanyEditForm company={company} onDone={onDone} />)
  const form = screen.getByRole('form', { name: 'Editar dados da empresa' })
  return {
    ...rendered,
    onDone,
    form,
    save: within(form).getByRole('button', { name: 'Salvar alterações' }),
  }
}

describe('CompanyEditForm', () => {
  it('says what is wrong next to each field and in a summary that takes focus', async () => {
    const { user, form, save } = renderForm()
    await user.clear(within(form).getByLabelText(/Razão social/))
    await user.clear(within(form).getByLabelText(/CNPJ/))
    await user.type(within(form).getByLabelText(/CNPJ/), '45218739000199')
    await user.clear(within(form).getByLabelText(/Número/))
    await user.click(save)
    const summary = await screen.findByText('Confira os campos marcados')
    expect(summary.parentElement).toHaveFocus()
    expect(within(form).getByLabelText(/Razão social/)).toHaveAccessibleDescription(
      'Informe a razão social',
    )
    expect(within(form).getByLabelText(/CNPJ/)).toHaveAccessibleDescription(/CNPJ inválido/)
    expect(within(form).getByLabelText(/Número/)).toHaveAccessibleDescription(
      'Informe o número (ou S/N)',
    )
    expect(summary.parentElement).toHaveTextContent('CNPJ inválido: confira os 14 caracteres')
    expect(summary.parentElement).not.toHaveTextContent('CNPJ: CNPJ')
    // A line of the summary takes the person to the field.
    await user.click(within(summary.parentElement!).getByRole('button', { name: /número/i }))
    expect(within(form).getByLabelText(/Número/)).toHaveFocus()
    expect(sent).toEqual([])
  })

  it('sends the data (blank alias and CNPJ are none) and closes', async () => {
    const { user, form, save, onDone } = renderForm()
    await user.clear(within(form).getByLabelText(/Nome fantasia/))
    await user.clear(within(form).getByLabelText(/CNPJ/))
    await user.selectOptions(within(form).getByLabelText(/Porte/), 'EPP')
    await user.click(save)
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([
      {
        name: 'Ana Design Ltda',
        alias: null,
        cnpj: null,
        address: company.address,
        type: 'private_limited',
        size: 'EPP',
      },
    ])
  })

  it('accepts an alphanumeric CNPJ and puts the server’s messages on their fields', async () => {
    answer = () =>
      HttpResponse.json(
        {
          message: 'CNPJ não existe.',
          issues: [
            { path: ['cnpj'], message: 'CNPJ não existe.' },
            { path: ['address', 'zipCode'], message: 'CEP inválido' },
          ],
        },
        { status: 400 },
      )
    const { user, form, save, onDone } = renderForm()
    await user.clear(within(form).getByLabelText(/CNPJ/))
    await user.type(within(form).getByLabelText(/CNPJ/), '12ABC34501DE35')
    expect(within(form).getByLabelText(/CNPJ/)).toHaveValue('12.ABC.345/01DE-35')
    await user.click(save)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ cnpj: '12ABC34501DE35' })
    expect(
      await within(form).findByText('CNPJ não existe.', { selector: '[id$=-error]' }),
    ).toBeVisible()
    expect(within(form).getByLabelText(/CEP/)).toHaveAccessibleDescription(/CEP inválido/)
    // The summary names them too, and takes focus after the failed save.
    const summary = screen.getByText('Confira os campos marcados').parentElement!
    await waitFor(() => expect(summary).toHaveFocus())
    expect(summary).toHaveTextContent('CNPJ não existe.')
    expect(summary).toHaveTextContent('CEP inválido')
    expect(summary).not.toHaveTextContent('CEP: CEP')
    expect(onDone).not.toHaveBeenCalled()
  })

  it('says a CNPJ another company has on the CNPJ', async () => {
    answer = () =>
      HttpResponse.json({ message: 'Já existe uma empresa com este CNPJ.' }, { status: 409 })
    const { user, form, save } = renderForm()
    await user.click(save)
    expect(
      await within(form).findByText('Já existe uma empresa com este CNPJ.', {
        selector: '[id$=-error]',
      }),
    ).toBeVisible()
    expect(within(form).getByLabelText(/CNPJ/)).toHaveAttribute('aria-invalid', 'true')
  })
})
