import { lazy, Suspense } from 'react'
import {
  HeadContent,
  Outlet,
  createRootRouteWithContext,
  redirect,
  useRouterState,
} from '@tanstack/react-router'
import { findRedirect } from '@/schemas/redirects'
import { isAppPath } from '@/services/query/lazy'
import type { RouterContext } from '@/services/router-context'
import { ConsentGate } from '@/screens/site/consent/ConsentGate'
import { LazyErrorPage, LazyNotFoundPage } from '@/screens/errors/lazy'
import { Toaster } from '@/ui/Toaster'

// docs/product.md §1: the site's title and description.
export const SITE_TITLE = 'Contabil | O controle da sua empresa, reinventado'
export const SITE_DESCRIPTION =
  'Contabilidade sem burocracia, rápida e segura: resolva tudo online, pelo melhor preço.'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The fixed redirect table (src/schemas/redirects.ts), before any route loads. React Query comes
  // with the signed-in layouts that read through it (src/routes/app/-query-context.ts).
  beforeLoad: ({ location }) => {
    const target = findRedirect(location.pathname, location.searchStr)
    if (target) throw redirect({ href: target, replace: true })
  },
  head: () => ({
    meta: [{ title: SITE_TITLE }, { name: 'description', content: SITE_DESCRIPTION }],
  }),
  component: Root,
  notFoundComponent: RootNotFound,
  errorComponent: LazyErrorPage,
})

const SiteNotFoundWithLayout = lazy(() => import('@/screens/site/pages/SiteNotFound'))

/** An unknown address: inside the public site's layout, unless it is under the signed-in area. */
function RootNotFound() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  if (isAppPath(pathname)) return <LazyNotFoundPage />
  return (
    <Suspense fallback={null}>
      <SiteNotFoundWithLayout />
    </Suspense>
  )
}

// React Query's provider comes with the signed-in layouts that read through it (src/routes/app):
// public pages and the login page never load React Query.
function Root() {
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <Outlet />
      <Toaster />
      <ConsentGate />
    </>
  )
}
