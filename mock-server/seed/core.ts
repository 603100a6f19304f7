import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { companySchema } from '../../src/schemas/company'
import { trackSchema } from '../../src/schemas/track'
import { roleSchema } from '../../src/schemas/claims'
import type { User } from '../../src/schemas/user'
import type { Company } from '../../src/schemas/company'
import type { Track } from '../../src/schemas/track'

/** Reads a JSON file from `fixtures/`. */
export const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'))

export type TrackRecord = Track & { companyId: string }

/** Users, companies and their tracks. */
export type CoreData = {
  users: User[]
  companies: Company[]
  tracks: TrackRecord[]
}

/** The demo accounts of PRODUCT.md, also seeded into the Auth emulator. */
export const demoAccountSchema = z.object({
  uid: z.string(),
  email: z.email(),
  password: z.string().min(8),
  name: z.string(),
  phone: z.string(),
  roles: z.array(roleSchema),
  companies: z.array(z.string()),
  createdAt: z.iso.datetime(),
})
export type DemoAccount = z.infer<typeof demoAccountSchema>

export const loadDemoAccounts = (): DemoAccount[] =>
  z.array(demoAccountSchema).parse(fixture('accounts.json'))

/** Custom claims of an account (PRODUCT.md "Roles and gates"). */
export const claimsOf = (account: Pick<DemoAccount, 'roles' | 'companies'>) => ({
  roles: account.roles,
  companies: account.companies,
  ...(account.companies[0] ? { companyId: account.companies[0] } : {}),
})

export const referralCodeOf = (name: string, uid: string) => {
  const first = (name.split(' ')[0] ?? 'cliente')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
  let hash = 0
  for (const char of uid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return `${first}${(hash % 9000) + 1000}`
}

/** Builds the core data from `fixtures/`, validating every record by its schema. */
export function seedCore(): CoreData {
  const users: User[] = loadDemoAccounts().map((account) => ({
    id: account.uid,
    email: account.email,
    name: account.name,
    phone: account.phone,
    roles: account.roles,
    companies: account.companies,
    indicatedBy: null,
    referralCode: referralCodeOf(account.name, account.uid),
    disabled: false,
    createdAt: account.createdAt,
  }))
  const companies = z.array(companySchema).parse(fixture('companies.json'))
  const tracks = z
    .array(trackSchema.extend({ companyId: z.string() }))
    .parse(fixture('tracks.json'))
  return { users, companies, tracks }
}
