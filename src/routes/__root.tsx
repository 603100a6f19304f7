import { HeadContent, Outlet, createRootRouteWithContext, redirect } from '@tanstack/react-router'
import { findRedirect } from '@/guards/redirects'
import type { RouterContext } from '@/services/router-context'
import { ErrorPage } from '@/screens/errors/ErrorPage'
import { NotFoundPage } from '@/screens/errors/NotFoundPage'
import { Toaster } from '@/ui/Toaster'

// SPEC section 1: the site's title and description.
export const SITE_TITLE = 'Contabil | O controle da sua empresa, reinventado'
export const SITE_DESCRIPTION =
  'Contabilidade sem burocracia, rápida e segura: resolva tudo online, pelo melhor preço.'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The fixed redirect table (src/guards/redirects.ts), before any route loads.
  beforeLoad: ({ location }) => {
    const target = findRedirect(location.pathname, location.searchStr)
    if (target) throw redirect({ href: target, replace: true })
  },
  head: () => ({
    meta: [{ title: SITE_TITLE }, { name: 'description', content: SITE_DESCRIPTION }],
  }),
  component: Root,
  notFoundComponent: () => <NotFoundPage />,
  errorComponent: ErrorPage,
})

function Root() {
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <Outlet />
      <Toaster />
    </>
  )
}
