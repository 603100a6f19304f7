import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { calendarDateSchema } from '@/schemas/finance-common'
import { nfsRequestStatusSchema } from '@/schemas/invoice-status'
import type { ListInvoiceRequestsInput } from '@/services/invoices'

/** Requests shown a page (docs/product.md §7: limit 10). */
export const REQUESTS_PAGE_SIZE = 10

export const invoiceTabs = ['solicitacoes', 'agendamentos'] as const

export const receivedFilters = ['recebidas', 'a-receber'] as const
export type ReceivedFilter = (typeof receivedFilters)[number]
export type InvoiceTab = (typeof invoiceTabs)[number]

/**
 * `/app/invoices` search: the tab, the requests' filters (status, month, text), the page and the
 * request open in the side panel; a bad value falls back instead of failing.
 */
export const invoicesSearchSchema = lazySearch(() =>
  z.object({
    tab: z.enum(invoiceTabs).optional().catch(undefined),
    status: nfsRequestStatusSchema.optional().catch(undefined),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional()
      .catch(undefined),
    query: z.string().trim().min(1).max(200).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
    request: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/)
      .optional()
      .catch(undefined),
    /** Bank reconciliation: issued invoices a payment was matched to, or those still to receive. */
    received: z.enum(receivedFilters).optional().catch(undefined),
    // A new request started from elsewhere (a credit without an invoice, "Receita sem nota"): the
    // form opens filled with its value, its day and the taker's CPF or CNPJ.
    draft: z.boolean().optional().catch(undefined),
    value: z.coerce.number().positive().max(100_000_000).optional().catch(undefined),
    date: calendarDateSchema.optional().catch(undefined),
    taker: z
      .string()
      .regex(/^[0-9A-Z]{11,14}$/)
      .optional()
      .catch(undefined),
    /** The payer's name the memo gives beside the document. */
    takerName: z.string().trim().min(2).max(150).optional().catch(undefined),
  }),
)
export type InvoicesSearch = SearchOf<typeof invoicesSearchSchema>

/** The list call a search stands for. */
export const requestsListInput = (
  companyId: string,
  { status, month, query, page, received }: InvoicesSearch,
): ListInvoiceRequestsInput => ({
  companyId,
  status,
  received: received === undefined ? undefined : received === 'recebidas' ? 'true' : 'false',
  date: month,
  query,
  limit: REQUESTS_PAGE_SIZE,
  offset: ((page ?? 1) - 1) * REQUESTS_PAGE_SIZE,
})
