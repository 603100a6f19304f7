import type { Cnae, CnaeServer } from '@/schemas/cnae'
import type { List } from '@/schemas/common'
import { api } from '@/services/api'
import { toCnae } from './map'

// `GET /cnaes` and `GET /cnaes/{code}` (docs/product.md §7), public: no token.

export type CnaeSearch = { search?: string; limit?: number; offset?: number; isActive?: boolean }

/** docs/product.md §9: lists page by 10. */
export const CNAE_PAGE_SIZE = 10

export async function searchCnaes(
  { search, limit = CNAE_PAGE_SIZE, offset = 0, isActive }: CnaeSearch,
  signal?: AbortSignal,
): Promise<List<Cnae>> {
  const answer = await api.get<List<CnaeServer>>('/cnaes', {
    query: { search: search?.trim() || undefined, limit, offset, isActive },
    auth: false,
    signal,
  })
  return { total: answer.total, data: answer.data.map(toCnae) }
}

export async function fetchCnae(code: string, signal?: AbortSignal): Promise<Cnae> {
  const answer = await api.get<{ data: CnaeServer }>(`/cnaes/${encodeURIComponent(code)}`, {
    auth: false,
    signal,
  })
  return toCnae(answer.data)
}
