import { z } from 'zod'
import { formatMobile } from '../../src/schemas/brazil'
import { roleSchema } from '../../src/schemas/claims'
import { companySchema } from '../../src/schemas/company'
import { stepPayloadSchemas } from '../../src/schemas/steps'
import { trackSchema } from '../../src/schemas/track'
import type { User } from '../../src/schemas/user'
import { trackSnapshotOf } from '../../src/machines/track'
import { referralCodeOf } from '../domain/companies/people'
import { fixture, loadFixture } from '../fixtures'
import type { Model } from '../model'

/** Users, companies and their tracks. */
export type CoreData = Pick<Model, 'users' | 'companies' | 'tracks'>

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

/** Password of the other fixture users (company owners, partners), as for the demo clients. */
export const FIXTURE_USER_PASSWORD = 'Cliente#2026'

/** The other people of the fixtures (owners of the other companies, partners, members). */
const fixtureUserSchema = demoAccountSchema
  .omit({ password: true })
  .extend({ indicatedBy: z.string().nullable() })

/** Every account of the fixtures: the demo accounts first, then the other users. */
export function loadAccounts(): Array<DemoAccount & { indicatedBy: string | null }> {
  const demo = loadDemoAccounts().map((account) => ({ ...account, indicatedBy: null }))
  const others = loadFixture('users.json', z.array(fixtureUserSchema)).map((user) => ({
    ...user,
    password: FIXTURE_USER_PASSWORD,
  }))
  return [...demo, ...others]
}

const trackRecordSchema = trackSchema
  .extend({ companyId: z.string() })
  .superRefine((track, context) => {
    try {
      trackSnapshotOf(track)
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message })
    }
    track.steps.forEach((step, index) => {
      if (step.status !== 'done') return
      const payload = stepPayloadSchemas[step.stepId].safeParse(step.payload)
      if (!payload.success)
        context.addIssue({
          code: 'custom',
          path: ['steps', index, 'payload', ...payload.error.issues[0]!.path.map(String)],
          message: `${step.stepId}: ${payload.error.issues[0]!.message}`,
        })
    })
  })

/** Builds the core data from `fixtures/`, validating every record by its schema. */
export function seedCore(): CoreData {
  const users: User[] = loadAccounts().map((account) => ({
    id: account.uid,
    email: account.email,
    name: account.name,
    phone: formatMobile(account.phone),
    roles: account.roles,
    companies: account.companies,
    indicatedBy: account.indicatedBy,
    referralCode: referralCodeOf(account.name, account.uid),
    disabled: false,
    createdAt: account.createdAt,
  }))
  const companies = loadFixture('companies.json', z.array(companySchema))
  const tracks = loadFixture('tracks.json', z.array(trackRecordSchema))
  const companyIds = new Set(companies.map((company) => company.id))
  for (const track of tracks)
    if (!companyIds.has(track.companyId))
      throw new Error(`fixtures/tracks.json: unknown company ${track.companyId}`)
  for (const company of companies) {
    const track = tracks.find((t) => t.companyId === company.id)
    if (!track || track.trackId !== company.trackId)
      throw new Error(`fixtures/tracks.json: ${company.id} needs its ${company.trackId} track`)
  }
  return { users, companies, tracks }
}
