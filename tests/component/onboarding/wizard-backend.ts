// The wizard's API as msw answers it over an @mswjs/data store: the company, its track (moved by
// the same track statechart the server runs, `applyTrackEvent`), plans, CNAEs, the Receita's
// record and the checkout link. Steps are validated by the same step schemas as the server.
import { factory, nullable, primaryKey } from '@mswjs/data'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import plans from '../../../fixtures/plans.json'
import cnaes from '../../../fixtures/reference/cnae-subclasses.json'
import type { Company, TrackId } from '@/schemas/company'
import { draftSchemaOf, stepActors, stepInputSchemas, stepSubmitSchema } from '@/schemas/steps'
import { emptyTrack, type StepId, type Track } from '@/schemas/track'
import type { RegistryRecord } from '@/schemas/registry'
import { applyTrackEvent, refusalOf, stepSubmissionEvent, type TrackEvent } from '@/machines/track'

export const API = 'http://localhost:3000'
export const COMPANY_ID = 'cmp-lia'

export const db = factory({
  company: {
    id: primaryKey(String),
    name: String,
    alias: nullable(String),
    cnpj: nullable(String),
    status: String,
    trackId: String,
    type: nullable(String),
    size: nullable(String),
    /** JSON of `currentSubscription`. */
    subscription: nullable(String),
  },
  track: {
    companyId: primaryKey(String),
    trackId: String,
    /** JSON of the whole track record. */
    record: String,
  },
})

/** What the API received (method, path, body), for assertions. */
export const received: { method: string; path: string; body: unknown }[] = []

export function companyOf(id = COMPANY_ID): Company {
  const row = db.company.findFirst({ where: { id: { equals: id } } })!
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    cnpj: row.cnpj,
    status: row.status as Company['status'],
    address: null,
    currentSubscription: row.subscription ? JSON.parse(row.subscription) : null,
    trackId: row.trackId as TrackId,
    type: row.type as Company['type'],
    size: row.size as Company['size'],
    activities: [],
    statusHistory: [],
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
  }
}

export const trackOf = (id = COMPANY_ID): Track =>
  JSON.parse(db.track.findFirst({ where: { companyId: { equals: id } } })!.record) as Track

function saveTrack(track: Track, id = COMPANY_ID) {
  db.track.update({
    where: { companyId: { equals: id } },
    data: { record: JSON.stringify(track) },
  })
}

export function updateCompany(
  data: Partial<{
    cnpj: string | null
    status: string
    subscription: string | null
    name: string
    type: string | null
    size: string | null
  }>,
) {
  db.company.update({ where: { id: { equals: COMPANY_ID } }, data })
}

/** A company at the start of its track (the sign-up made it). */
export function resetBackend(trackId: TrackId) {
  db.company.deleteMany({ where: { id: { contains: '' } } })
  db.track.deleteMany({ where: { companyId: { contains: '' } } })
  received.length = 0
  db.company.create({
    id: COMPANY_ID,
    name: 'Empresa de Lia',
    alias: null,
    cnpj: trackId === 'migrate-company' ? '38765412000195' : null,
    status: 'pending',
    trackId,
    type: null,
    size: null,
    subscription: null,
  })
  db.track.create({
    companyId: COMPANY_ID,
    trackId,
    record: JSON.stringify(emptyTrack(trackId)),
  })
}

/** What another actor does to the track (the accountant, the payment, another device). */
export function applyOnServer(event: TrackEvent, payload?: Record<string, unknown>) {
  const result = applyTrackEvent(trackOf(), event, { payload, at: new Date().toISOString() })
  if (!result.ok) throw new Error(result.message)
  saveTrack(result.track)
}

export const registryRecord = (cnpj: string): RegistryRecord => ({
  cnpj,
  legalName: 'Lia Prado Design Ltda',
  tradeName: 'Lia Design',
  status: 'ATIVA',
  openedOn: '2026-11-20',
  legalNature: { code: '206-2', text: 'Sociedade Empresária Limitada' },
  size: 'ME',
  shareCapital: 0,
  address: {
    zipCode: '01310200',
    state: 'SP',
    city: 'São Paulo',
    street: 'Avenida Paulista',
    number: '1000',
    complement: '',
    neighborhood: 'Bela Vista',
  },
  mainActivity: '7410299',
  secondaryActivities: [],
  partners: [{ name: 'Lia Ramos Prado', role: '49 - Sócio-Administrador' }],
  email: 'lia@example.com',
  phone: null,
})

const cnaeList = cnaes as { code: string; text: string; isAllowedMei: boolean }[]
const level = (code: string) => ({ code, text: code, formatted: code })
const cnaeServer = (cnae: { code: string; text: string; isAllowedMei: boolean }) => ({
  code: cnae.code,
  text: cnae.text,
  tax_rates: null,
  is_allowed_mei: cnae.isAllowedMei,
  is_r_factor: null,
  cnae_allowed_activities: null,
  cnae_not_allowed_activities: null,
  obs: null,
  hierarchy: {
    section: { code: 'M', text: 'Atividades profissionais' },
    division: level(cnae.code.slice(0, 2)),
    group: level(cnae.code.slice(0, 3)),
    class: level(cnae.code.slice(0, 5)),
    subclass: level(cnae.code),
  },
  is_active: true,
})

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => ({
    path: ['payload', ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))],
    message: issue.message,
  }))

/** How many times a path was called with a method. */
export const calls = (method: string, path: string) =>
  received.filter((call) => call.method === method && call.path === path)

const handlers = [
  // Our own record of the signed-in person (the partner steps start from it).
  http.get(`${API}/users/me`, () =>
    HttpResponse.json({
      data: {
        id: 'uid-lia',
        email: 'lia@example.com',
        name: 'Lia Ramos Prado',
        phone: '+55 (11) 98888-7777',
        roles: ['company-admin'],
        companies: [COMPANY_ID],
        indicatedBy: null,
        referralCode: 'LIA2026',
        disabled: false,
        createdAt: '2026-11-01T12:00:00.000Z',
      },
    }),
  ),
  http.get(`${API}/companies/:id`, () => HttpResponse.json({ data: companyOf() })),
  http.get(`${API}/companies/:id/steps`, () => HttpResponse.json({ data: trackOf() })),
  http.post(`${API}/companies/:id/steps/:stepId`, async ({ request, params }) => {
    const stepId = String(params.stepId) as StepId
    const raw = await request.json()
    received.push({ method: 'POST', path: `/companies/${COMPANY_ID}/steps/${stepId}`, body: raw })
    const body = stepSubmitSchema.parse(raw)
    const track = trackOf()
    const actor = stepActors[stepId]
    const event = stepSubmissionEvent(track, stepId, body.draft)
    const refusal = refusalOf(track, event)
    if (refusal) return HttpResponse.json({ message: refusal }, { status: 409 })
    const schema =
      body.draft === true && actor !== 'payment' ? draftSchemaOf(stepId) : stepInputSchemas[stepId]
    const parsed = schema.safeParse(body.payload)
    if (!parsed.success) {
      const issues = issuesOf(parsed.error)
      return HttpResponse.json({ message: issues[0]!.message, issues }, { status: 400 })
    }
    const payload = parsed.data as Record<string, unknown>
    if (stepId === 'subscription') {
      const plan = plans.find((p) => p.id === payload.planId)!
      updateCompany({
        subscription: JSON.stringify({
          id: 'sub-lia',
          planId: plan.id,
          status: 'pending',
          amount: plan.monthlyPrice,
          startedAt: null,
        }),
      })
    }
    if (stepId === 'download-company-info') updateCompany({ name: 'Lia Prado Design Ltda' })
    const result = applyTrackEvent(track, event, { payload, at: new Date().toISOString() })
    if (!result.ok) return HttpResponse.json({ message: result.message }, { status: 409 })
    saveTrack(result.track)
    return HttpResponse.json({ data: result.track })
  }),
  http.get(`${API}/companies/:id/registry`, () => {
    const { cnpj } = companyOf()
    return HttpResponse.json({ data: cnpj ? registryRecord(cnpj) : null })
  }),
  http.get(`${API}/plans`, ({ request }) => {
    const size = new URL(request.url).searchParams.get('size')
    const data = plans.filter((plan) => plan.active && (!size || plan.sizes.includes(size)))
    return HttpResponse.json({ data, total: data.length })
  }),
  http.post(`${API}/subscriptions/:id`, ({ params }) => {
    received.push({ method: 'POST', path: `/subscriptions/${String(params.id)}`, body: null })
    return HttpResponse.json(
      {
        data: {
          paymentId: 'pay-lia',
          url: 'https://pagamento.example/checkout/pay-lia',
          amount: 189.9,
          dueDate: '2026-11-26',
          status: 'pending',
        },
      },
      { status: 201 },
    )
  }),
  http.get(`${API}/cnaes/:code`, ({ params }) => {
    const cnae = cnaeList.find((item) => item.code === params.code)
    if (!cnae) return HttpResponse.json({ message: 'CNAE não encontrado.' }, { status: 404 })
    return HttpResponse.json({ data: cnaeServer(cnae) })
  }),
  http.get(`${API}/cnaes`, ({ request }) => {
    const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase()
    const data = cnaeList
      .filter((cnae) => cnae.text.toLowerCase().includes(search) || cnae.code.startsWith(search))
      .slice(0, 8)
      .map(cnaeServer)
    return HttpResponse.json({ data, total: data.length })
  }),
]

export const server = setupServer(...handlers)
