import type { RouteModule } from '../deps'
import { areasRoutes } from './areas'
import { citiesRoutes } from './cities'
import { cnaesRoutes } from './cnaes'
import { contentRoutes } from './content'
import { leadsRoutes } from './leads'
import { linksRoutes } from './links'

/** The public site's areas: content stand-in, CNAEs, cities, leads, referral links, areas. */
export const publicRoutes: RouteModule[] = [
  contentRoutes,
  cnaesRoutes,
  citiesRoutes,
  leadsRoutes,
  linksRoutes,
  areasRoutes,
]
