import { Outlet, createFileRoute } from '@tanstack/react-router'
import { SessionProvider } from '@/services/session/react'
import { SessionWatcher } from './-session-watcher'

// Every /app route: the session (Firebase included) is loaded here, on first use, and settled
// before any gate decides. Public routes never reach this.
export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context }) => {
    const session = await context.loadSession()
    const view = await session.settled()
    return { session, view }
  },
  component: AppArea,
})

function AppArea() {
  const { session } = Route.useRouteContext()
  return (
    <SessionProvider service={session}>
      <SessionWatcher />
      <Outlet />
    </SessionProvider>
  )
}
