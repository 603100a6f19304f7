import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { loginHref } from '@/guards/safe-next'
import { useSessionService } from '@/services/session/react'

/**
 * Keeps the page in step with the session: a company switch, a sign-out in another tab or a
 * company that changed status re-runs the gates; an expired session goes to the login page with
 * the current path in `next`.
 */
export function SessionWatcher() {
  const session = useSessionService()
  const router = useRouter()

  useEffect(
    () =>
      session.bindExpiry((path) => {
        void router.navigate({ href: loginHref(path), replace: true })
      }),
    [session, router],
  )

  useEffect(() => session.onGateChange(() => void router.invalidate()), [session, router])

  return null
}
