import type { z } from 'zod'
import { companiesOf, isSystemAdmin, type Claims } from '../../../src/schemas/claims'
import type {
  Company,
  companyListQuerySchema,
  StatusHistoryEntry,
} from '../../../src/schemas/company'
import {
  openOrderStatuses,
  type Order,
  type orderListQuerySchema,
} from '../../../src/schemas/order'
import { searchKey } from '../../../src/schemas/people'
import {
  migrateAccountantRecordSchema,
  partnerRegistrationBasicSchema,
} from '../../../src/schemas/steps'
import type { StepId } from '../../../src/schemas/track'
import { currentStepOf } from '../../../src/machines/track'
import type { Store } from '../../store/database'
import { JsonText } from '../../store/table'
import { trackOf } from './company-records'
import { ownerOf } from './people'
import { stepMessagesServer } from './steps'
import { transferLetterFileName, transferLetterPdf } from './transfer-letter'
import { notFound } from '../errors'

// What the companies context shows (the `/companies*` reads of mock-server/routes/companies.ts):
// the lists, an order's progress, the status history, the transfer letter.

/** A page of a list: `limit` items from `offset`, and how many there are in all. */
type Page = { limit: number; offset: number }
const pageOf = <T>(items: readonly T[], page: Page) => ({
  data: items.slice(page.offset, page.offset + page.limit),
  total: items.length,
})

/** A company as an opening or migration order (admin screens). */
export function orderOf(store: Store, company: Company): Order {
  const track = trackOf(store, company.id)
  const owner = ownerOf(store, company)
  const plan = company.currentSubscription
    ? store.plans.get(company.currentSubscription.planId)
    : undefined
  return {
    id: company.id,
    company: {
      id: company.id,
      name: company.name,
      alias: company.alias,
      cnpj: company.cnpj,
      status: company.status,
      trackId: company.trackId,
      createdAt: company.createdAt,
      updatedAt: company.updatedAt,
    },
    owner: owner
      ? { id: owner.id, name: owner.name, email: owner.email, phone: owner.phone }
      : null,
    track: {
      status: track.status,
      currentStep: currentStepOf(track),
      done: track.steps.filter((step) => step.status === 'done').length,
      total: track.steps.length,
      steps: track.steps.map(({ stepId, status, updatedAt }) => ({ stepId, status, updatedAt })),
    },
    subscription: company.currentSubscription,
    planName: plan?.name ?? null,
  }
}

type CompanyNames = Pick<Company, 'name' | 'alias' | 'cnpj'>

const matchesQuery = (company: CompanyNames, query: string | undefined) => {
  if (!query) return true
  const key = searchKey(query)
  const digits = query.replace(/[^0-9a-zA-Z]/g, '').toUpperCase()
  return (
    searchKey(company.name).includes(key) ||
    (company.alias !== null && searchKey(company.alias).includes(key)) ||
    (digits.length >= 3 && company.cnpj !== null && company.cnpj.includes(digits))
  )
}

/** The caller's own companies, for the session and the company selector. */
export function companiesOfCaller(store: Store, claims: Claims) {
  const data = companiesOf(claims)
    .map((id) => store.companies.get(id))
    .filter((company) => company !== undefined)
  return { data, total: data.length }
}

/** Every company for an admin, a client's own; filtered, sorted by name or last change. */
export function listCompanies(
  store: Store,
  claims: Claims,
  q: z.output<typeof companyListQuerySchema>,
) {
  // By name is the pt-BR order the table keeps (`nameRank`); by last change, newest first.
  const order = q.sort === 'updated' ? 'updatedAt DESC, nameRank' : 'nameRank'
  const where = {
    status: q.status,
    trackId: q.trackId,
    id: isSystemAdmin(claims) ? undefined : companiesOf(claims),
  }
  // A page straight from the index; a search looks at the names and CNPJs first.
  if (!q.query) return store.companies.pageJson({ where, order, limit: q.limit, offset: q.offset })
  const found = (
    store.companies.rows(['id', 'name', 'alias', 'cnpj'], { where, order }) as Array<
      CompanyNames & { id: string }
    >
  ).filter((company) => matchesQuery(company, q.query))
  const page = store.companies.docsOfKeys(pageOf(found, q).data.map((company) => company.id))
  return JsonText.page(page, found.length)
}

/** The opening or migration orders: the track's companies still open (or all), newest first. */
export function listOrders(
  store: Store,
  trackId: keyof typeof openOrderStatuses,
  q: z.output<typeof orderListQuerySchema>,
) {
  const open: readonly string[] = openOrderStatuses[trackId]
  const list = store.companies
    .find({ where: { trackId, status: q.status } })
    .filter((c) => (q.all === 'true' || open.includes(c.status)) && matchesQuery(c, q.query))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const page = pageOf(list, q)
  return { data: page.data.map((company) => orderOf(store, company)), total: page.total }
}

/** Who made a status change, by name; null for the system (payments, the overdue sweep). */
const changedByName = (store: Store, by: string) => {
  if (by === 'system') return null
  return store.users.get(by)?.name ?? 'Usuário removido'
}

/** The company's status changes, newest first, who by name. */
export function statusHistoryOf(store: Store, company: Company, q: Page) {
  const page = pageOf([...company.statusHistory].reverse(), q)
  const data: StatusHistoryEntry[] = page.data.map((change) => ({
    ...change,
    byName: changedByName(store, change.by),
  }))
  return { data, total: page.total }
}

/** The transfer letter of a migration (a PDF), once the current accountant's step is done. */
export async function transferLetterOf(store: Store, company: Company) {
  if (company.trackId !== 'migrate-company') throw notFound(stepMessagesServer.letterOpeningTrack)
  const track = trackOf(store, company.id)
  const stepOf = (stepId: StepId) => track.steps.find((step) => step.stepId === stepId)
  const accountantStep = stepOf('migrate-accountant')
  if (accountantStep?.status !== 'done') throw notFound(stepMessagesServer.letterNotReady)
  const accountant = migrateAccountantRecordSchema.parse(accountantStep.payload)
  const partners = partnerRegistrationBasicSchema.safeParse(
    stepOf('partner-registration-basic')?.payload,
  )
  const pdf = await transferLetterPdf({
    company,
    partners: partners.success ? partners.data.partners : [],
    accountant,
    issuedAt: new Date(accountantStep.updatedAt ?? company.updatedAt),
  })
  return { fileName: transferLetterFileName(company.cnpj), pdf }
}
