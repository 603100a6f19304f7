import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { useForm, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { addressSchema } from '@/schemas/address'
import { AddressFields, emptyAddressValues, type AddressFormValues } from '@/screens/address'

// The shared address fields: the CEP fills the address from the ViaCEP stand-in (same origin),
// an unknown CEP says so and leaves every field open, and the schema's messages show per field.
const lookups: string[] = []
const server = setupServer(
  http.get('*/ws/:cep/json/', ({ params }) => {
    lookups.push(String(params.cep))
    if (params.cep === '01310200')
      return HttpResponse.json({
        cep: '01310-200',
        logradouro: 'Avenida Paulista',
        complemento: 'de 1047 a 1865 - lado ímpar',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      })
    return HttpResponse.json({ erro: true })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  lookups.length = 0
})
afterAll(() => server.close())

const schema = z.object({ address: addressSchema })

function Harness({ onValid }: { onValid: (value: z.output<typeof schema>) => void }) {
  type Values = { address: AddressFormValues }
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    // The form holds text as typed (an empty state is ''); the schema decides what is valid.
    resolver: zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<typeof schema>>,
    defaultValues: { address: emptyAddressValues() },
  })
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <AddressFields control={form.control} name="address" legend="Endereço da empresa" />
      <button type="submit">Salvar</button>
    </form>
  )
}

function renderHarness() {
  const saved: z.output<typeof schema>[] = []
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness onValid={(value) => saved.push(value)} />
    </QueryClientProvider>,
  )
  return { saved, user: userEvent.setup() }
}

describe('AddressFields', () => {
  it('fills street, neighbourhood, city and state from the CEP and moves to the number', async () => {
    const { user, saved } = renderHarness()
    await user.type(screen.getByLabelText(/CEP/), '01310200')
    expect(screen.getByLabelText(/CEP/)).toHaveValue('01310-200')
    await waitFor(() => expect(screen.getByLabelText(/Rua/)).toHaveValue('Avenida Paulista'))
    expect(screen.getByLabelText(/Bairro/)).toHaveValue('Bela Vista')
    expect(screen.getByLabelText(/Cidade/)).toHaveValue('São Paulo')
    expect(screen.getByLabelText(/Estado/)).toHaveValue('SP')
    expect(screen.getByText('Endereço encontrado. Confira e informe o número.')).toBeVisible()
    expect(screen.getByLabelText(/Número/)).toHaveFocus()
    await user.type(screen.getByLabelText(/Número/), '1578')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.address).toMatchObject({
      zipCode: '01310200',
      street: 'Avenida Paulista',
      number: '1578',
      state: 'SP',
    })
    expect(lookups).toEqual(['01310200'])
  })

  it('says an unknown CEP was not found and leaves the fields to type', async () => {
    const { user, saved } = renderHarness()
    await user.type(screen.getByLabelText(/CEP/), '99999999')
    expect(
      await screen.findByText(
        'CEP não encontrado. Confira o número ou preencha o endereço abaixo.',
      ),
    ).toBeVisible()
    expect(screen.getByLabelText(/Rua/)).toHaveValue('')
    expect(screen.getByLabelText(/Rua/)).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    // Each empty field says what to give.
    for (const message of [
      'Informe a rua',
      'Informe o número (ou S/N)',
      'Informe o bairro',
      'Informe a cidade',
      'Escolha o estado (UF)',
    ])
      expect(await screen.findByText(message)).toBeVisible()
    await user.type(screen.getByLabelText(/Rua/), 'Rua Nova')
    await user.type(screen.getByLabelText(/Número/), '10')
    await user.type(screen.getByLabelText(/Bairro/), 'Centro')
    await user.type(screen.getByLabelText(/Cidade/), 'Macapá')
    await user.selectOptions(screen.getByLabelText(/Estado/), 'AP')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.address.city).toBe('Macapá')
  })

  it('refuses a malformed CEP with its message, without calling the service', async () => {
    const { user } = renderHarness()
    await user.type(screen.getByLabelText(/CEP/), '0131')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('CEP inválido: são 8 dígitos, como 01310-100')).toBeVisible()
    expect(lookups).toEqual([])
  })
})
