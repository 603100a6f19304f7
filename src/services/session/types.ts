import type { Actor } from 'xstate'
import type { CompanyData, SessionMachine, SessionView, TokenResult } from '@/machines/session'
import type { Claims } from '@/schemas/claims'
import type { CurrentUser } from '@/schemas/user'

/** The last session kept in this browser: its user, token and the token's claims. */
export type HeldSession = { user: CurrentUser; token: string; claims: Claims }

export type FederatedProvider = 'google' | 'facebook' | 'github' | 'twitter'

/** The identity service (Firebase Auth), as the session needs it. */
export interface AuthGateway {
  /** Auth-state changes; called once at start with the current user (or null). */
  onUserChanged(listener: (user: CurrentUser | null) => void): () => void
  /** The current user's ID token and custom claims; `forceRefresh` asks for a new token. */
  readToken(forceRefresh: boolean): Promise<TokenResult>
  signInWithPassword(email: string, password: string): Promise<{ uid: string }>
  /** Sends a sign-in link; `continueUrl` is where the link returns to. */
  sendSignInLink(email: string, continueUrl: string): Promise<void>
  isSignInLink(href: string): boolean
  signInWithLink(email: string, href: string): Promise<{ uid: string }>
  signInWithProvider(provider: FederatedProvider): Promise<{ uid: string }>
  sendPasswordReset(email: string, continueUrl: string): Promise<void>
  signOut(): Promise<void>
  /** Reads the signed-in user's profile again (name, photo, e-mail changed elsewhere). */
  reloadUser(): Promise<CurrentUser | null>
  /** Confirms the current password before a sensitive change (rejects when it is wrong). */
  reauthenticate(password: string): Promise<void>
  updatePassword(newPassword: string): Promise<void>
  /** Sends a confirmation link to `newEmail`; the address changes once the link is opened. */
  changeEmail(newEmail: string, continueUrl: string): Promise<void>
  /**
   * Whether the identity service has the signed-in person's e-mail as verified, read from it now
   * (the link may have been opened in another tab).
   */
  emailVerified(): Promise<boolean>
  /** Sends the link that verifies the signed-in person's e-mail; it returns to `continueUrl`. */
  sendEmailVerification(continueUrl: string): Promise<void>
}

/** Where the session is kept between page loads. */
export interface SessionPersistence {
  /** Cookies currentUser, claims and accessToken (sameSite lax). */
  save(session: { user: CurrentUser | null; claims: unknown; accessToken: string | null }): void
  /**
   * What `save` kept, when the identity service still keeps a signed-in user in this browser
   * (null otherwise, or when any part is missing or unreadable).
   */
  heldSession?(): HeldSession | null
  clear(): void
  heldCompanyId(): string | null
  holdCompanyId(companyId: string | null): void
  /** The e-mail a sign-in link was sent to (to finish the link on this device). */
  linkEmail(): string | null
  holdLinkEmail(email: string | null): void
}

/** Where the company and its track live: the query cache (./company-store.ts). */
export interface CompanyStore {
  /** Fetches the company and its steps in parallel; `fresh` skips what the cache holds. */
  load(companyId: string, options: { fresh: boolean }): Promise<void>
  /** What the cache holds now (null where it holds nothing). */
  read(companyId: string): CompanyData
  /** Keeps both records alive and calls `onChange` when either changes; returns the stop. */
  watch(companyId: string, onChange: () => void): () => void
}

export type SessionDeps = {
  gateway: AuthGateway
  companies: CompanyStore
  persistence: SessionPersistence
  /** The path the user is on (for `next` when the session expires). */
  currentPath: () => string
  /** A full-page navigation, used until the router binds its own navigation. */
  assign: (href: string) => void
}

export type SessionActor = Actor<SessionMachine>

export type SessionService = {
  actor: SessionActor
  gateway: AuthGateway
  persistence: SessionPersistence
  /** The current view (the same object until something in it changes). */
  view(): SessionView
  /** Calls `listener` whenever view() changes; returns the unsubscribe (useSyncExternalStore). */
  subscribe(listener: () => void): () => void
  /** Resolves once the gates can decide (signed out, or signed in with the company loaded). */
  settled(): Promise<SessionView>
  /** After a sign-in: resolves when that user's session is settled, rejects if it failed. */
  whenSignedIn(uid: string): Promise<SessionView>
  logout(): Promise<void>
  selectCompany(companyId: string): Promise<SessionView>
  reloadCompany(): Promise<SessionView>
  /**
   * Asks the identity service for a new token, so the claims (roles, companies) changed on the
   * server count at once, without signing out (e.g. after accepting an invite).
   */
  refreshClaims(): Promise<SessionView>
  /** Reads the user's profile again (after a name or photo change). */
  refreshUser(): Promise<SessionView>
  /**
   * Called when what the gates decide on changes once settled (a company switch, a sign-out in
   * another tab, a status change), but not for a logout or an expiry. Returns the unsubscribe.
   */
  onGateChange(listener: (view: SessionView) => void): () => void
  /** What the app does when the session expires (the router sends the user to login). */
  bindExpiry(handler: (currentPath: string) => void): () => void
  stop(): void
}
