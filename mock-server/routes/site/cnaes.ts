import { Router } from 'express'
import { cnaeListQuerySchema } from '../../../src/schemas/cnae'
import { cnaeDigits } from '../../../src/schemas/slug'
import type { RouteModule } from '../../deps'
import { badRequest, handle, notFound, paginate, parse } from '../../http'
import { cnaeCatalog } from '../../reference/cnaes'

/** CNAE 2.3 subclasses (SPEC section 7 "Reference data"), snake_case as SPEC section 3 says. */
export const cnaesRoutes: RouteModule = {
  create: () => {
    const router = Router()
    const catalog = cnaeCatalog()

    router.get(
      '/cnaes',
      handle((req) => {
        const query = parse(cnaeListQuerySchema, req.query)
        return paginate(catalog.search(query), query)
      }),
    )

    router.get(
      '/cnaes/:code',
      handle((req) => {
        const raw = String(req.params.code)
        const code = cnaeDigits(raw)
        if (code.length !== 7 || raw.length > 12)
          throw badRequest('Código CNAE inválido: use os 7 dígitos da subclasse, como 6201-5/01.')
        const record = catalog.byCode.get(code)
        if (!record) throw notFound(`CNAE ${raw} não encontrado.`)
        return { data: record }
      }),
    )

    return router
  },
}
