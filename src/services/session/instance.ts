// The app's one session, created the first time the signed-in area asks for it (the dynamic
// import in ./load.ts), so public pages never load Firebase. Only that import reaches this
// module; everything else uses ./index.ts.
import { env } from '@/config/env'
import { queryClient } from '@/services/query'
import { createCompanyStore } from './company-store'
import { createFirebaseGateway } from './firebase-gateway'
import { createSessionService } from './create-session'
import { browserPersistence } from './persistence'

export const session = createSessionService({
  gateway: createFirebaseGateway(env.firebase, env.authEmulatorUrl),
  companies: createCompanyStore(queryClient),
  persistence: browserPersistence,
  currentPath: () => window.location.pathname + window.location.search + window.location.hash,
  assign: (href) => window.location.assign(href),
})
