// The identity service: the Firebase JS SDK (modular). Only this module imports Firebase, and
// only the signed-in area loads it (see src/services/session/load.ts).
import { initializeApp, type FirebaseOptions } from 'firebase/app'
import {
  EmailAuthProvider,
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  TwitterAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  getRedirectResult,
  initializeAuth,
  isSignInWithEmailLink,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  signOut,
  updatePassword,
  verifyBeforeUpdateEmail,
  type AuthProvider,
  type Dependencies,
  type User,
} from 'firebase/auth'
import { claimsSchema } from '@/schemas/claims'
import type { CurrentUser } from '@/schemas/user'
import type { AuthGateway, FederatedProvider } from './types'

const providers: Record<FederatedProvider, () => AuthProvider> = {
  google: () => new GoogleAuthProvider(),
  facebook: () => new FacebookAuthProvider(),
  github: () => new GithubAuthProvider(),
  twitter: () => new TwitterAuthProvider(),
}

/** docs/product.md §3: the current user kept after sign-in. */
export function toCurrentUser(user: User): CurrentUser {
  const created = user.metadata.creationTime ? new Date(user.metadata.creationTime) : null
  return {
    email: user.email,
    displayName: user.displayName,
    uid: user.uid,
    phoneNumber: user.phoneNumber,
    photoUrl: user.photoURL,
    createdAt: created && !Number.isNaN(created.getTime()) ? created.toISOString() : null,
  }
}

/**
 * In the browser: the session survives reloads. No popup resolver here: given at start, the SDK
 * sets up its popup and redirect machinery (an iframe, Google's loader) before it tells who is
 * signed in, which every full load of a signed-in page would wait for. Popups get it when a
 * sign-in page may need them (`preparePopups`).
 */
const browserDependencies: Dependencies = { persistence: browserLocalPersistence }

export function createFirebaseGateway(
  config: FirebaseOptions,
  emulatorUrl: string | undefined,
  dependencies: Dependencies = browserDependencies,
): AuthGateway {
  const app = initializeApp(config)
  const auth = initializeAuth(app, dependencies)
  auth.languageCode = 'pt-BR'
  // Only when the build asks for it (VITE_AUTH_EMULATOR_URL): never in a plain production build.
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true })
  // Popup sign-in: the SDK's popup machinery set up before a click, so the popup still opens
  // within the click's user activation; with the emulator, with the local stand-in for Google's
  // iframe loader that the emulator's proxy serves, so it works offline. Only where someone may
  // sign in: once the SDK says nobody is signed in (the login page).
  let popups: Promise<unknown> | null = null
  const preparePopups = () =>
    (popups ??= (emulatorUrl ? loadOfflineGapi(emulatorUrl) : Promise.resolve()).then(() =>
      // Sets the resolver up (we never sign in by redirect: there is no result to read).
      getRedirectResult(auth, browserPopupRedirectResolver).catch(() => null),
    ))
  // In the browser (tests run the SDK in memory, without popups).
  if (dependencies.persistence === browserLocalPersistence)
    onAuthStateChanged(auth, (user) => {
      if (!user) void preparePopups()
    })

  const current = () => {
    if (!auth.currentUser)
      throw Object.assign(new Error('no user'), { code: 'auth/user-token-expired' })
    return auth.currentUser
  }

  return {
    onUserChanged: (listener) =>
      onAuthStateChanged(auth, (user) => listener(user ? toCurrentUser(user) : null)),
    async readToken(forceRefresh) {
      // A session restored from the last visit may refresh its token before the SDK has
      // restored its user: wait for that first.
      await auth.authStateReady()
      const result = await current().getIdTokenResult(forceRefresh)
      const claims = claimsSchema.safeParse(result.claims)
      return { token: result.token, claims: claims.success ? claims.data : { roles: [] } }
    },
    async signInWithPassword(email, password) {
      const { user } = await signInWithEmailAndPassword(auth, email, password)
      return { uid: user.uid }
    },
    async sendSignInLink(email, continueUrl) {
      await sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true })
    },
    isSignInLink: (href) => isSignInWithEmailLink(auth, href),
    async signInWithLink(email, href) {
      const { user } = await signInWithEmailLink(auth, email, href)
      return { uid: user.uid }
    },
    async signInWithProvider(provider) {
      await preparePopups()
      const { user } = await signInWithPopup(
        auth,
        providers[provider](),
        browserPopupRedirectResolver,
      )
      return { uid: user.uid }
    },
    async sendPasswordReset(email, continueUrl) {
      await sendPasswordResetEmail(auth, email, { url: continueUrl })
    },
    signOut: () => signOut(auth),
    async reloadUser() {
      if (!auth.currentUser) return null
      await auth.currentUser.reload()
      return auth.currentUser ? toCurrentUser(auth.currentUser) : null
    },
    async reauthenticate(password) {
      const user = current()
      await reauthenticateWithCredential(
        user,
        EmailAuthProvider.credential(user.email ?? '', password),
      )
    },
    updatePassword: (newPassword) => updatePassword(current(), newPassword),
    changeEmail: (newEmail, continueUrl) =>
      verifyBeforeUpdateEmail(current(), newEmail, { url: continueUrl }),
    async emailVerified() {
      const user = current()
      await user.reload()
      return user.emailVerified
    },
    sendEmailVerification: (continueUrl) => sendEmailVerification(current(), { url: continueUrl }),
  }
}

/**
 * Installs `window.gapi` from the emulator proxy's stand-in (scripts/auth-emulator-proxy.ts).
 * When the emulator runs without that proxy the script is missing and the SDK falls back to
 * Google's own loader, which needs the internet.
 */
function loadOfflineGapi(emulatorUrl: string): Promise<void> {
  if (typeof document === 'undefined' || (window as { gapi?: unknown }).gapi)
    return Promise.resolve()
  return new Promise((resolve) => {
    const script = document.createElement('script')
    script.src = `${emulatorUrl.replace(/\/$/, '')}/__offline/gapi.js`
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      resolve()
    }
    document.head.appendChild(script)
  })
}
