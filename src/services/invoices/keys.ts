import type { z } from 'zod'
import type { nfsRequestListQuerySchema } from '@/schemas/invoice'

// The inputs of the feature's lists live beside their keys (each list's fetcher imports them
// from here), so the factory depends on schemas only and no list file imports back into it.
export type ListInvoiceRequestsInput = z.input<typeof nfsRequestListQuerySchema>

/**
 * Query keys of a company's invoices (CONTRIBUTING.md "Data through the router"): requests and
 * schedules in their own branches under the company, so a schedule change never refetches the
 * requests list (and a company switch never shows another company's invoices).
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  company: (companyId: string) => [...invoiceKeys.all, companyId] as const,
  requests: (companyId: string) => [...invoiceKeys.company(companyId), 'requests'] as const,
  requestList: (input: ListInvoiceRequestsInput) =>
    [...invoiceKeys.requests(input.companyId), 'list', input] as const,
  request: (companyId: string, requestId: string) =>
    [...invoiceKeys.requests(companyId), 'detail', requestId] as const,
  schedulers: (companyId: string) => [...invoiceKeys.company(companyId), 'schedulers'] as const,
  services: (companyId: string) => [...invoiceKeys.company(companyId), 'services'] as const,
  /** Municipalities are reference data, the same for every company. */
  municipalities: (query: string) => [...invoiceKeys.all, 'municipalities', query] as const,
}
