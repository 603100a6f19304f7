import { lazy, Suspense } from 'react'
import {
  HeadContent,
  Outlet,
  createRootRouteWithContext,
  redirect,
  useRouterState,
} from '@tanstack/react-router'
import { findRedirect } from '@/schemas/redirects'
import { isAppPath, loadQuery, loadedQuery } from '@/services/query/lazy'
import type { RouterContext } from '@/services/router-context'
import { ConsentGate } from '@/screens/site/consent/ConsentGate'
import { LazyErrorPage, LazyNotFoundPage } from '@/screens/errors/lazy'
import { Toaster } from '@/ui/Toaster'

// SPEC section 1: the site's title and description.
export const SITE_TITLE = 'Contabil | O controle da sua empresa, reinventado'
export const SITE_DESCRIPTION =
  'Contabilidade sem burocracia, rápida e segura: resolva tudo online, pelo melhor preço.'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The fixed redirect table (src/schemas/redirects.ts), before any route loads.
  beforeLoad: async ({ location }) => {
    const target = findRedirect(location.pathname, location.searchStr)
    if (target) throw redirect({ href: target, replace: true })
    // The signed-in area reads through React Query; it is loaded with it, never by public pages.
    if (isAppPath(location.pathname)) await loadQuery()
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

function Root() {
  // Re-rendered on navigation, so the React Query provider appears once the area that needs it
  // loaded it (and then stays, so moving between areas never remounts the page for it).
  useRouterState({ select: (state) => state.location.pathname })
  const query = loadedQuery()
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      {query ? (
        <query.QueryRoot>
          <Outlet />
        </query.QueryRoot>
      ) : (
        <Outlet />
      )}
      <Toaster />
      <ConsentGate />
    </>
  )
}
