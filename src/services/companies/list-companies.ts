import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import { companyListQuerySchema, companySchema, type Company } from '@/schemas/company'
import { api } from '@/services/api'
import { companyKeys, type ListCompaniesInput } from './keys'

/** GET /companies (docs/product.md §7): search by name, alias or CNPJ; 25 a page (all, for admins). */
export const listCompaniesInputSchema = companyListQuerySchema
export type { ListCompaniesInput } from './keys'

export async function listCompanies(
  input: ListCompaniesInput,
  signal?: AbortSignal,
): Promise<List<Company>> {
  const query = listCompaniesInputSchema.parse(input)
  return api.get('/companies', { query, schema: listOf(companySchema), signal })
}

export const companiesQueryOptions = (input: ListCompaniesInput) =>
  queryOptions({
    queryKey: companyKeys.list(input),
    queryFn: ({ signal }) => listCompanies(input, signal),
    placeholderData: keepPreviousData,
  })

export const useCompanies = (input: ListCompaniesInput) => useQuery(companiesQueryOptions(input))
