import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
// Light modules only: the route's search parsing is in the app's first chunk.
import { addMonths } from '@/kernel/dates'
import { competenceSchema, todayInBrazil } from '@/schemas/finance-common'
import { monthStatusSchema, queueSortSchema } from '@/schemas/simples/queue-params'
import type { ListQueueInput } from '@/services/simples'
import { pageSearchSchema } from '../companies-search'

/** Companies shown a page of the month-close queue. */
export const QUEUE_PAGE_SIZE = 25

/**
 * `/app/admin/simples` search: the competence (the last month by default), the month's
 * situation, text (name, alias or CNPJ), order and page; a bad value falls back to the default.
 */
export const queueSearchSchema = lazySearch(() =>
  z.object({
    competencia: competenceSchema.optional().catch(undefined),
    status: monthStatusSchema.optional().catch(undefined),
    /** Only the months whose DAS is past due and unpaid ("Atrasados"). */
    atrasados: z.boolean().optional().catch(undefined),
    query: z.string().trim().max(100).optional().catch(undefined),
    sort: queueSortSchema.optional().catch(undefined),
    page: pageSearchSchema,
  }),
)
export type QueueSearch = SearchOf<typeof queueSearchSchema>

/** The competence a search shows: the month before this one unless it names another. */
export const queuePeriod = (search: Pick<QueueSearch, 'competencia'>) =>
  search.competencia ?? addMonths(todayInBrazil().slice(0, 7), -1)

export const queueListInput = (search: QueueSearch): ListQueueInput => ({
  period: queuePeriod(search),
  status: search.status,
  overdue: search.atrasados ? 'true' : undefined,
  query: search.query || undefined,
  sort: search.sort,
  limit: QUEUE_PAGE_SIZE,
  offset: ((search.page ?? 1) - 1) * QUEUE_PAGE_SIZE,
})
