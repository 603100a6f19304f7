// The session as screens use it. The live instance (Firebase included) is ./instance.ts, loaded
// only by the router context's loadSession(); tests build their own with ./create-session.ts.
export { SessionContext, SessionProvider, useSessionService, useSessionView } from './react'
export type { AuthGateway, FederatedProvider, SessionPersistence, SessionService } from './types'
