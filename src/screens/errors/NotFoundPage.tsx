import { Link, useLocation } from '@tanstack/react-router'
import { messages } from '@/schemas/messages'
import { Button } from '@/ui/Button'
import { StatusPage } from './StatusPage'

/** 404 for an unknown path or a failed check on load: 'Page not found: {path}'. */
export function NotFoundPage({ path, embedded }: { path?: string; embedded?: boolean }) {
  const location = useLocation()
  const shown = path ?? location.pathname
  return (
    <>
      <title>Página não encontrada | Contabil</title>
      <meta name="robots" content="noindex" />
      <StatusPage
        embedded={embedded}
        status={404}
        title="Page Not Found"
        message={messages.pageNotFound(shown)}
        description="Não encontramos esta página. Ela pode ter mudado de endereço ou nunca ter existido."
        actions={
          <>
            <Button asChild>
              <Link to="/">Ir para o início</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/tools/cnae">Consultar CNAE</Link>
            </Button>
          </>
        }
      />
    </>
  )
}
