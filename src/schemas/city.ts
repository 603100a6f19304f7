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
  /** The state's Junta Comercial, where companies of the city are registered. */
  board: z.string(),
})
export type City = z.infer<typeof citySchema>

/** Each state's Junta Comercial (the registry companies are opened at). */
export const stateBoards: Record<Uf, string> = {
  AC: 'Junta Comercial do Estado do Acre (Juceac)',
  AL: 'Junta Comercial do Estado de Alagoas (Juceal)',
  AM: 'Junta Comercial do Estado do Amazonas (Jucea)',
  AP: 'Junta Comercial do Amapá (Jucap)',
  BA: 'Junta Comercial do Estado da Bahia (Juceb)',
  CE: 'Junta Comercial do Estado do Ceará (Jucec)',
  DF: 'Junta Comercial, Industrial e Serviços do Distrito Federal (Jucis-DF)',
  ES: 'Junta Comercial do Estado do Espírito Santo (Jucees)',
  GO: 'Junta Comercial do Estado de Goiás (Juceg)',
  MA: 'Junta Comercial do Estado do Maranhão (Jucema)',
  MG: 'Junta Comercial do Estado de Minas Gerais (Jucemg)',
  MS: 'Junta Comercial do Estado de Mato Grosso do Sul (Jucems)',
  MT: 'Junta Comercial do Estado de Mato Grosso (Jucemat)',
  PA: 'Junta Comercial do Estado do Pará (Jucepa)',
  PB: 'Junta Comercial do Estado da Paraíba (Jucep)',
  PE: 'Junta Comercial do Estado de Pernambuco (Jucepe)',
  PI: 'Junta Comercial do Estado do Piauí (Jucepi)',
  PR: 'Junta Comercial do Paraná (Jucepar)',
  RJ: 'Junta Comercial do Estado do Rio de Janeiro (Jucerja)',
  RN: 'Junta Comercial do Estado do Rio Grande do Norte (Jucern)',
  RO: 'Junta Comercial do Estado de Rondônia (Jucer)',
  RR: 'Junta Comercial do Estado de Roraima (Jucerr)',
  RS: 'Junta Comercial, Industrial e Serviços do Rio Grande do Sul (JucisRS)',
  SC: 'Junta Comercial do Estado de Santa Catarina (Jucesc)',
  SE: 'Junta Comercial do Estado de Sergipe (Jucese)',
  SP: 'Junta Comercial do Estado de São Paulo (Jucesp)',
  TO: 'Junta Comercial do Estado do Tocantins (Jucetins)',
}

/** `GET /api/city-search` (docs/product.md §7): q, limit (5). */
export const citySearchQuerySchema = z.strictObject({
  q: z
    .string({ error: 'Informe o nome da cidade' })
    .trim()
    .min(1, { error: 'Informe o nome da cidade' })
    .max(100, { error: 'Busca muito longa (até 100 caracteres)' }),
  limit: z.coerce.number().int().min(1).max(20).default(5),
})
