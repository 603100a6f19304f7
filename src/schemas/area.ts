import { z } from 'zod'
import type { CnaeServer } from './cnae'

// Practice areas (docs/product.md §7 `GET /areas/{slug}`): the data behind /areas/{slug} — the
// typical CNAE subclasses of the area, registrations and a checklist. The page's copy comes from
// the content service (story areas/{slug}); this endpoint adds the reference data.

export const areaFixtureSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  summary: z.string(),
  recommendedPlanId: z.string(),
  activities: z.array(z.string().regex(/^\d{7}$/)).min(1),
  registrations: z.array(z.string()).min(1),
  checklist: z.array(z.string()).min(1),
})
export type AreaFixture = z.infer<typeof areaFixtureSchema>

/** `GET /areas/{slug}` answers this in `data`; activities are CNAE records (snake_case). */
export type AreaServer = Omit<AreaFixture, 'activities'> & { activities: CnaeServer[] }
