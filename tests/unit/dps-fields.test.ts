import { describe, expect, it } from 'vitest'
import { addressSchema } from '@/schemas/address'
import { cepSchema } from '@/schemas/brazil'
import {
  invoiceMessages,
  issTaxationCodes,
  issTaxationLabels,
  nfsRequestCreateSchema,
  nfsRequestSchema,
} from '@/schemas/invoice'
import { messages } from '@/schemas/messages'

// Fields of the national DPS (NFS-e) and the address they carry.

const request = {
  cnpj: '45.218.739/0001-02',
  totalValue: 100,
  serviceDescription: 'Aulas de yoga — plano mensal',
  taxationCode: '060401',
  municipalityCode: '4205407',
  issWithheld: false,
}

describe('tribISSQN — leiaute da DPS nacional 1.01 (TSTribISSQN)', () => {
  it('is a taxable operation unless said otherwise', () =>
    expect(nfsRequestCreateSchema.parse(request).issTaxation).toBe('taxable'))
  it('takes immunity, export and non-incidence', () => {
    for (const issTaxation of ['immune', 'export', 'not-levied'] as const)
      expect(nfsRequestCreateSchema.parse({ ...request, issTaxation }).issTaxation).toBe(
        issTaxation,
      )
  })
  it('refuses anything else naming the four', () =>
    expect(
      nfsRequestCreateSchema.safeParse({ ...request, issTaxation: 'isento' }).error?.issues[0]
        ?.message,
    ).toBe(invoiceMessages.issTaxation))
  it('codes 1 to 4 as layout 1.01 numbers them, with their names', () => {
    expect(issTaxationCodes).toEqual({ taxable: '1', immune: '2', export: '3', 'not-levied': '4' })
    expect(issTaxationLabels.export).toBe('Exportação de serviço')
  })
  it('a request stored before tribISSQN was asked for reads as a taxable operation', () => {
    const stored = nfsRequestSchema.shape.issTaxation.parse(undefined)
    expect(stored).toBe('taxable')
  })
})

describe('CEP — Correios: CEPs go from 01000-000 to 99999-999', () => {
  it('refuses 00000-000 and anything below 01000-000, saying why', () => {
    for (const cep of ['00000-000', '00000000', '00999-999'])
      expect(cepSchema.safeParse(cep).error?.issues[0]?.message).toBe(messages.cepBelowRange)
  })
  it('takes the lowest and highest CEPs, kept as digits', () => {
    expect(cepSchema.parse('01000-000')).toBe('01000000')
    expect(cepSchema.parse('99999-999')).toBe('99999999')
  })
  it('still refuses a CEP of the wrong length with the spec message', () =>
    expect(cepSchema.safeParse('1234').error?.issues[0]?.message).toBe(messages.cepInvalid))
  it('an address with CEP 00000-000 is refused at the CEP', () => {
    const result = addressSchema.safeParse({
      zipCode: '00000-000',
      state: 'SP',
      city: 'São Paulo',
      street: 'Avenida Paulista',
      number: '1000',
      complement: '',
      neighborhood: 'Bela Vista',
    })
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['zipCode'], message: messages.cepBelowRange }),
    ])
  })
})
