import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { SessionView } from '@/machines/session'
import type { SessionService } from './types'

/** The session below the /app route (null above it, e.g. when the session failed to load). */
export const SessionContext = createContext<SessionService | null>(null)

/** Hands the session (loaded by the /app route) to the screens below. */
export function SessionProvider({
  service,
  children,
}: {
  service: SessionService
  children: ReactNode
}) {
  return <SessionContext.Provider value={service}>{children}</SessionContext.Provider>
}

export function useSessionService(): SessionService {
  const service = useContext(SessionContext)
  if (!service) throw new Error('useSessionService: no <SessionProvider> above this component')
  return service
}

/**
 * The session as screens read it: the statechart's ids plus the company and track from the query
 * cache. Re-renders when either changes.
 */
export function useSessionView(): SessionView {
  const service = useSessionService()
  return useSyncExternalStore(service.subscribe, service.view, service.view)
}
