import { env } from '@/config/env'
import type { SessionView } from '@/machines/session'

// Whether the identity service keeps a signed-in user in this browser, read without loading it.
// The Firebase SDK's local persistence (the gateway uses browserLocalPersistence only) keeps the
// user under this key, for as long as the person stays signed in; with none, the session can only
// settle signed out. So a full load of /app knows at once whether to wait for Firebase (someone
// is signed in: the session, the company and the page's data load in parallel with the code) or
// to show the login page straight away (Firebase then loads for the sign-in in the background).

/** Where the SDK keeps the user (app.html's first paint reads it too). */
export const storedUserKey = (apiKey: string) => `firebase:authUser:${apiKey}:[DEFAULT]`

export function identityUserStored(apiKey: string = env.firebase.apiKey): boolean {
  try {
    return window.localStorage.getItem(storedUserKey(apiKey)) !== null
  } catch {
    // Storage blocked: nothing can be known without the SDK.
    return true
  }
}

/** Nobody signed in: what the gates decide on when no user is stored (the session's own view). */
export const signedOutView: SessionView = {
  status: 'signedOut',
  user: null,
  claims: null,
  isSystemAdmin: false,
  companyId: null,
  company: null,
  track: null,
  error: null,
  refreshing: false,
}
