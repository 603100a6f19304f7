import { describe, expect, it } from 'vitest'
import {
  createActor,
  fromPromise,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate'
import { TestModel } from 'xstate/graph'
import type { Claims } from '@/schemas/claims'
import type { CurrentUser } from '@/schemas/user'
import {
  chooseCompanyId,
  isSettled,
  sessionMachine,
  sessionView,
  type CompanyData,
  type LoadCompanyInput,
  type SessionContext,
  type SessionEvent,
  type SessionSnapshot,
  type TokenResult,
} from '@/machines/session'
import { companyFixture, doneTrack, userFixture } from './fixtures'

// ---------------------------------------------------------------------------------------------
// Fixtures

const ANA = userFixture('uid-ana', 'ana@contabil.dev')
const EVA = userFixture('uid-eva', 'eva@contabil.dev')

const clientClaims: Claims = {
  roles: ['company-admin'],
  companies: ['cmp-1', 'cmp-2'],
  companyId: 'cmp-1',
}
const CLIENT: TokenResult = { token: 'token-client', claims: clientClaims }
const ADMIN: TokenResult = { token: 'token-admin', claims: { roles: ['system-admin'] } }
/** A federated first sign-in: no roles, no company yet. */
const NEWCOMER: TokenResult = { token: 'token-newcomer', claims: { roles: [] } }
const REFRESHED: TokenResult = { token: 'token-refreshed', claims: clientClaims }

/** What the query cache holds once a company is loaded (the statechart keeps only its id). */
const CACHED: CompanyData = { company: companyFixture({ id: 'cmp-loaded' }), track: doneTrack() }
const readCache = () => CACHED

// ---------------------------------------------------------------------------------------------
// The model: every event the session can receive, including its actors' answers.

type ModelEvent =
  | SessionEvent
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }

const failure = (message: string) => new Error(message)

const staticEvents: ModelEvent[] = [
  { type: 'AUTH_CHANGED', user: null },
  { type: 'AUTH_CHANGED', user: ANA },
  { type: 'AUTH_CHANGED', user: EVA },
  { type: 'xstate.done.actor.readToken', output: CLIENT },
  { type: 'xstate.done.actor.readToken', output: ADMIN },
  { type: 'xstate.done.actor.readToken', output: NEWCOMER },
  { type: 'xstate.error.actor.readToken', error: failure('rede indisponível') },
  { type: 'xstate.done.actor.loadCompany', output: undefined },
  { type: 'xstate.error.actor.loadCompany', error: failure('Empresa não encontrada.') },
  { type: 'xstate.done.actor.refreshToken', output: REFRESHED },
  { type: 'xstate.error.actor.refreshToken', error: failure('token revogado') },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: failure('falha ao sair') },
  { type: 'COMPANY_SELECTED', companyId: 'cmp-2' },
  { type: 'COMPANY_SELECTED', companyId: 'cmp-of-someone-else' },
  { type: 'COMPANY_RELOAD' },
  { type: 'TOKEN_REJECTED', token: 'token-already-replaced' },
  { type: 'LOGOUT' },
  // A full load with the last session kept: ana's token and claims, before Firebase answers.
  { type: 'SESSION_RESTORED', user: ANA, token: CLIENT.token, claims: clientClaims },
]

const modelEvents = (snapshot: SessionSnapshot): ModelEvent[] => [
  ...staticEvents,
  // A 401 for the token the session holds right now.
  { type: 'TOKEN_REJECTED', token: snapshot.context.accessToken },
]

/** The part of the context that tells states apart (the state space stays finite and small). */
const contextKey = (context: SessionContext) => ({
  uid: context.user?.uid ?? null,
  token: context.accessToken,
  companyId: context.companyId,
  error: context.error !== null,
})

const stateKey = (state: SessionSnapshot) =>
  JSON.stringify({ value: state.value, context: contextKey(state.context) })

// `createTestModel` refuses machines that invoke actors, so the model is built with TestModel
// directly, with the same state matcher. Only events the state really handles are explored, and
// each vertex is a state *plus the transition that reached it*, so the shortest paths to all
// vertices take every transition at least once (the coverage tests below check that).
const model = new TestModel(sessionMachine, {
  events: ((snapshot: SessionSnapshot) =>
    modelEvents(snapshot).filter((event) => snapshot.can(event as SessionEvent))) as never,
  serializeState: (state, event, previous) =>
    stateKey(state) +
    (event && previous ? ` via ${JSON.stringify(event)} from ${stateKey(previous)}` : ''),
  stateMatcher: (state, key) =>
    key.startsWith('#')
      ? state._nodes.includes(sessionMachine.getStateNodeById(key))
      : state.matches(key as never),
})

const describeEvent = (event: ModelEvent) => {
  const { type, ...rest } = event as ModelEvent & Record<string, unknown>
  const short = type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => `${kind}:`)
  if ('user' in rest) return `${short}(${(rest.user as CurrentUser | null)?.uid ?? 'null'})`
  if ('output' in rest) return `${short}(${(rest.output as { token?: string })?.token ?? ''})`
  if ('companyId' in rest) return `${short}(${String(rest.companyId)})`
  if ('token' in rest) return `${short}(${String(rest.token)})`
  return short
}
const describePath = (steps: { event: unknown; state: SessionSnapshot }[]) => {
  const last = steps.at(-1)?.state
  return `${JSON.stringify(last?.value)} ← ${steps
    .slice(1)
    .map((step) => describeEvent(step.event as ModelEvent))
    .join(' → ')}`
}

// ---------------------------------------------------------------------------------------------
// The system under test: the machine running for real, with controllable effects.

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void }

function createHarness(heldCompanyId: string | null = null) {
  const pending: Record<string, Deferred[]> = {}
  const calls: Record<string, number> = {}
  const effects: string[] = []
  const loadInputs: string[] = []
  const deferred = <T>(src: string) =>
    new Promise<T>((resolve, reject) => {
      calls[src] = (calls[src] ?? 0) + 1
      ;(pending[src] ??= []).push({ resolve: resolve as (v: unknown) => void, reject })
    })
  const machine = sessionMachine.provide({
    actors: {
      readToken: fromPromise<TokenResult>(() => deferred('readToken')),
      refreshToken: fromPromise<TokenResult>(() => deferred('refreshToken')),
      loadCompany: fromPromise<void, LoadCompanyInput>(({ input }) => {
        loadInputs.push(input.companyId)
        return deferred('loadCompany')
      }),
      signOut: fromPromise<void>(() => deferred('signOut')),
    },
    actions: {
      persistSession: ({ context }) => {
        effects.push(`persist:${context.accessToken}`)
      },
      clearPersistedSession: () => {
        effects.push('clear')
      },
      rememberCompany: ({ context }) => {
        effects.push(`remember:${context.companyId}`)
      },
      redirectToLogin: () => {
        effects.push('redirect')
      },
    },
  })
  const taken = new Set<string>()
  const visited = new Set<string>()
  const actor = createActor(machine, {
    input: { companyId: heldCompanyId },
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') {
        for (const transition of event._transitions) {
          const key = transitionKey(transition)
          if (key) taken.add(key)
        }
      }
      // Microsteps include transient states (choosingCompany is left at once).
      if (event.type === '@xstate.microstep' && event.actorRef === actor) {
        for (const node of (event.snapshot as SessionSnapshot)._nodes) visited.add(node.id)
      }
    },
  })
  actor.start()
  for (const node of actor.getSnapshot()._nodes) visited.add(node.id)

  /** Lets resolved promises reach the machine. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  /** Answers the newest call of an actor, as its promise would. */
  async function answer(event: ModelEvent) {
    const [, kind, , src] = event.type.split('.') as [string, 'done' | 'error', string, string]
    const calls = pending[src] ?? []
    const call = calls.pop()
    if (!call) throw new Error(`no pending ${src} call to answer`)
    calls.length = 0
    if (kind === 'done') call.resolve((event as { output?: unknown }).output)
    else call.reject((event as { error: unknown }).error)
    await settle()
  }
  return { actor, calls, effects, loadInputs, taken, visited, answer, settle }
}

function transitionKey(transition: AnyTransitionDefinition): string | null {
  const source = transition.source
  const list = transition.eventType
    ? source.transitions.get(transition.eventType)
    : (source.always ?? undefined)
  const index = list?.indexOf(transition) ?? -1
  return index < 0 ? null : `${source.id} | ${transition.eventType || 'always'} | ${index}`
}

function allTransitionKeys(): string[] {
  const keys: string[] = []
  const visit = (node: AnyStateNode) => {
    for (const [eventType, list] of node.transitions)
      list.forEach((_, index) => keys.push(`${node.id} | ${eventType} | ${index}`))
    node.always?.forEach((_, index) => keys.push(`${node.id} | always | ${index}`))
    Object.values(node.states).forEach(visit)
  }
  visit(sessionMachine.root)
  return keys.sort()
}

function allStateIds(): string[] {
  const ids: string[] = []
  const visit = (node: AnyStateNode) => {
    ids.push(node.id)
    Object.values(node.states).forEach(visit)
  }
  visit(sessionMachine.root)
  return ids.sort()
}

// ---------------------------------------------------------------------------------------------

describe('session statechart (model-based, xstate/graph)', () => {
  const paths = model.getShortestPaths()
  const taken = new Set<string>()
  const visited = new Set<string>()

  it('has paths to check', () => {
    expect(paths.length).toBeGreaterThan(30)
  })

  it.each(paths.map((path) => [describePath(path.steps), path] as const))('%s', async (_, path) => {
    const sut = createHarness()
    let lastEvent: ModelEvent | undefined
    await path.test({
      events: Object.fromEntries(
        [...new Set(staticEvents.map((e) => e.type)), 'TOKEN_REJECTED'].map((type) => [
          type,
          async (step: { event: ModelEvent }) => {
            lastEvent = step.event
            if (step.event.type.startsWith('xstate.')) await sut.answer(step.event)
            else {
              sut.actor.send(step.event as SessionEvent)
              await sut.settle()
            }
          },
        ]),
      ) as never,
      states: {
        // Every state: the running machine is where the model says, with the same context.
        '*': (expected) => {
          const actual = sut.actor.getSnapshot()
          expect(actual.value).toEqual(expected.value)
          expect(contextKey(actual.context)).toEqual(contextKey(expected.context))
        },
        signedOut: () => {
          const { context } = sut.actor.getSnapshot()
          expect(context.user).toBeNull()
          expect(context.companyId).toBeNull()
          expect(sessionView(sut.actor.getSnapshot(), readCache).company).toBeNull()
          expect(sut.effects.at(-1)).toBe('clear')
          expect(isSettled(sut.actor.getSnapshot())).toBe(true)
          if (lastEvent?.type.startsWith('xstate.') && sut.effects.includes('redirect')) {
            // Reached through an expired session: sent to the login page exactly once.
            expect(sut.effects.filter((e) => e === 'redirect')).toHaveLength(1)
          }
        },
        '#session.signedIn.data.loadingCompany': () => {
          const { context } = sut.actor.getSnapshot()
          expect(sut.loadInputs.at(-1)).toBe(context.companyId)
          expect(clientClaims.companies).toContain(context.companyId)
        },
        '#session.signedIn.data.ready': () => {
          const snapshot = sut.actor.getSnapshot()
          const view = sessionView(snapshot, readCache)
          expect(view.status).toBe('ready')
          if (view.isSystemAdmin) expect(view.company).toBeNull()
          else if (view.companyId) expect(view.company).toBe(CACHED.company)
          if (view.company) expect(view.track).not.toBeNull()
          expect(sut.effects).toContain(`persist:${snapshot.context.accessToken}`)
        },
        '#session.signedIn.token.refreshing': () => {
          expect(sessionView(sut.actor.getSnapshot()).refreshing).toBe(true)
        },
        expired: () => {
          const { context } = sut.actor.getSnapshot()
          expect(context.user).toBeNull()
          expect(context.accessToken).toBeNull()
          expect(sut.effects.at(-1)).toBe('clear')
        },
        signingOut: () => {
          expect(sut.actor.getSnapshot().context.user).toBeNull()
          expect(sut.effects).not.toContain('redirect')
        },
      },
    })
    sut.taken.forEach((key) => taken.add(key))
    sut.visited.forEach((id) => visited.add(id))
    sut.actor.stop()
  })

  it('covers every state', () => {
    expect([...visited].sort()).toEqual(allStateIds())
  })

  it('covers every transition', () => {
    expect([...taken].sort()).toEqual(allTransitionKeys())
  })
})

describe('session statechart: the choices', () => {
  it('chooses the held company, then the first of the claims, then claims.companyId', () => {
    expect(chooseCompanyId('cmp-2', clientClaims)).toBe('cmp-2')
    expect(chooseCompanyId(null, clientClaims)).toBe('cmp-1')
    expect(chooseCompanyId(null, { roles: ['company-admin'], companyId: 'cmp-9' })).toBe('cmp-9')
    expect(chooseCompanyId(null, { roles: ['company-admin'], companies: [] })).toBeNull()
    expect(chooseCompanyId(null, null)).toBeNull()
  })

  it('ignores a held company the claims do not grant', () => {
    expect(chooseCompanyId('cmp-of-someone-else', clientClaims)).toBe('cmp-1')
  })

  it('prefers the companies list over companyId', () => {
    expect(chooseCompanyId(null, { roles: [], companies: ['cmp-a'], companyId: 'cmp-b' })).toBe(
      'cmp-a',
    )
  })

  it('starts on the company held from an earlier visit', async () => {
    const sut = createHarness('cmp-2')
    sut.actor.send({ type: 'AUTH_CHANGED', user: ANA })
    await sut.answer({ type: 'xstate.done.actor.readToken', output: CLIENT })
    expect(sut.loadInputs).toEqual(['cmp-2'])
    sut.actor.stop()
  })

  it('refreshes once however many requests fail with 401 at once', async () => {
    const sut = createHarness()
    sut.actor.send({ type: 'AUTH_CHANGED', user: ANA })
    await sut.answer({ type: 'xstate.done.actor.readToken', output: CLIENT })
    await sut.answer({ type: 'xstate.done.actor.loadCompany', output: undefined })
    for (let i = 0; i < 5; i++) sut.actor.send({ type: 'TOKEN_REJECTED', token: 'token-client' })
    await sut.settle()
    expect(sut.calls.refreshToken).toBe(1)
    expect(sessionView(sut.actor.getSnapshot()).refreshing).toBe(true)
    await sut.answer({ type: 'xstate.done.actor.refreshToken', output: REFRESHED })
    // A late 401 for the old token does not start a second refresh.
    sut.actor.send({ type: 'TOKEN_REJECTED', token: 'token-client' })
    await sut.settle()
    expect(sut.calls.refreshToken).toBe(1)
    expect(sessionView(sut.actor.getSnapshot()).refreshing).toBe(false)
    expect(sut.actor.getSnapshot().context.accessToken).toBe('token-refreshed')
    expect(sut.effects).toContain('persist:token-refreshed')
    sut.actor.stop()
  })

  it('keeps loading the company while the token refreshes (the request is replayed)', async () => {
    const sut = createHarness()
    sut.actor.send({ type: 'AUTH_CHANGED', user: ANA })
    await sut.answer({ type: 'xstate.done.actor.readToken', output: CLIENT })
    sut.actor.send({ type: 'TOKEN_REJECTED', token: 'token-client' })
    await sut.answer({ type: 'xstate.done.actor.refreshToken', output: REFRESHED })
    expect(sut.loadInputs).toEqual(['cmp-1'])
    await sut.answer({ type: 'xstate.done.actor.loadCompany', output: undefined })
    const view = sessionView(sut.actor.getSnapshot(), readCache)
    expect(view.status).toBe('ready')
    expect(view.companyId).toBe('cmp-1')
    expect(view.company).toBe(CACHED.company)
    sut.actor.stop()
  })
})
