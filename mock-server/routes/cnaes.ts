import { z } from 'zod'
import { listOf, recordOf } from '../../src/schemas/common'
import { cnaeListQuerySchema, cnaeServerSchema } from '../../src/schemas/cnae'
import { cnaeDigits } from '../../src/schemas/slug'
import { endpoint, type Call } from '../api'
import { badRequest, notFound, paginate } from '../http'
import { cnaeCatalog } from '../reference/cnaes'

// CNAE 2.3 subclasses (docs/product.md §7 "Reference data"), snake_case as docs/product.md §3 says.

function searchCnaes({ query }: Call<{ query: z.output<typeof cnaeListQuerySchema> }>) {
  return paginate(cnaeCatalog().search(query), query)
}

/** One subclass with its hierarchy, MEI, fator R and annex; by its 7 digits (a mask is fine). */
function getCnae({ params }: Call<{ params: { code: string } }>) {
  const raw = params.code
  const code = cnaeDigits(raw)
  if (code.length !== 7 || raw.length > 12)
    throw badRequest('Código CNAE inválido: use os 7 dígitos da subclasse, como 6201-5/01.')
  const record = cnaeCatalog().byCode.get(code)
  if (!record) throw notFound(`CNAE ${raw} não encontrado.`)
  return { data: record }
}

export const cnaeEndpoints = [
  endpoint({
    method: 'GET',
    path: '/cnaes',
    summary: 'CNAE subclasses: search, isActive, paged.',
    access: 'public',
    query: cnaeListQuerySchema,
    answers: { 200: listOf(cnaeServerSchema) },
    handler: searchCnaes,
  }),
  endpoint({
    method: 'GET',
    path: '/cnaes/{code}',
    summary: 'One CNAE subclass with hierarchy, MEI, fator R, annex.',
    access: 'public',
    params: z.object({ code: z.string() }),
    answers: { 200: recordOf(cnaeServerSchema) },
    errors: [404],
    handler: getCnae,
  }),
]
