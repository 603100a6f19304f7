import { useContext, useEffect, useState } from 'react'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { recordError } from '@/services/errors'
import { SessionContext } from '@/services/session'
import { Button, buttonClass } from '@/ui/Button'
import { StatusPage } from './StatusPage'

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status

/**
 * An error inside a signed-in layout, drawn in the layout's frame with the one status page:
 * 403 (docs/product.md §6: /app/admin/* is for system admins), a company that could not be loaded,
 * or any other failure — recorded, with "Tentar de novo", which reloads the company when that
 * failed and runs the page's loaders again.
 */
export function AreaError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  // Absent when the session itself failed to load (the /app route's own check).
  const session = useContext(SessionContext)
  const [retrying, setRetrying] = useState(false)
  const forbidden = statusOf(error) === 403
  const companyError = (error as Error | null)?.name === 'CompanyUnavailableError'

  useEffect(() => {
    if (!forbidden) recordError(error, 'router')
  }, [error, forbidden])

  if (forbidden) {
    return (
      <>
        <title>Acesso negado | Contabil</title>
        <StatusPage
          embedded
          status={403}
          title="Acesso negado"
          message={router.state.location.pathname}
          description="Esta área é do back office da Contabil, só para a equipe de administradores do sistema. Se você precisa de algo daqui, fale com o seu contador."
          actions={
            <Link to="/app/panel" className={buttonClass()}>
              Ir para o painel
            </Link>
          }
        />
      </>
    )
  }

  async function retry() {
    setRetrying(true)
    try {
      if (companyError && session) await session.reloadCompany()
      reset()
      await router.invalidate()
    } finally {
      setRetrying(false)
    }
  }

  return (
    <>
      <title>Algo deu errado | Contabil</title>
      <StatusPage
        embedded
        status={500}
        title={companyError ? 'Não conseguimos abrir sua empresa' : 'Algo deu errado'}
        message={error instanceof Error && error.message ? error.message : 'Erro desconhecido'}
        description="O erro foi registrado. Tente de novo; se continuar, fale com o suporte."
        actions={
          <Button onClick={() => void retry()} loading={retrying}>
            Tentar de novo
          </Button>
        }
      />
    </>
  )
}
