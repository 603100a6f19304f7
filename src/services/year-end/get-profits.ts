import { queryOptions } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import { profitsSchema, type Profits } from '@/schemas/year-end'
import { api } from '@/services/api'
import { yearPath, type CompanyYearInput } from './company-year'
import { yearEndKeys } from './keys'

/**
 * GET /companies/{id}/profits/{year}: the profits the partners may take tax-free, what was
 * distributed and withheld, each distribution with its DARF 1841.
 */
export async function getProfits(input: CompanyYearInput, signal?: AbortSignal): Promise<Profits> {
  const { data } = await api.get(yearPath('profits', input), {
    schema: recordOf(profitsSchema),
    signal,
  })
  return data
}

export const profitsQueryOptions = (companyId: string, year: number) =>
  queryOptions({
    queryKey: yearEndKeys.profits(companyId, year),
    queryFn: ({ signal }) => getProfits({ companyId, year }, signal),
  })
