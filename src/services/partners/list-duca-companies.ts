import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { listOf, pageQuerySchema, type List } from '@/schemas/common'
import { ducaReferredCompanySchema, type DucaReferredCompany } from '@/schemas/engagement'
import { api } from '@/services/api'
import { partnerKeys } from './keys'

export const listDucaCompaniesInputSchema = pageQuerySchema(10).strict()
export type ListDucaCompaniesInput = z.input<typeof listDucaCompaniesInputSchema>

/** GET /partners/duca/companies: the companies the partner brought, 10 a page. */
export async function listDucaCompanies(
  input: ListDucaCompaniesInput,
  signal?: AbortSignal,
): Promise<List<DucaReferredCompany>> {
  const query = listDucaCompaniesInputSchema.parse(input)
  return api.get('/partners/duca/companies', {
    query,
    schema: listOf(ducaReferredCompanySchema),
    signal,
  })
}

export const ducaCompaniesQueryOptions = (uid: string, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: partnerKeys.companyPage(uid, page),
    queryFn: ({ signal }) => listDucaCompanies(page, signal),
    placeholderData: keepPreviousData,
  })
