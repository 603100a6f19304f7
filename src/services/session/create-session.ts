import { createActor, fromPromise, waitFor } from 'xstate'
import {
  isSettled,
  sessionMachine,
  sessionView,
  type LoadCompanyInput,
  type SessionSnapshot,
  type SessionView,
  type TokenResult,
} from '@/machines/session'
import { connectAuth, type AuthBridge } from '@/services/api'
import type { SessionDeps, SessionService } from './types'

const SETTLE_TIMEOUT_MS = 60_000

/** What the route gates decide on: when it changes, they must run again. */
export const gateKey = (view: SessionView) =>
  [
    view.status,
    view.user?.uid,
    view.isSystemAdmin,
    view.companyId,
    view.company?.status,
    view.track?.status,
  ].join('|')

/**
 * The one session actor of the app, with its effects: the identity service, the company loader,
 * cookies and navigation. Also the API clients' AuthBridge: their 401s become one shared refresh.
 */
export function createSessionService(deps: SessionDeps): SessionService {
  const { gateway, persistence } = deps
  let onExpired: ((currentPath: string) => void) | null = null

  const machine = sessionMachine.provide({
    actors: {
      readToken: fromPromise<TokenResult>(() => gateway.readToken(false)),
      refreshToken: fromPromise<TokenResult>(() => gateway.readToken(true)),
      loadCompany: fromPromise<void, LoadCompanyInput>(({ input }) =>
        deps.companies.load(input.companyId, { fresh: input.fresh }),
      ),
      signOut: fromPromise<void>(() => gateway.signOut()),
    },
    actions: {
      persistSession: ({ context }) => persistence.save(context),
      clearPersistedSession: () => persistence.clear(),
      rememberCompany: ({ context }) => persistence.holdCompanyId(context.companyId),
      redirectToLogin: () => {
        const path = deps.currentPath()
        if (onExpired) onExpired(path)
        // Before the router is bound: a full load; the login route checks `next` itself.
        else deps.assign(`/app/login?next=${encodeURIComponent(path)}`)
      },
    },
  })

  const actor = createActor(machine, { input: { companyId: persistence.heldCompanyId() } })
  const viewOf = (snapshot: SessionSnapshot) =>
    sessionView(snapshot, (companyId) => deps.companies.read(companyId))

  // One view object per change, for useSyncExternalStore; recomputed when the statechart moves
  // or the cached company/track change.
  const listeners = new Set<() => void>()
  let current = viewOf(actor.getSnapshot())
  let watched: { companyId: string; stop: () => void } | null = null
  const refresh = () => {
    const snapshot = actor.getSnapshot()
    // The company is watched (and so fetched) only once the session holds a token: the id held
    // from the last visit is known at once, the user only when the identity service restored it.
    const companyId = hasToken(snapshot) ? snapshot.context.companyId : null
    if (watched?.companyId !== companyId) {
      watched?.stop()
      watched = companyId
        ? { companyId, stop: deps.companies.watch(companyId, () => refresh()) }
        : null
    }
    const next = viewOf(snapshot)
    if (!sameView(current, next)) {
      current = next
      listeners.forEach((listener) => listener())
    }
  }
  actor.subscribe(refresh)
  actor.start()
  refresh()

  const settledView = async (predicate: (snapshot: SessionSnapshot) => boolean) => {
    await waitFor(actor, predicate, { timeout: SETTLE_TIMEOUT_MS })
    refresh()
    return current
  }

  const bridge: AuthBridge = {
    async getToken() {
      const snapshot = await waitFor(
        actor,
        (next) =>
          next.matches('signedOut') ||
          (hasToken(next) && !next.matches({ signedIn: { token: 'refreshing' } })),
        { timeout: SETTLE_TIMEOUT_MS },
      )
      return snapshot.context.accessToken
    },
    currentToken: () => actor.getSnapshot().context.accessToken,
    async refresh(rejectedToken) {
      const before = actor.getSnapshot()
      if (!before.matches('signedIn')) return false
      // Already refreshed since that request left: just replay it with the new token.
      if (
        rejectedToken &&
        before.context.accessToken &&
        rejectedToken !== before.context.accessToken
      )
        return true
      actor.send({ type: 'TOKEN_REJECTED', token: rejectedToken })
      const after = await waitFor(
        actor,
        (snapshot) => !snapshot.matches({ signedIn: { token: 'refreshing' } }),
        { timeout: SETTLE_TIMEOUT_MS },
      )
      return after.matches('signedIn') && after.context.accessToken !== null
    },
  }
  connectAuth(bridge)

  // A full load of a signed-in page: the last session's token works at once (the API clients
  // get it through the bridge, connected above), so the company and the page's data load in
  // parallel with the identity service restoring its user (which asks the identity service
  // about that user before it tells who is signed in).
  const held = persistence.heldSession?.() ?? null
  if (held) actor.send({ type: 'SESSION_RESTORED', ...held })
  const unsubscribe = gateway.onUserChanged((user) => actor.send({ type: 'AUTH_CHANGED', user }))

  const service: SessionService = {
    actor,
    gateway,
    persistence,
    view: () => current,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    settled: () => settledView(isSettled),
    whenSignedIn(uid) {
      return new Promise<SessionView>((resolve, reject) => {
        let failed = false
        const check = (snapshot: SessionSnapshot) => {
          if (snapshot.matches('expired')) failed = true
          if (failed && snapshot.matches('signedOut')) {
            subscription.unsubscribe()
            reject(new Error('Não foi possível validar sua sessão. Entre de novo.'))
          } else if (isSettled(snapshot) && snapshot.context.user?.uid === uid) {
            subscription.unsubscribe()
            refresh()
            resolve(current)
          }
        }
        const subscription = actor.subscribe(check)
        check(actor.getSnapshot())
      })
    },
    async logout() {
      actor.send({ type: 'LOGOUT' })
      await waitFor(actor, (snapshot) => snapshot.matches('signedOut'), {
        timeout: SETTLE_TIMEOUT_MS,
      })
    },
    async selectCompany(companyId) {
      actor.send({ type: 'COMPANY_SELECTED', companyId })
      return settledView(isSettled)
    },
    async reloadCompany() {
      actor.send({ type: 'COMPANY_RELOAD' })
      return settledView(isSettled)
    },
    async refreshClaims() {
      const before = actor.getSnapshot()
      if (!before.matches('signedIn')) return current
      // The statechart's own token refresh (the one a 401 starts) reads the claims again.
      actor.send({ type: 'TOKEN_REJECTED', token: before.context.accessToken })
      await waitFor(actor, (snapshot) => !snapshot.matches({ signedIn: { token: 'refreshing' } }), {
        timeout: SETTLE_TIMEOUT_MS,
      })
      return settledView(isSettled)
    },
    async refreshUser() {
      const user = await gateway.reloadUser()
      if (user && actor.getSnapshot().context.user?.uid === user.uid)
        actor.send({ type: 'AUTH_CHANGED', user })
      refresh()
      return current
    },
    onGateChange(listener) {
      // Follows the view, so a status or track changed in the cache re-runs the gates too.
      let previous = actor.getSnapshot()
      let lastKey = isSettled(previous) ? gateKey(current) : ''
      let leaving = false
      const check = () => {
        const snapshot = actor.getSnapshot()
        if (snapshot !== previous) {
          leaving = previous.matches('signingOut') || previous.matches('expired')
          previous = snapshot
        }
        if (!isSettled(snapshot)) return
        const key = gateKey(current)
        if (key === lastKey) return
        lastKey = key
        // A logout navigates by itself, and an expiry goes through bindExpiry.
        if (snapshot.matches('signedOut') && leaving) return
        listener(current)
      }
      listeners.add(check)
      return () => listeners.delete(check)
    },
    bindExpiry(handler) {
      onExpired = handler
      return () => {
        if (onExpired === handler) onExpired = null
      }
    },
    stop() {
      unsubscribe()
      watched?.stop()
      connectAuth(null)
      actor.stop()
    },
  }
  return service
}

/** Signed in, with the token read (the identity service restored the user and answered). */
const hasToken = (snapshot: SessionSnapshot) =>
  snapshot.matches('signedIn') && snapshot.context.accessToken !== null

const sameView = (a: SessionView, b: SessionView) =>
  (Object.keys(a) as (keyof SessionView)[]).every((key) => Object.is(a[key], b[key]))
