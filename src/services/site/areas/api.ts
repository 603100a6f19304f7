import type { AreaServer } from '@/schemas/area'
import type { Cnae } from '@/schemas/cnae'
import { api } from '@/services/api'
import { toCnae } from '../cnaes/map'

export type Area = Omit<AreaServer, 'activities'> & { activities: Cnae[] }

/** `GET /areas/{slug}` (docs/product.md §7); the page logs a failure and renders without it. */
export async function fetchArea(slug: string, signal?: AbortSignal): Promise<Area> {
  const answer = await api.get<{ data: AreaServer }>(`/areas/${encodeURIComponent(slug)}`, {
    auth: false,
    signal,
  })
  return { ...answer.data, activities: answer.data.activities.map(toCnae) }
}
