import { lazy, Suspense } from 'react'
import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { isAppPath } from '@/lib/paths'

// The error pages are fetched when an error happens, not with every page: the router's default
// 404 and 500 and the root route's use these.

const ErrorPageModule = lazy(() =>
  import('./ErrorPage').then((module) => ({ default: module.ErrorPage })),
)
const AreaErrorModule = lazy(() =>
  import('./AreaError').then((module) => ({ default: module.AreaError })),
)
const NotFoundPageModule = lazy(() =>
  import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
)

/** A page that failed: inside the signed-in area, in its layout's frame; elsewhere, the 500 page. */
export function LazyErrorPage(props: ErrorComponentProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const Page = isAppPath(pathname) ? AreaErrorModule : ErrorPageModule
  return (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  )
}

export function LazyNotFoundPage({ path, embedded }: { path?: string; embedded?: boolean }) {
  return (
    <Suspense fallback={null}>
      <NotFoundPageModule path={path} embedded={embedded} />
    </Suspense>
  )
}
