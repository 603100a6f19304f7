import Cookies from 'js-cookie'
import { claimsSchema } from '@/schemas/claims'
import { currentUserSchema } from '@/schemas/user'
import { identityUserStored } from './stored-user'
import type { HeldSession, SessionPersistence } from './types'

const COMPANY_KEY = 'contabil.companyId'
const LINK_EMAIL_KEY = 'contabil.emailForSignIn'
const COOKIES = ['currentUser', 'claims', 'accessToken'] as const

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

const cookieOptions = (): Cookies.CookieAttributes => ({
  sameSite: 'lax',
  path: '/',
  secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
})

/** docs/product.md §4: cookies currentUser, claims and accessToken with sameSite lax. */
export const browserPersistence: SessionPersistence = {
  save({ user, claims, accessToken }) {
    const options = cookieOptions()
    if (user) Cookies.set('currentUser', JSON.stringify(user), options)
    if (claims) Cookies.set('claims', JSON.stringify(claims), options)
    if (accessToken) Cookies.set('accessToken', accessToken, options)
  },
  heldSession() {
    if (!identityUserStored()) return null
    const token = Cookies.get('accessToken')
    const user = currentUserSchema.safeParse(parsedCookie('currentUser'))
    const claims = claimsSchema.safeParse(parsedCookie('claims'))
    if (!token || !user.success || !claims.success) return null
    return { user: user.data, token, claims: claims.data } satisfies HeldSession
  },
  clear() {
    for (const name of COOKIES) Cookies.remove(name, { path: '/' })
    storage()?.removeItem(COMPANY_KEY)
  },
  heldCompanyId: () => storage()?.getItem(COMPANY_KEY) ?? null,
  holdCompanyId(companyId) {
    if (companyId) storage()?.setItem(COMPANY_KEY, companyId)
    else storage()?.removeItem(COMPANY_KEY)
  },
  linkEmail: () => storage()?.getItem(LINK_EMAIL_KEY) ?? null,
  holdLinkEmail(email) {
    if (email) storage()?.setItem(LINK_EMAIL_KEY, email)
    else storage()?.removeItem(LINK_EMAIL_KEY)
  },
}

function parsedCookie(name: string): unknown {
  const raw = Cookies.get(name)
  if (raw === undefined) return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}
