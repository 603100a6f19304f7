import { z } from 'zod'
import { recordOf } from '../../src/schemas/common'
import { linkAliasSchema, linkResolutionSchema, type LinkResolution } from '../../src/schemas/link'
import { endpoint, type Call } from '../api'
import { notFound } from '../http'

// Referral links (docs/product.md §7 `GET /links/{alias}`): the site's named links, then any user's
// own referral code, case-insensitive. Answers the code sign-up keeps as `indicatedBy`.

const NOT_FOUND = 'Link de indicação não encontrado ou encerrado.'

function resolveLink({ store, params }: Call<{ params: { alias: string } }>) {
  const alias = params.alias
  const wanted = alias.toLowerCase()
  const firstName = (name: string) => name.split(' ')[0] ?? null
  const link = store.links.all().find((item) => item.alias.toLowerCase() === wanted)
  if (link) {
    if (!link.active) throw notFound(NOT_FOUND)
    const user = link.userId ? store.users.get(link.userId) : undefined
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
  const user = store.users
    .all()
    .find((item) => item.referralCode?.toLowerCase() === wanted && !item.disabled)
  if (!user?.referralCode) throw notFound(NOT_FOUND)
  const data: LinkResolution = {
    alias,
    code: user.referralCode,
    referrerFirstName: firstName(user.name),
    label: null,
  }
  return { data }
}

export const linkEndpoints = [
  endpoint({
    method: 'GET',
    path: '/links/{alias}',
    summary: 'A referral link: the code sign-up keeps, and who referred.',
    access: 'public',
    params: z.object({ alias: linkAliasSchema }),
    answers: { 200: recordOf(linkResolutionSchema) },
    errors: [404],
    handler: resolveLink,
  }),
]
