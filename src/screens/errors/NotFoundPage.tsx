import { useContext } from 'react'
import { Link, useLocation } from '@tanstack/react-router'
import { isAppPath } from '@/lib/paths'
import { messages } from '@/schemas/messages'
import { SessionContext, homePathFor } from '@/services/session'
import { Button } from '@/ui/Button'
import { StatusPage } from './StatusPage'

/**
 * 404 for an unknown path or a failed check on load. In the signed-in area (docs/product.md §2) it
 * is drawn inside the layout's <main>, in Portuguese, with the way back to the person's home;
 * elsewhere it is the public 'Page not found: {path}'.
 */
export function NotFoundPage({ path, embedded }: { path?: string; embedded?: boolean }) {
  const location = useLocation()
  const shown = path ?? location.pathname
  // Absent when the visitor is signed out (the /app route's own 404): the panel, behind the login.
  const session = useContext(SessionContext)
  const inApp = isAppPath(shown)
  const home = session ? homePathFor(session.view()) : '/app/panel'
  return (
    <>
      <title>Página não encontrada | Contabil</title>
      <meta name="robots" content="noindex" />
      <StatusPage
        embedded={inApp || embedded}
        status={404}
        title={inApp ? 'Página não encontrada' : 'Page Not Found'}
        message={inApp ? messages.appPageNotFound(shown) : messages.pageNotFound(shown)}
        description="Não encontramos esta página. Ela pode ter mudado de endereço ou nunca ter existido."
        actions={
          inApp ? (
            <Button asChild>
              <Link to={home}>
                {home === '/app/panel' ? 'Voltar ao painel' : 'Voltar às empresas'}
              </Link>
            </Button>
          ) : (
            <>
              <Button asChild>
                <Link to="/">Ir para o início</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/tools/cnae">Consultar CNAE</Link>
              </Button>
            </>
          )
        }
      />
    </>
  )
}
