import { useEffect } from 'react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { recordError } from '@/services/errors'
import { Button } from '@/ui/Button'
import { StatusPage } from './StatusPage'

/** 500: the global error handler records the error and shows this page (docs/product.md §8). */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  useEffect(() => {
    recordError(error, 'router')
  }, [error])
  return (
    <>
      <title>Erro inesperado | Contabil</title>
      <StatusPage
        status={500}
        title="Internal Server Error"
        message={error instanceof Error && error.message ? error.message : 'Erro desconhecido'}
        description="Algo deu errado ao abrir esta página. O erro foi registrado; tente de novo em instantes."
        actions={
          <>
            <Button
              onClick={() => {
                reset()
                void router.invalidate()
              }}
            >
              Tentar de novo
            </Button>
            <Button variant="secondary" onClick={() => window.location.assign('/')}>
              Ir para o início
            </Button>
          </>
        }
      />
    </>
  )
}
