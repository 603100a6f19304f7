/**
 * Query keys of the Duca partner programme (CONTRIBUTING.md "Data through the router"): the
 * signed-in person's own application and the companies they brought, per user.
 */
export const partnerKeys = {
  all: ['partners'] as const,
  user: (uid: string) => [...partnerKeys.all, uid] as const,
  application: (uid: string) => [...partnerKeys.user(uid), 'duca'] as const,
  companies: (uid: string) => [...partnerKeys.user(uid), 'duca-companies'] as const,
  companyPage: (uid: string, page: { limit: number; offset: number }) =>
    [...partnerKeys.companies(uid), page] as const,
}
