import { z } from 'zod'
import { ufSchema, type Uf } from './brazil'
import './locale'

// Brazilian municipalities (IBGE), for the city pages and `GET /api/city-search`.

export const stateNames: Record<Uf, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AM: 'Amazonas',
  AP: 'Amapá',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MG: 'Minas Gerais',
  MS: 'Mato Grosso do Sul',
  MT: 'Mato Grosso',
  PA: 'Pará',
  PB: 'Paraíba',
  PE: 'Pernambuco',
  PI: 'Piauí',
  PR: 'Paraná',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RO: 'Rondônia',
  RR: 'Roraima',
  RS: 'Rio Grande do Sul',
  SC: 'Santa Catarina',
  SE: 'Sergipe',
  SP: 'São Paulo',
  TO: 'Tocantins',
}

export const citySchema = z.object({
  ibgeCode: z.string().regex(/^\d{7}$/),
  name: z.string().min(1),
  state: ufSchema,
  stateName: z.string(),
  /** "sao-jose-dos-campos-sp": the last segment of the city pages' paths. */
  slug: z.string(),
})
export type City = z.infer<typeof citySchema>

/** `GET /api/city-search` (SPEC section 7): q, limit (5). */
export const citySearchQuerySchema = z.strictObject({
  q: z
    .string({ error: 'Informe o nome da cidade' })
    .trim()
    .min(1, { error: 'Informe o nome da cidade' })
    .max(100, { error: 'Busca muito longa (até 100 caracteres)' }),
  limit: z.coerce.number().int().min(1).max(20).default(5),
})
