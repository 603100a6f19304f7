import { useEffect, useState } from 'react'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { recordError } from '@/services/errors'
import { useSessionService } from '@/services/session/react'
import { Button, buttonClass } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { Icon } from '@/ui/Icon'
import { Card, PageHeader } from '@/ui/Layout'
import styles from './AreaError.module.css'

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status

/** 403 inside the signed-in area (PRODUCT.md: /app/admin/* is for system admins). */
export function ForbiddenScreen({ path }: { path: string }) {
  return (
    <>
      <title>Acesso negado | Contabil</title>
      <Card className={styles.box}>
        <span className={styles.icon}>
          <Icon name="lock" size={28} />
        </span>
        <p className={styles.status} aria-hidden="true">
          403
        </p>
        <h1>
          <span className="visually-hidden">Erro 403: </span>Acesso negado
        </h1>
        <p className={styles.path} data-testid="status-message">
          {path}
        </p>
        <p className="muted">
          Esta área é do back office da Contabil, só para a equipe de administradores do sistema. Se
          você precisa de algo daqui, fale com o seu contador.
        </p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <Link to="/app/panel" className={buttonClass()}>
            Ir para o painel
          </Link>
        </div>
      </Card>
    </>
  )
}

/**
 * An error inside a signed-in layout: the 403 screen, a company that could not be loaded (with
 * a retry), or any other failure (recorded, with a retry), all inside the layout's frame.
 */
export function AreaError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const session = useSessionService()
  const [retrying, setRetrying] = useState(false)
  const forbidden = statusOf(error) === 403
  const companyError = (error as Error | null)?.name === 'CompanyUnavailableError'

  useEffect(() => {
    if (!forbidden) recordError(error, 'router')
  }, [error, forbidden])

  if (forbidden) return <ForbiddenScreen path={router.state.location.pathname} />

  async function retry() {
    setRetrying(true)
    try {
      if (companyError) await session.reloadCompany()
      reset()
      await router.invalidate()
    } finally {
      setRetrying(false)
    }
  }

  return (
    <>
      <title>Algo deu errado | Contabil</title>
      <PageHeader
        title={companyError ? 'Não conseguimos abrir sua empresa' : 'Algo deu errado'}
        description="O erro foi registrado. Tente de novo; se continuar, fale com o suporte."
      />
      <Alert
        tone="danger"
        title={error instanceof Error && error.message ? error.message : 'Erro desconhecido'}
        action={
          <Button size="sm" onClick={() => void retry()} loading={retrying}>
            Tentar de novo
          </Button>
        }
      />
    </>
  )
}
