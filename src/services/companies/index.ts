// Companies and their tracks: shared by the session, the panel, the wizards and the back office.
export { companyKeys } from './keys'
export { companyQueryOptions, getCompany, useCompany } from './get-company'
export { companyStepsQueryOptions, getCompanySteps, useCompanySteps } from './get-company-steps'
export {
  companiesQueryOptions,
  listCompanies,
  useCompanies,
  type ListCompaniesInput,
} from './list-companies'
export { listMyCompanies, myCompaniesQueryOptions, useMyCompanies } from './list-my-companies'
