import { Router } from 'express'
import { z } from 'zod'
import { areaFixtureSchema, type AreaServer } from '../../../src/schemas/area'
import type { RouteModule } from '../../deps'
import { handle, notFound } from '../../http'
import { cnaeCatalog } from '../../reference/cnaes'
import { fixture } from '../../seed/core'

/** Practice areas behind /areas/{slug} (SPEC section 7 `GET /areas/{slug}`). */
export const areasRoutes: RouteModule = {
  create: () => {
    const router = Router()
    const catalog = cnaeCatalog()
    const areas = new Map<string, AreaServer>(
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

    router.get(
      '/areas/:slug',
      handle((req) => {
        const area = areas.get(String(req.params.slug).toLowerCase())
        if (!area) throw notFound('Área de atuação não encontrada.')
        return { data: area }
      }),
    )

    return router
  },
}
