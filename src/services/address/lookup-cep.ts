import { queryOptions, useQuery } from '@tanstack/react-query'
import { viaCepAnswerSchema, type Address } from '@/schemas/address'
import { cepSchema } from '@/schemas/brazil'
import { sameOriginApi } from '@/services/api'
import { addressKeys } from './keys'

/** The input of a lookup: a CEP with or without its hyphen; kept as its 8 digits. */
export const lookupCepInputSchema = cepSchema

/** The address lookup result (docs/product.md §3); the number is the person's to type. */
export type CepAddress = Omit<Address, 'number'>

/**
 * `GET /ws/{cep}/json/` (docs/product.md §7: same origin, no base URL; the host sends it to ViaCEP).
 * Resolves the address, or null when the CEP does not exist. A malformed CEP throws before
 * calling anyone.
 */
export async function lookupCep(cep: string, signal?: AbortSignal): Promise<CepAddress | null> {
  const digits = lookupCepInputSchema.parse(cep)
  const answer = await sameOriginApi.get(`/ws/${digits}/json/`, {
    schema: viaCepAnswerSchema,
    auth: false,
    signal,
  })
  if ('erro' in answer) return null
  return {
    zipCode: digits,
    state: answer.uf,
    city: answer.localidade,
    street: answer.logradouro,
    complement: answer.complemento,
    neighborhood: answer.bairro,
  }
}

/** A CEP's address changes rarely: kept for a day, not refetched on focus. */
export const cepQueryOptions = (cep: string) =>
  queryOptions({
    queryKey: addressKeys.cep(cep.replace(/\D/g, '')),
    queryFn: ({ signal }) => lookupCep(cep, signal),
    staleTime: 24 * 60 * 60_000,
    retry: false,
  })

/** The address of a complete CEP; idle while the CEP is not 8 digits. */
export const useCepLookup = (cep: string) =>
  useQuery({
    ...cepQueryOptions(cep),
    enabled: lookupCepInputSchema.safeParse(cep).success,
  })
