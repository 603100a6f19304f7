import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'

export const INVITES_PAGE_SIZE = 10
export const inviteTabs = ['pendentes', 'aceitos'] as const
export type InviteTab = (typeof inviteTabs)[number]

/** /app/user/my-invites search params: which list of sent invites, and its page. */
export const invitesSearchSchema = lazySearch(() =>
  z.object({
    aba: z.enum(inviteTabs).optional().catch(undefined),
    pagina: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
  }),
)
