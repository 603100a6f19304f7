import { z } from 'zod'

export const REFERRALS_PAGE_SIZE = 10

/** /app/user/my-referrals search params. */
export const referralsSearchSchema = z.object({
  pagina: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
})
