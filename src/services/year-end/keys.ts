import type { ListYearEndInput } from './list-queue'

/**
 * Query keys of a company's year (profits, income reports, DEFIS, DASN-SIMEI) and of the
 * year-end queue (CONTRIBUTING.md "Data through the router"): a company's keys start with it.
 */
export const yearEndKeys = {
  all: ['year-end'] as const,
  company: (companyId: string) => [...yearEndKeys.all, 'company', companyId] as const,
  profits: (companyId: string, year: number) =>
    [...yearEndKeys.company(companyId), 'profits', year] as const,
  incomeReports: (companyId: string, year: number) =>
    [...yearEndKeys.company(companyId), 'income-reports', year] as const,
  defis: (companyId: string, year: number) =>
    [...yearEndKeys.company(companyId), 'defis', year] as const,
  dasn: (companyId: string, year: number) =>
    [...yearEndKeys.company(companyId), 'dasn', year] as const,
  queues: () => [...yearEndKeys.all, 'queue'] as const,
  queue: (input: ListYearEndInput) => [...yearEndKeys.queues(), input] as const,
}
