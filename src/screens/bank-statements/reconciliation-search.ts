import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import type { ReconciliationStatus } from '@/schemas/reconciliation'
import type { ListReconciliationInput } from '@/services/bank-statements'

/** Rows a tab shows at a time. */
export const RECONCILIATION_PAGE_SIZE = 10

/** The tabs, as the address names them, and the status each lists. */
export const reconciliationTabs = ['a-conciliar', 'sugestoes', 'conciliadas'] as const
export type ReconciliationTab = (typeof reconciliationTabs)[number]
export const tabStatus: Record<ReconciliationTab, ReconciliationStatus> = {
  'a-conciliar': 'unmatched',
  sugestoes: 'suggested',
  conciliadas: 'matched',
}

/**
 * `/app/bank-statements/reconciliation` search: the tab, its page and an account; a bad value
 * falls back instead of failing.
 */
export const reconciliationSearchSchema = lazySearch(() =>
  z.object({
    tab: z.enum(reconciliationTabs).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
    account: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/)
      .optional()
      .catch(undefined),
  }),
)
export type ReconciliationSearch = SearchOf<typeof reconciliationSearchSchema>

export const tabOf = (search: ReconciliationSearch): ReconciliationTab =>
  search.tab ?? 'a-conciliar'

/** The list call a search stands for. */
export const reconciliationListInput = (
  companyId: string,
  search: ReconciliationSearch,
): ListReconciliationInput => ({
  companyId,
  accountId: search.account,
  status: tabStatus[tabOf(search)],
  limit: RECONCILIATION_PAGE_SIZE,
  offset: ((search.page ?? 1) - 1) * RECONCILIATION_PAGE_SIZE,
})
