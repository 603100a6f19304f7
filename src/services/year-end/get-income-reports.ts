import { queryOptions } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import { incomeReportsSchema, type IncomeReports } from '@/schemas/year-end'
import { api } from '@/services/api'
import { yearPath, type CompanyYearInput } from './company-year'
import { yearEndKeys } from './keys'

/** GET /companies/{id}/income-reports/{year}: each partner's income report of the year. */
export async function getIncomeReports(
  input: CompanyYearInput,
  signal?: AbortSignal,
): Promise<IncomeReports> {
  const { data } = await api.get(yearPath('income-reports', input), {
    schema: recordOf(incomeReportsSchema),
    signal,
  })
  return data
}

export const incomeReportsQueryOptions = (companyId: string, year: number) =>
  queryOptions({
    queryKey: yearEndKeys.incomeReports(companyId, year),
    queryFn: ({ signal }) => getIncomeReports({ companyId, year }, signal),
  })
