/**
 * Query keys of the wizards (CONTRIBUTING.md "Data through the router"). The company's track and
 * record are `companyKeys.track/detail` (@/services/companies); what is only the wizard's starts
 * with the company id here.
 */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  company: (companyId: string) => [...onboardingKeys.all, companyId] as const,
  /** The Receita's record of the company's CNPJ (download-company-info). */
  registry: (companyId: string) => [...onboardingKeys.company(companyId), 'registry'] as const,
}
