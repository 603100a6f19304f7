import type { ListQueueInput } from './list-queue'

/**
 * Query keys of the Simples Nacional month, its guides and the month-close queue (CONTRIBUTING.md
 * "Data through the router"): a company's keys start with the company.
 */
export const simplesKeys = {
  all: ['simples'] as const,
  company: (companyId: string) => [...simplesKeys.all, 'company', companyId] as const,
  month: (companyId: string, period: string) =>
    [...simplesKeys.company(companyId), 'month', period] as const,
  guides: (companyId: string) => [...simplesKeys.company(companyId), 'guides'] as const,
  latePayment: (companyId: string, documentId: string, paymentDate: string) =>
    [...simplesKeys.company(companyId), 'late-payment', documentId, paymentDate] as const,
  revenueHistory: (companyId: string) =>
    [...simplesKeys.company(companyId), 'revenue-history'] as const,
  queues: () => [...simplesKeys.all, 'queue'] as const,
  selic: () => [...simplesKeys.all, 'selic'] as const,
  queue: (input: ListQueueInput) => [...simplesKeys.queues(), input] as const,
}
