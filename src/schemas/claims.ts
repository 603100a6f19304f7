import { z } from 'zod'

export const roles = ['system-admin', 'company-admin'] as const
export const roleSchema = z.enum(roles)
export type Role = z.infer<typeof roleSchema>

/** Custom claims on the Firebase ID token (docs/product.md §6 "Roles and gates"). */
export const claimsSchema = z.object({
  roles: z.array(roleSchema).default([]),
  companies: z.array(z.string()).optional(),
  companyId: z.string().optional(),
})
export type Claims = z.infer<typeof claimsSchema>

export const hasRole = (claims: Pick<Claims, 'roles'> | null | undefined, role: Role) =>
  Boolean(claims?.roles?.includes(role))

export const isSystemAdmin = (claims: Pick<Claims, 'roles'> | null | undefined) =>
  hasRole(claims, 'system-admin')

/** Companies the claims give access to (the list plus the current one). */
export const companiesOf = (claims: Claims | null | undefined): string[] => {
  if (!claims) return []
  const ids = [...(claims.companies ?? [])]
  if (claims.companyId && !ids.includes(claims.companyId)) ids.push(claims.companyId)
  return ids
}

/**
 * The custom claims the identity service keeps for a user (docs/product.md §6 "Roles and gates"):
 * their roles and companies, the first one as the current company.
 */
export const claimsOf = (user: { roles: Role[]; companies: string[] }): Claims => ({
  roles: user.roles,
  companies: user.companies,
  ...(user.companies[0] ? { companyId: user.companies[0] } : {}),
})
