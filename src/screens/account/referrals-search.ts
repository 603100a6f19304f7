import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'

export const REFERRALS_PAGE_SIZE = 10

/** /app/user/my-referrals search params. */
export const referralsSearchSchema = lazySearch(() =>
  z.object({
    pagina: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
  }),
)
