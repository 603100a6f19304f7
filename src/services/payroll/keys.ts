/** Query keys of a company's payroll, by month (every key starts with the company). */
export const payrollKeys = {
  all: ['payroll'] as const,
  company: (companyId: string) => [...payrollKeys.all, companyId] as const,
  month: (companyId: string, period: string) =>
    [...payrollKeys.company(companyId), period] as const,
}
