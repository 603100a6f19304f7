import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { sessionView, type SessionView } from '@/machines/session'
import type { SessionService } from './types'

const SessionContext = createContext<SessionService | null>(null)

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

/** The session as screens read it; re-renders when it changes. */
export function useSessionView(): SessionView {
  const service = useSessionService()
  const snapshot = useSelector(service.actor, (s) => s)
  return useMemo(() => sessionView(snapshot), [snapshot])
}
