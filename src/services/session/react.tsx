import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { SessionView } from '@/machines/session'
import type { SessionService } from './types'

/** The session below the /app route (null above it, e.g. when the session failed to load). */
export const SessionContext = createContext<SessionService | null>(null)

/** Loads the session where the page rendered before it (the login page of a signed-out visit). */
const SessionLoaderContext = createContext<(() => Promise<SessionService>) | null>(null)

/**
 * Hands the session (loaded by the /app route) to the screens below. On the login page of a
 * visit nobody is signed in on, the page shows before the session (and Firebase) loaded: then
 * `service` is null and `load` fetches it for the forms' actions.
 */
export function SessionProvider({
  service,
  load,
  children,
}: {
  service: SessionService | null
  load?: () => Promise<SessionService>
  children: ReactNode
}) {
  return (
    <SessionLoaderContext.Provider value={load ?? null}>
      <SessionContext.Provider value={service}>{children}</SessionContext.Provider>
    </SessionLoaderContext.Provider>
  )
}

export function useSessionService(): SessionService {
  const service = useContext(SessionContext)
  if (!service) throw new Error('useSessionService: no <SessionProvider> above this component')
  return service
}

/**
 * The session for an action (a form sent, a button pressed): the one the page has, or the one
 * still loading when the page showed before it. Screens that can render without a session (the
 * login page's forms) use this instead of useSessionService().
 */
export function useSessionForActions(): () => Promise<SessionService> {
  const service = useContext(SessionContext)
  const load = useContext(SessionLoaderContext)
  return useCallback(() => {
    if (service) return Promise.resolve(service)
    if (load) return load()
    return Promise.reject(
      new Error('useSessionForActions: no <SessionProvider> above this component'),
    )
  }, [service, load])
}

/**
 * The session as screens read it: the statechart's ids plus the company and track from the query
 * cache. Re-renders when either changes.
 */
export function useSessionView(): SessionView {
  const service = useSessionService()
  return useSyncExternalStore(service.subscribe, service.view, service.view)
}
