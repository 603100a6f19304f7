import type { Plan } from '@/schemas/billing'

type CompanySize = Plan['sizes'][number]

/**
 * Query keys of the account area (CONTRIBUTING.md "Data through the router"). A company's billing
 * and invites start with the company id, so a company switch never shows another company's data;
 * the person's own data (invites received, referrals) start with the user id.
 */
export const accountKeys = {
  all: ['account'] as const,
  plans: (size: CompanySize | null = null) => [...accountKeys.all, 'plans', size ?? 'all'] as const,
  company: (companyId: string) => [...accountKeys.all, 'company', companyId] as const,
  subscriptions: (companyId: string) =>
    [...accountKeys.company(companyId), 'subscriptions'] as const,
  payments: (companyId: string) => [...accountKeys.company(companyId), 'payments'] as const,
  paymentList: (companyId: string, page: { limit: number; offset: number }) =>
    [...accountKeys.payments(companyId), page] as const,
  invites: (companyId: string) => [...accountKeys.company(companyId), 'invites'] as const,
  /** The company's A1 certificate (it signs the national NFS-e). */
  certificate: (companyId: string) => [...accountKeys.company(companyId), 'certificate'] as const,
  user: (uid: string) => [...accountKeys.all, 'user', uid] as const,
  me: (uid: string) => [...accountKeys.user(uid), 'profile'] as const,
  receivedInvites: (uid: string) => [...accountKeys.user(uid), 'invites-received'] as const,
  emailVerified: (uid: string) => [...accountKeys.user(uid), 'email-verified'] as const,
  referrals: (uid: string) => [...accountKeys.user(uid), 'referrals'] as const,
  referralList: (uid: string, page: { limit: number; offset: number }) =>
    [...accountKeys.referrals(uid), 'list', page] as const,
  referralSummary: (uid: string) => [...accountKeys.referrals(uid), 'summary'] as const,
}
