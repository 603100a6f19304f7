// The session as screens use it. The live instance (Firebase included) is ./instance.ts, loaded
// only by loadSession() (./load.ts); tests build their own with ./create-session.ts.
export {
  SessionContext,
  SessionProvider,
  useSessionForActions,
  useSessionService,
  useSessionView,
} from './react'
export { identityUserStored, signedOutView } from './stored-user'
export type { AuthGateway, FederatedProvider, SessionPersistence, SessionService } from './types'
export { homePathFor } from './home-path'
