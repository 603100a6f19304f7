import { Outlet, createFileRoute } from '@tanstack/react-router'
import { loadQuery } from '@/services/query/lazy'
import { SessionProvider } from '@/services/session'
import { AreaError } from '@/screens/errors/AreaError'
import { PageSkeleton } from '@/ui/Skeleton'
import { SessionWatcher } from './-session-watcher'

// Every /app route: the session (Firebase included) is loaded here, on first use, and settled
// before any gate decides. Public routes never reach this. Below here the context always has
// `queryClient`, for the loaders' `ensureQueryData`.
export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context }) => {
    const [session, queryClient] = await Promise.all([
      context.loadSession(),
      context.queryClient ?? loadQuery().then((module) => module.queryClient),
    ])
    const view = await session.settled()
    return { session, view, queryClient }
  },
  pendingComponent: () => <PageSkeleton label="Abrindo sua área…" />,
  errorComponent: AreaError,
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
