import { Router } from 'express'
import { citySearchQuerySchema } from '../../../src/schemas/city'
import type { RouteModule } from '../../deps'
import { handle, notFound, parse } from '../../http'
import { cityDirectory } from '../../reference/cities'

/**
 * City search over the 5,571 municipalities (SPEC section 7: `GET /api/city-search`, q, limit 5),
 * accent- and case-insensitive, and the city of a city page by its slug. Same-origin calls: the
 * web server proxies /api here.
 */
export const citiesRoutes: RouteModule = {
  create: () => {
    const router = Router()
    const directory = cityDirectory()

    router.get(
      '/api/city-search',
      handle((req) => {
        const { q, limit } = parse(citySearchQuerySchema, req.query)
        const found = directory.search(q)
        return { data: found.slice(0, limit), total: found.length }
      }),
    )

    router.get(
      '/api/cities/:slug',
      handle((req) => {
        const city = directory.bySlug.get(String(req.params.slug).toLowerCase())
        if (!city) throw notFound('Cidade não encontrada.')
        return { data: city }
      }),
    )

    return router
  },
}
