import { Router } from 'express'
import { linkAliasSchema, type LinkResolution } from '../../../src/schemas/link'
import type { RouteModule } from '../../deps'
import { handle, notFound, parse } from '../../http'

const NOT_FOUND = 'Link de indicação não encontrado ou encerrado.'

/**
 * Referral links (SPEC section 7 `GET /links/{alias}`): the site's named links, then any user's
 * own referral code, case-insensitive. Answers the code sign-up keeps as `indicatedBy`.
 */
export const linksRoutes: RouteModule = {
  create: ({ store }) => {
    const router = Router()

    router.get(
      '/links/:alias',
      handle((req) => {
        const alias = parse(linkAliasSchema, req.params.alias)
        const wanted = alias.toLowerCase()
        const firstName = (name: string) => name.split(' ')[0] ?? null
        const link = store.data.links.find((item) => item.alias.toLowerCase() === wanted)
        if (link) {
          if (!link.active) throw notFound(NOT_FOUND)
          const user = link.userId ? store.data.users.find((u) => u.id === link.userId) : undefined
          const code = user?.referralCode ?? link.code
          if (!code || (link.userId && (!user || user.disabled))) throw notFound(NOT_FOUND)
          const data: LinkResolution = {
            alias: link.alias,
            code,
            referrerFirstName: user ? firstName(user.name) : null,
            label: link.label,
          }
          return { data }
        }
        const user = store.data.users.find(
          (item) => item.referralCode?.toLowerCase() === wanted && !item.disabled,
        )
        if (!user?.referralCode) throw notFound(NOT_FOUND)
        const data: LinkResolution = {
          alias,
          code: user.referralCode,
          referrerFirstName: firstName(user.name),
          label: null,
        }
        return { data }
      }),
    )

    return router
  },
}
