import type { QueryClient } from '@tanstack/react-query'
import {
  paymentsQueryOptions,
  plansQueryOptions,
  subscriptionsQueryOptions,
} from '@/services/account'
import { adminUsersQueryOptions, statusHistoryQueryOptions } from '@/services/back-office'
import {
  reconciliationQueryOptions,
  reconciliationSummaryQueryOptions,
} from '@/services/bank-statements'
import { documentsQueryOptions } from '@/services/documents'
import { COMPANY_PAYMENTS_LIMIT, COMPANY_USERS_LIMIT } from './CompanyPeoplePanel'
import { creditsWithoutInvoiceInput, reconciliationMonth } from './CompanyReconciliationPanel'
import { DOCUMENTS_PAGE_SIZE } from './DocumentReview'
import { HISTORY_PAGE_SIZE } from './StatusHistory'
import type { CompanySearch } from './company-search'

/**
 * What a company page's tab reads besides the company and its track, into the cache before it
 * renders (the route's loader): the status history, or the people, billing and documents.
 */
export async function ensureCompanyTabData(
  queryClient: QueryClient,
  companyId: string,
  { tab, docs, historico, mes, semNota }: CompanySearch,
) {
  if (tab === 'conciliacao') {
    const month = reconciliationMonth(mes)
    await Promise.all([
      queryClient.ensureQueryData(reconciliationSummaryQueryOptions({ companyId, period: month })),
      queryClient.ensureQueryData(
        reconciliationQueryOptions(creditsWithoutInvoiceInput(companyId, month, semNota ?? 1)),
      ),
    ])
  }
  if (tab === 'situacao')
    await queryClient.ensureQueryData(
      statusHistoryQueryOptions(companyId, {
        limit: HISTORY_PAGE_SIZE,
        offset: ((historico ?? 1) - 1) * HISTORY_PAGE_SIZE,
      }),
    )
  if (tab === 'pessoas')
    await Promise.all([
      queryClient.ensureQueryData(
        adminUsersQueryOptions({ companyId, limit: COMPANY_USERS_LIMIT }),
      ),
      queryClient.ensureQueryData(subscriptionsQueryOptions(companyId)),
      queryClient.ensureQueryData(
        paymentsQueryOptions(companyId, { limit: COMPANY_PAYMENTS_LIMIT, offset: 0 }),
      ),
      queryClient.ensureQueryData(plansQueryOptions()),
      queryClient.ensureQueryData(
        documentsQueryOptions({
          companyId,
          limit: DOCUMENTS_PAGE_SIZE,
          offset: ((docs ?? 1) - 1) * DOCUMENTS_PAGE_SIZE,
        }),
      ),
    ])
}
