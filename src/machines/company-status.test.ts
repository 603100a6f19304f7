import { describe, expect, it } from 'vitest'
import { adjacencyMapToArray, createTestModel, getAdjacencyMap } from 'xstate/graph'
import { companyStatuses, type Company, type CompanyStatus, type TrackId } from '../schemas/company'
import type { Track } from '../schemas/track'
import {
  companyFactsOf,
  companyStatusMachine,
  companyStatusSnapshotOf,
  planStatusChange,
  restoresTo,
  statusOf,
  type CompanyFacts,
  type CompanyStatusEvent,
  type CompanyStatusSnapshot,
} from './company-status'

// Model-based tests: the chart is walked over every state it can reach (status × the guards'
// facts × where a disabled company goes back to) and every event, and compared with the rules of
// docs/product.md §4 "Company status" written out independently below. The shortest paths to every
// state are then replayed against what the server runs: a stored company record, rehydrated into
// the machine at each step (`companyStatusSnapshotOf`) and changed with `planStatusChange`.

type Facts = Omit<CompanyFacts, 'trackId'>
const factNames: (keyof Facts)[] = [
  'subscriptionPaid',
  'guideReceiptUploaded',
  'trackDone',
  'cnpjValid',
]

/** The product's rules: where `event` takes a company in `status` with these facts. */
function expected(
  status: CompanyStatus,
  back: CompanyStatus | null,
  facts: CompanyFacts,
  event: CompanyStatusEvent,
): { status: CompanyStatus; back: CompanyStatus | null } {
  const stay = { status, back }
  switch (event.type) {
    case 'facts.update':
      return stay
    case 'payment.confirmed':
      if (status === 'pending' && facts.subscriptionPaid)
        return {
          status: facts.trackId === 'create-company' ? 'awaiting_opening' : 'migrating',
          back: null,
        }
      return status === 'overdue' ? { status: 'active', back: null } : stay
    case 'opening.start':
      return status === 'awaiting_opening' && facts.guideReceiptUploaded
        ? { status: 'opening', back: null }
        : stay
    case 'company.activate':
      return (status === 'opening' || status === 'migrating') && facts.cnpjValid && facts.trackDone
        ? { status: 'active', back: null }
        : stay
    case 'payment.late':
      return status === 'active' ? { status: 'overdue', back: null } : stay
    case 'company.disable':
      return status !== 'disabled' && event.reason.trim() !== ''
        ? { status: 'disabled', back: status }
        : stay
    case 'company.restore':
      return status === 'disabled' ? { status: back!, back: null } : stay
  }
}

const serializeState = (snapshot: CompanyStatusSnapshot) =>
  JSON.stringify({
    status: statusOf(snapshot),
    back: restoresTo(snapshot),
    facts: snapshot.context.facts,
  })

function modelFor(trackId: TrackId) {
  const toggles = factNames
    // The guide receipt exists only on the opening track.
    .filter((name) => trackId === 'create-company' || name !== 'guideReceiptUploaded')
    .flatMap((name) => [true, false].map((value) => ({ [name]: value })))
  const events: CompanyStatusEvent[] = [
    { type: 'payment.confirmed' },
    { type: 'opening.start' },
    { type: 'company.activate' },
    { type: 'payment.late' },
    { type: 'company.disable', reason: 'Encerramento solicitado pelo cliente' },
    { type: 'company.disable', reason: '   ' },
    { type: 'company.restore' },
    ...toggles.map((facts) => ({ type: 'facts.update' as const, facts })),
  ]
  const facts: CompanyFacts = {
    trackId,
    subscriptionPaid: false,
    guideReceiptUploaded: false,
    trackDone: false,
    cnpjValid: false,
  }
  const traversal = {
    events,
    input: { facts },
    serializeState,
    serializeEvent: (event: CompanyStatusEvent) => JSON.stringify(event),
  }
  return {
    model: createTestModel(companyStatusMachine, traversal),
    // Every event from every state (the model's own traversal only tries the events a state handles).
    edges: adjacencyMapToArray(getAdjacencyMap(companyStatusMachine, traversal)),
    events,
  }
}

/** A stored company and track whose derived facts are `facts` (what the server reads). */
function storedRecord(facts: CompanyFacts, company: Pick<Company, 'status' | 'statusHistory'>) {
  const record = {
    ...company,
    trackId: facts.trackId,
    cnpj: facts.cnpjValid ? '45.218.739/0001-02' : null,
  }
  const track: Pick<Track, 'status' | 'steps'> = {
    status: facts.trackDone ? 'done' : 'in_progress',
    steps: [
      {
        stepId: 'subscription',
        status: facts.subscriptionPaid ? 'done' : 'pending',
        payload: null,
        updatedAt: null,
      },
      {
        stepId: 'upload-guide-receipt',
        status: facts.guideReceiptUploaded ? 'done' : 'pending',
        payload: null,
        updatedAt: null,
      },
    ],
  }
  return { record, track }
}

describe.each(['create-company', 'migrate-company'] as const)(
  'company status on the %s track',
  (trackId) => {
    const { model, edges, events } = modelFor(trackId)

    it('agrees with the product rules on every reachable state and every event', () => {
      const states = new Set(edges.map(({ state }) => serializeState(state)))
      expect(edges).toHaveLength(states.size * events.length)
      for (const { state, event, nextState } of edges) {
        const want = expected(statusOf(state), restoresTo(state), state.context.facts, event)
        const got = { status: statusOf(nextState), back: restoresTo(nextState) }
        expect({ from: serializeState(state), event, ...got }).toEqual({
          from: serializeState(state),
          event,
          ...want,
        })
      }
    })

    it('reaches every status of its track, and a disabled company remembers each one', () => {
      const reached = new Set(edges.map(({ nextState }) => serializeState(nextState)))
      const statuses = new Set(
        [...reached].map((key) => (JSON.parse(key) as { status: string }).status),
      )
      const own =
        trackId === 'create-company'
          ? ['pending', 'awaiting_opening', 'opening', 'active', 'overdue', 'disabled']
          : ['pending', 'migrating', 'active', 'overdue', 'disabled']
      expect([...statuses].sort()).toEqual([...own].sort())
      const backs = new Set(
        [...reached]
          .map((key) => JSON.parse(key) as { status: string; back: string | null })
          .filter((state) => state.status === 'disabled')
          .map((state) => state.back),
      )
      expect([...backs].sort()).toEqual(own.filter((status) => status !== 'disabled').sort())
    })

    it('takes every transition of the chart', () => {
      const taken = new Set(
        edges
          .filter(({ state, nextState }) => statusOf(state) !== statusOf(nextState))
          .map(
            ({ state, event, nextState }) =>
              `${statusOf(state)} -${event.type}-> ${statusOf(nextState)}`,
          ),
      )
      const opening = [
        'pending -payment.confirmed-> awaiting_opening',
        'awaiting_opening -opening.start-> opening',
        'opening -company.activate-> active',
      ]
      const migration = [
        'pending -payment.confirmed-> migrating',
        'migrating -company.activate-> active',
      ]
      const own = trackId === 'create-company' ? opening : migration
      const statuses = own.flatMap((t) => t.split(' ').filter((word) => !word.startsWith('-')))
      const enabled = [...new Set([...statuses, 'active', 'overdue'])]
      expect([...taken].sort()).toEqual(
        [
          ...own,
          'active -payment.late-> overdue',
          'overdue -payment.confirmed-> active',
          ...enabled.map((status) => `${status} -company.disable-> disabled`),
          ...enabled.map((status) => `disabled -company.restore-> ${status}`),
        ].sort(),
      )
    })

    it('runs the same way on stored companies, rehydrated at every step (the server)', async () => {
      const paths = model.getShortestPaths({ allowDuplicatePaths: true })
      const reachable = new Set(edges.map(({ nextState }) => serializeState(nextState)))
      expect(paths).toHaveLength(reachable.size)
      for (const path of paths) {
        let company: Pick<Company, 'status' | 'statusHistory'> = {
          status: 'pending',
          statusHistory: [],
        }
        let facts = path.steps[0]!.state.context.facts
        for (const step of path.steps.slice(1)) {
          const { event } = step
          const from = company.status
          if (event.type === 'facts.update') facts = { ...facts, ...event.facts }
          const target = expected(
            from,
            null,
            facts,
            event.type === 'company.restore' ? { type: 'facts.update', facts: {} } : event,
          ).status
          const { record, track } = storedRecord(facts, company)
          const snapshot = companyStatusSnapshotOf(record, track)
          expect(companyFactsOf(record, track)).toEqual(facts)
          const to = event.type === 'company.restore' ? (restoresTo(snapshot) ?? from) : target
          if (to !== from) {
            const reason = event.type === 'company.disable' ? event.reason : 'Mudança de teste'
            const plan = planStatusChange(snapshot, to, reason)
            expect(plan.ok).toBe(true)
            company = {
              status: to,
              statusHistory: [
                ...company.statusHistory,
                { from, to, at: '2026-11-21T12:00:00.000Z', by: 'uid-admin', reason },
              ],
            }
          }
          expect(company.status).toBe(statusOf(step.state))
        }
      }
    })
  },
)

describe('planStatusChange', () => {
  const facts: CompanyFacts = {
    trackId: 'create-company',
    subscriptionPaid: true,
    guideReceiptUploaded: false,
    trackDone: false,
    cnpjValid: false,
  }
  const at = (status: CompanyStatus, statusHistory: Company['statusHistory'] = []) => {
    const { record, track } = storedRecord(facts, { status, statusHistory })
    return companyStatusSnapshotOf(record, track)
  }

  it('refuses every change the chart does not allow, naming both statuses and what is missing', () => {
    const refused = planStatusChange(at('awaiting_opening'), 'opening')
    expect(refused).toEqual({
      ok: false,
      message:
        'Não é possível mudar o status da empresa de "Aguardando abertura" (awaiting_opening) para "Em abertura" (opening): o comprovante da guia (etapa "Comprovante da guia") ainda não foi enviado.',
    })
    expect(planStatusChange(at('active'), 'pending')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"Ativa" (active) para "Cadastro pendente" (pending)'),
    })
    for (const from of companyStatuses)
      for (const to of companyStatuses) {
        const plan = planStatusChange(
          at(from, [{ from: 'active', to: 'disabled', at: '2026-01-01T00:00:00.000Z', by: 'x' }]),
          to,
          'Motivo',
        )
        if (!plan.ok) expect(plan.message).toMatch(/^Não é possível mudar o status da empresa de "/)
      }
  })

  it('brings a disabled company back only to the status it had before', () => {
    const disabled = at('disabled', [
      { from: 'pending', to: 'awaiting_opening', at: '2026-01-01T00:00:00.000Z', by: 'system' },
      {
        from: 'awaiting_opening',
        to: 'disabled',
        at: '2026-02-01T00:00:00.000Z',
        by: 'uid-admin',
        reason: 'Fraude',
      },
    ])
    expect(restoresTo(disabled)).toBe('awaiting_opening')
    expect(planStatusChange(disabled, 'active')).toMatchObject({
      ok: false,
      message: expect.stringContaining('volta ao status que tinha antes, "Aguardando abertura"'),
    })
    const back = planStatusChange(disabled, 'awaiting_opening')
    expect(back.ok && statusOf(back.next)).toBe('awaiting_opening')
  })
})
