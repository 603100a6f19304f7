import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { Address } from '@/schemas/address'
import { cepSchema, ufSchema } from '@/schemas/brazil'
import { sameOriginApi } from '@/services/api'
import { addressKeys } from './keys'

/** The input of a lookup: a CEP with or without its hyphen; kept as its 8 digits. */
export const lookupCepInputSchema = cepSchema

/**
 * What ViaCEP answers (SPEC section 3 "Address lookup result": cep, uf, localidade, logradouro,
 * complemento, bairro), or `{ erro: true }` for a CEP it does not know.
 */
const viaCepAnswerSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.object({
    cep: z.string(),
    uf: ufSchema,
    localidade: z.string(),
    logradouro: z.string().default(''),
    complemento: z.string().default(''),
    bairro: z.string().default(''),
  }),
])

/** The address lookup result (SPEC section 3); the number is the person's to type. */
export type CepAddress = Omit<Address, 'number'>

/**
 * `GET /ws/{cep}/json/` (SPEC section 7: same origin, no base URL; the host sends it to ViaCEP).
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
