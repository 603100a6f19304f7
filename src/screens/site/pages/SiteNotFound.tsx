import { useRouterState } from '@tanstack/react-router'
import { messages } from '@/schemas/messages'
import { StatusPage } from '@/screens/errors'
import { buttonClass } from '@/ui/Button'
import { ContentLink } from '../content/ContentLink'
import { SiteLayout } from '../layout/SiteLayout'

/**
 * The 404 page's content (docs/product.md §2: 'Page not found: {path}'), without a router: the build
 * renders it to /404.html, which the host serves for every unknown address; the browser then
 * puts the address it was asked for into the message (the block is marked `data-not-found`).
 */
export function NotFoundContent({ path }: { path: string }) {
  return (
    <div data-not-found={path}>
      <StatusPage
        embedded
        status={404}
        title="Page Not Found"
        message={messages.pageNotFound(path)}
        description="Não encontramos esta página. Ela pode ter mudado de endereço ou nunca ter existido."
        actions={
          <>
            <ContentLink href="/" className={buttonClass()}>
              Ir para o início
            </ContentLink>
            <ContentLink href="/tools/cnae" className={buttonClass({ variant: 'secondary' })}>
              Consultar CNAE
            </ContentLink>
          </>
        }
      />
    </div>
  )
}

/** The 404 page inside the site's layout (unknown path, city or CNAE), in the client-side app. */
export function SiteNotFound() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <>
      <title>Página não encontrada | Contabil</title>
      <meta name="robots" content="noindex" />
      <NotFoundContent path={pathname} />
    </>
  )
}

/** For paths no route matches: the same page with the site's header and footer. */
export default function SiteNotFoundWithLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <SiteLayout pathname={pathname}>
      <SiteNotFound />
    </SiteLayout>
  )
}
