// The app's one session, created the first time a signed-in route asks for it (a dynamic
// import from src/router.tsx), so public pages never load Firebase.
import { env } from '@/config/env'
import { createFirebaseGateway } from './firebase-gateway'
import { createSessionService } from './create-session'
import { loadCompanyAndTrack } from './load-company'
import { browserPersistence } from './persistence'

export const session = createSessionService({
  gateway: createFirebaseGateway(env.firebase, env.authEmulatorUrl),
  loadCompany: loadCompanyAndTrack,
  persistence: browserPersistence,
  currentPath: () => window.location.pathname + window.location.search + window.location.hash,
  assign: (href) => window.location.assign(href),
})
