import type { ListDocumentsInput } from './list-documents'

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
