import { z } from 'zod'
import { citySchema, citySearchQuerySchema } from '../../src/schemas/city'
import { listOf, recordOf } from '../../src/schemas/common'
import { endpoint, type Call } from '../api'
import { notFound } from '../http'
import { cityDirectory } from '../reference/cities'

// The 5,571 municipalities (docs/product.md §7: `GET /api/city-search`, q, limit 5): a search,
// accent- and case-insensitive, and the city of a city page. Same-origin calls: the web server
// proxies /api here.

function searchCities({ query }: Call<{ query: z.output<typeof citySearchQuerySchema> }>) {
  const found = cityDirectory().search(query.q)
  return { data: found.slice(0, query.limit), total: found.length }
}

function getCity({ params }: Call<{ params: { slug: string } }>) {
  const city = cityDirectory().bySlug.get(params.slug.toLowerCase())
  if (!city) throw notFound('Cidade não encontrada.')
  return { data: city }
}

export const cityEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/city-search',
    summary: 'Municipalities by name: q, limit (5), accent- and case-insensitive.',
    access: 'public',
    query: citySearchQuerySchema,
    answers: { 200: listOf(citySchema) },
    handler: searchCities,
  }),
  endpoint({
    method: 'GET',
    path: '/api/cities/{slug}',
    summary: 'The municipality of a city page.',
    access: 'public',
    params: z.object({ slug: z.string() }),
    answers: { 200: recordOf(citySchema) },
    errors: [404],
    handler: getCity,
  }),
]
