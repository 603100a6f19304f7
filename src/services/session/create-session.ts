import { createActor, fromPromise, waitFor } from 'xstate'
import {
  isSettled,
  sessionMachine,
  sessionView,
  type CompanyResult,
  type SessionSnapshot,
  type SessionView,
  type TokenResult,
} from '@/machines/session'
import { connectAuth, type AuthBridge } from '../api/client'
import type { SessionDeps, SessionService } from './types'

const SETTLE_TIMEOUT_MS = 60_000

/** What the route gates decide on: when it changes, they must run again. */
export const gateKey = (snapshot: SessionSnapshot) => {
  const view = sessionView(snapshot)
  return [
    view.status,
    view.user?.uid,
    view.isSystemAdmin,
    view.companyId,
    view.company?.status,
    view.track?.status,
  ].join('|')
}

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
      loadCompany: fromPromise<CompanyResult, { companyId: string }>(({ input }) =>
        deps.loadCompany(input.companyId),
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
  actor.start()
  const unsubscribe = gateway.onUserChanged((user) => actor.send({ type: 'AUTH_CHANGED', user }))

  const settledView = async (predicate: (snapshot: SessionSnapshot) => boolean) => {
    const snapshot = await waitFor(actor, predicate, { timeout: SETTLE_TIMEOUT_MS })
    return sessionView(snapshot)
  }

  const bridge: AuthBridge = {
    getToken: async () => actor.getSnapshot().context.accessToken,
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

  const service: SessionService = {
    actor,
    gateway,
    persistence,
    view: () => sessionView(actor.getSnapshot()),
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
            resolve(sessionView(snapshot))
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
    onGateChange(listener) {
      let previous = actor.getSnapshot()
      let lastKey = isSettled(previous) ? gateKey(previous) : ''
      const subscription = actor.subscribe((snapshot) => {
        const before = previous
        previous = snapshot
        if (!isSettled(snapshot)) return
        const key = gateKey(snapshot)
        if (key === lastKey) return
        lastKey = key
        // A logout navigates by itself, and an expiry goes through bindExpiry.
        const leaving = before.matches('signingOut') || before.matches('expired')
        if (snapshot.matches('signedOut') && leaving) return
        listener(sessionView(snapshot))
      })
      return () => subscription.unsubscribe()
    },
    bindExpiry(handler) {
      onExpired = handler
      return () => {
        if (onExpired === handler) onExpired = null
      }
    },
    stop() {
      unsubscribe()
      connectAuth(null)
      actor.stop()
    },
  }
  return service
}
