import { Router } from 'express'
import type { RouteModule } from '../../deps'
import { areasRoutes } from './areas'
import { citiesRoutes } from './cities'
import { cnaesRoutes } from './cnaes'
import { contentRoutes } from './content'
import { leadsRoutes } from './leads'
import { linksRoutes } from './links'

const parts = [contentRoutes, cnaesRoutes, citiesRoutes, leadsRoutes, linksRoutes, areasRoutes]

/**
 * The public site's API (no token): the content stand-in, CNAEs, cities, leads, referral links and
 * practice areas, one file each in this folder.
 */
export const siteRoutes: RouteModule = {
  create: (deps) => {
    const router = Router()
    for (const part of parts) router.use(part.create(deps))
    return router
  },
}
