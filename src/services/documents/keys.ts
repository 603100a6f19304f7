import type { z } from 'zod'
import type { documentListQuerySchema } from '@/schemas/document'

// The inputs of the feature's lists live beside their keys (each list's fetcher imports them
// from here), so the factory depends on schemas only and no list file imports back into it.
export type ListDocumentsInput = z.input<typeof documentListQuerySchema>

/**
 * Query keys of a company's documents (CONTRIBUTING.md "Data through the router"): every key
 * starts with the company, so a company switch never shows another company's documents.
 */
export const documentKeys = {
  all: ['documents'] as const,
  company: (companyId: string) => [...documentKeys.all, companyId] as const,
  lists: (companyId: string) => [...documentKeys.company(companyId), 'list'] as const,
  list: (input: ListDocumentsInput) => [...documentKeys.lists(input.companyId), input] as const,
}
