import { lazy, Suspense } from 'react'
import type { ErrorComponentProps } from '@tanstack/react-router'

// The error pages are fetched when an error happens, not with every page: the router's default
// 404 and 500 and the root route's use these.

const ErrorPageModule = lazy(() =>
  import('./ErrorPage').then((module) => ({ default: module.ErrorPage })),
)
const NotFoundPageModule = lazy(() =>
  import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
)

export function LazyErrorPage(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPageModule {...props} />
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
