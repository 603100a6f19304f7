/**
 * Query keys of the panel's reports (CONTRIBUTING.md "Data through the router"): every key starts
 * with the company, so a company switch never shows another company's numbers.
 */
export const panelKeys = {
  all: ['panel'] as const,
  company: (companyId: string) => [...panelKeys.all, companyId] as const,
  anualBilling: (companyId: string) => [...panelKeys.company(companyId), 'anual-billing'] as const,
  byCategory: (companyId: string, period: string) =>
    [...panelKeys.company(companyId), 'by-category', period] as const,
}
