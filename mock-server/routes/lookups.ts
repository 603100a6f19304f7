import { Router } from 'express'
import { z } from 'zod'
import { cnpjSchema } from '../../src/schemas/brazil'
import { messages } from '../../src/schemas/messages'
import { reference } from '../core/reference'
import type { RouteModule } from '../deps'
import { badRequest, handle, parse } from '../http'

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

const cnpjQuerySchema = z.strictObject({ cnpj: cnpjSchema })

/**
 * Stand-ins for the external lookups (PRODUCT.md): ViaCEP's `GET /ws/{cep}/json/` over the fixture
 * CEPs, and the CNPJ registry check `GET /api/cnpj-exists`. Public, as the real services are.
 */
export const lookupsRoutes: RouteModule = {
  contract: [
    {
      method: 'GET',
      route: '/ws/{zip}/json/',
      example: '/ws/01310200/json/',
      access: 'public',
      takesInput: true,
    },
    {
      method: 'GET',
      route: '/api/cnpj-exists',
      example: '/api/cnpj-exists?cnpj=45.218.739/0001-02',
      access: 'public',
      takesInput: true,
    },
  ],

  create: () => {
    const router = Router()

    // ViaCEP: 8 digits (the mask's hyphen is accepted); a well-formed CEP it does not know answers
    // 200 `{ "erro": true }`, a malformed one 400.
    router.get(
      ['/ws/:zip/json', '/ws/:zip/json/'],
      handle((req) => {
        const zip = (req.params.zip ?? '').replace('-', '')
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
      }),
    )

    router.get(
      '/api/cnpj-exists',
      handle((req) => {
        const { cnpj } = parse(cnpjQuerySchema, req.query)
        return { exists: reference().registry.has(cnpj) }
      }),
    )

    return router
  },
}
