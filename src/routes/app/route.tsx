import { Outlet, createFileRoute } from '@tanstack/react-router'
import { onFirstInteraction } from '@/lib/first-interaction'
import { SessionProvider, identityUserStored, signedOutView } from '@/services/session'
import { AreaError } from '@/screens/errors/AreaError'
import { PageSkeleton } from '@/ui/Skeleton'
import { SessionWatcher } from './-session-watcher'

// Every /app route: the session (Firebase included) is loaded here, on first use, and settled
// before any gate decides. Public routes never reach this. The layouts that require a session
// add React Query's client to the context once their gates passed (./-query-context.ts), for
// the loaders' `ensureQueryData`.
//
// When the identity service keeps no user in this browser, the session can only settle signed
// out: the gates decide on that at once (the login page shows, or sends there), and the session
// (Firebase and the statechart) loads once the visitor starts using the page (a key, a tap, a
// field focused) or a form asks for it: typing an e-mail and a password leaves it ample time,
// and the page is usable without waiting for it. Finishing an e-mail link is the exception: that
// page needs the identity service to read the link.
/** The session is set to load on the visitor's first use of the page (once per page). */
let loadsWhenUsed = false

export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context, location }) => {
    const finishingEmailLink = (location.search as { mode?: unknown }).mode === 'signIn'
    if (!finishingEmailLink && !identityUserStored()) {
      // A failure to load shows when a form asks for the session.
      if (!loadsWhenUsed)
        onFirstInteraction(() => void context.loadSession().catch(() => undefined))
      loadsWhenUsed = true
      return { session: null, view: signedOutView }
    }
    const session = await context.loadSession()
    return { session, view: await session.settled() }
  },
  pendingComponent: () => <PageSkeleton label="Abrindo sua área…" />,
  errorComponent: AreaError,
  component: AppArea,
})

function AppArea() {
  const { session, loadSession } = Route.useRouteContext()
  return (
    <SessionProvider service={session} load={loadSession}>
      {session && <SessionWatcher />}
      <Outlet />
    </SessionProvider>
  )
}
