import { Router } from 'express'
import { companiesOf, isSystemAdmin } from '../../src/schemas/claims'
import { assertCompanyAccess, callerOf } from '../auth'
import type { RouteModule } from '../deps'
import { handle, notFound } from '../http'

/** Companies (SPEC section 7 "Companies"). */
export const companiesRoutes: RouteModule = {
  contract: [
    { method: 'GET', route: '/companies/me', example: '/companies/me', access: 'signed-in' },
    {
      method: 'GET',
      route: '/companies/{id}',
      example: '/companies/cmp-ana-design',
      access: 'company',
    },
    {
      method: 'GET',
      route: '/companies/{id}/steps',
      example: '/companies/cmp-ana-design/steps',
      access: 'company',
    },
  ],
  create: ({ store, auth }) => {
    const router = Router()

    const findCompany = (id: string) => {
      const company = store.data.companies.find((c) => c.id === id)
      if (!company) throw notFound('Empresa não encontrada.')
      return company
    }

    // The caller's own companies, for the session and the company selector.
    router.get(
      '/companies/me',
      auth.authenticate,
      handle((req) => {
        const caller = callerOf(req)
        const ids = new Set(companiesOf(caller.claims))
        const data =
          isSystemAdmin(caller.claims) && ids.size === 0
            ? []
            : store.data.companies.filter((c) => ids.has(c.id))
        return { data, total: data.length }
      }),
    )

    router.get(
      '/companies/:id',
      auth.authenticate,
      handle((req) => {
        const id = assertCompanyAccess(callerOf(req), req.params.id)
        return { data: findCompany(id) }
      }),
    )

    router.get(
      '/companies/:id/steps',
      auth.authenticate,
      handle((req) => {
        const id = assertCompanyAccess(callerOf(req), req.params.id)
        findCompany(id)
        const track = store.data.tracks.find((t) => t.companyId === id)
        if (!track) throw notFound('Trilha da empresa não encontrada.')
        const { companyId: _companyId, ...data } = track
        return { data }
      }),
    )

    return router
  },
}
