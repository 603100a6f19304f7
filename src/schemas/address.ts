import { z } from 'zod'
import { cepSchema, ufSchema } from './brazil'
import { filledText } from './limit-messages'
import { messages } from './messages'

/** The address lookup result (docs/product.md §3), extended with the number a person types. */
export const addressSchema = z.object({
  zipCode: cepSchema,
  state: ufSchema,
  city: filledText(messages.cityRequired, { max: 120 }),
  street: filledText(messages.streetRequired, { max: 200 }),
  number: filledText(messages.numberRequired, { max: 20 }),
  complement: z.string().trim().max(120).default(''),
  neighborhood: filledText(messages.neighborhoodRequired, { max: 120 }),
})
export type Address = z.infer<typeof addressSchema>

/**
 * What ViaCEP answers for a CEP it knows (`GET /ws/{cep}/json/`, docs/product.md §3
 * "Address", §12): the fields the lookup reads, and the others the service sends.
 */
export const viaCepAddressSchema = z.object({
  cep: z.string(),
  uf: ufSchema,
  localidade: z.string(),
  logradouro: z.string().default(''),
  complemento: z.string().default(''),
  bairro: z.string().default(''),
  unidade: z.string().optional(),
  estado: z.string().optional(),
  regiao: z.string().optional(),
  ibge: z.string().optional(),
  gia: z.string().optional(),
  ddd: z.string().optional(),
  siafi: z.string().optional(),
})

/** ViaCEP's answer: the address, or `{ erro: true }` (once `"true"`) for a CEP it does not know. */
export const viaCepAnswerSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  viaCepAddressSchema,
])
