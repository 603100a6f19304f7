import { z } from 'zod'
import { areaFixtureSchema, type AreaServer } from '../../src/schemas/area'
import { cnaeServerSchema } from '../../src/schemas/cnae'
import { recordOf } from '../../src/schemas/common'
import { endpoint, type Call } from '../api'
import { fixture } from '../fixtures'
import { notFound } from '../http'
import { cnaeCatalog } from '../reference/cnaes'

// Practice areas behind /areas/{slug} (docs/product.md §7 `GET /areas/{slug}`): read-only reference
// data from fixtures/areas.json, each activity with its CNAE record.

let areas: Map<string, AreaServer> | undefined
function areaCatalog() {
  const catalog = cnaeCatalog()
  areas ??= new Map<string, AreaServer>(
    z
      .array(areaFixtureSchema)
      .parse(fixture('areas.json'))
      .map((area) => [
        area.slug,
        {
          ...area,
          activities: area.activities.map((code) => {
            const record = catalog.byCode.get(code)
            if (!record) throw new Error(`areas.json: ${area.slug} names unknown CNAE ${code}`)
            return record
          }),
        },
      ]),
  )
  return areas
}

function getArea({ params }: Call<{ params: { slug: string } }>) {
  const area = areaCatalog().get(params.slug.toLowerCase())
  if (!area) throw notFound('Área de atuação não encontrada.')
  return { data: area }
}

export const areaEndpoints = [
  endpoint({
    method: 'GET',
    path: '/areas/{slug}',
    summary: 'A practice area with its CNAE activities.',
    access: 'public',
    params: z.object({ slug: z.string() }),
    answers: {
      200: recordOf(areaFixtureSchema.extend({ activities: z.array(cnaeServerSchema) })),
    },
    errors: [404],
    handler: getArea,
  }),
]
