import { QueryClient } from '@tanstack/react-query'
import { inMemoryPersistence } from 'firebase/auth'
import { env } from '@/config/env'
import { createCompanyStore } from '@/services/session/company-store'
import { createSessionService } from '@/services/session/create-session'
import { createFirebaseGateway } from '@/services/session/firebase-gateway'
import { browserPersistence } from '@/services/session/persistence'
import type { SessionService } from '@/services/session/types'
import { EMULATOR } from '../support/backend'

/**
 * The app's session with the real Firebase SDK (in memory, against msw's identity service),
 * signed in as ana (tests/component/support/backend.ts seeds her).
 */
export async function signedInSession(): Promise<SessionService> {
  const session = createSessionService({
    gateway: createFirebaseGateway(env.firebase, EMULATOR, { persistence: inMemoryPersistence }),
    companies: createCompanyStore(new QueryClient()),
    persistence: browserPersistence,
    currentPath: () => window.location.pathname,
    assign: () => {},
  })
  await session.settled()
  await signInAna(session)
  return session
}

export async function signInAna(session: SessionService) {
  const { uid } = await session.gateway.signInWithPassword('ana@contabil.dev', 'Cliente#2026')
  await session.whenSignedIn(uid)
}
