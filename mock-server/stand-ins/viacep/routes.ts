import { z } from 'zod'
import { viaCepAnswerSchema } from '../../../src/schemas/address'
import { messages } from '../../../src/schemas/messages'
import { endpoint, type Call } from '../../api'
import { reference } from '../reference-data'
import { badRequest } from '../../http'

// The ViaCEP stand-in (PRODUCT.md "External services"), over the fixture CEPs: public, as the
// real service is; the web app calls it same-origin (`/ws/{cep}/json/`).

const states: Record<string, [name: string, region: string]> = {
  AC: ['Acre', 'Norte'],
  AL: ['Alagoas', 'Nordeste'],
  AM: ['Amazonas', 'Norte'],
  AP: ['Amapá', 'Norte'],
  BA: ['Bahia', 'Nordeste'],
  CE: ['Ceará', 'Nordeste'],
  DF: ['Distrito Federal', 'Centro-Oeste'],
  ES: ['Espírito Santo', 'Sudeste'],
  GO: ['Goiás', 'Centro-Oeste'],
  MA: ['Maranhão', 'Nordeste'],
  MG: ['Minas Gerais', 'Sudeste'],
  MS: ['Mato Grosso do Sul', 'Centro-Oeste'],
  MT: ['Mato Grosso', 'Centro-Oeste'],
  PA: ['Pará', 'Norte'],
  PB: ['Paraíba', 'Nordeste'],
  PE: ['Pernambuco', 'Nordeste'],
  PI: ['Piauí', 'Nordeste'],
  PR: ['Paraná', 'Sul'],
  RJ: ['Rio de Janeiro', 'Sudeste'],
  RN: ['Rio Grande do Norte', 'Nordeste'],
  RO: ['Rondônia', 'Norte'],
  RR: ['Roraima', 'Norte'],
  RS: ['Rio Grande do Sul', 'Sul'],
  SC: ['Santa Catarina', 'Sul'],
  SE: ['Sergipe', 'Nordeste'],
  SP: ['São Paulo', 'Sudeste'],
  TO: ['Tocantins', 'Norte'],
}

/**
 * 8 digits (the mask's hyphen is accepted); a well-formed CEP it does not know answers 200
 * `{ "erro": true }`, a malformed one 400.
 */
function lookupCep({ params }: Call<{ params: { zip: string } }>) {
  const zip = params.zip.replace('-', '')
  if (!/^\d{8}$/.test(zip))
    throw badRequest(messages.cepInvalid, [{ path: ['zip'], message: messages.cepInvalid }])
  const found = reference().ceps.get(zip)
  if (!found) return { erro: true }
  const [estado, regiao] = states[found.uf] ?? ['', '']
  return {
    cep: `${zip.slice(0, 5)}-${zip.slice(5)}`,
    logradouro: found.logradouro,
    complemento: found.complemento,
    unidade: '',
    bairro: found.bairro,
    localidade: found.localidade,
    uf: found.uf,
    estado,
    regiao,
    ibge: found.ibge,
    gia: '',
    ddd: found.ddd,
    siafi: '',
  }
}

export const viaCepEndpoints = [
  endpoint({
    method: 'GET',
    path: '/ws/{zip}/json/',
    summary: 'ViaCEP stand-in: the address of a CEP, or `{ erro: true }`.',
    access: 'public',
    params: z.object({ zip: z.string() }),
    answers: { 200: viaCepAnswerSchema },
    handler: lookupCep,
  }),
]
