import type { CompanyResult } from '@/machines/session'
import { getCompany } from '../companies/get-company'
import { getCompanySteps } from '../companies/get-company-steps'

/** SPEC section 4: the company and its steps, loaded in parallel. */
export async function loadCompanyAndTrack(companyId: string): Promise<CompanyResult> {
  const [company, track] = await Promise.all([getCompany(companyId), getCompanySteps(companyId)])
  return { company, track }
}
