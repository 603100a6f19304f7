import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { env } from '@/config/env'
import { useConnectCora } from '@/services/bank-statements/connect-cora'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'

const backToAccounts = (
  <Link to="/app/bank-statements/accounts" className={buttonClass({ variant: 'secondary' })}>
    Ir para os extratos
  </Link>
)

/** /app/auth/cora/callback: the return from Cora's authorization, finishing the connection. */
export function CoraCallbackScreen({ code, error }: { code?: string; error?: string }) {
  const { user, company } = useSessionView()
  const connect = useConnectCora()
  const started = useRef(false)
  // SPEC section 6: the Cora integration is behind an e-mail allow-list.
  const allowed = Boolean(user?.email && env.flags.coraEmails.includes(user.email))

  useEffect(() => {
    // A code is good for one exchange: never twice, even when effects run twice.
    if (started.current || !allowed || !code || !company) return
    started.current = true
    connect.mutate(
      { code, companyId: company.id },
      { onSuccess: () => notify.success('Conta Cora conectada.') },
    )
  }, [allowed, code, company, connect])

  let body
  if (!allowed) {
    body = (
      <Alert tone="info" title="A integração com o Cora ainda não está disponível para sua conta.">
        Envie seus extratos em arquivo OFX pela página de extratos.
      </Alert>
    )
  } else if (error || !code) {
    body = (
      <Alert tone="warning" title="A conexão com o Cora não foi autorizada.">
        {error === 'access_denied'
          ? 'Você recusou o acesso no Cora. Se mudar de ideia, conecte de novo pela página de extratos.'
          : 'O Cora não devolveu a autorização. Tente conectar de novo pela página de extratos.'}
      </Alert>
    )
  } else if (connect.isError) {
    body = <Alert tone="danger" title={connect.error.message} />
  } else if (connect.isSuccess) {
    const { imported, duplicates, account } = connect.data
    body = (
      <Alert tone="success" title="Conta Cora conectada">
        {imported === 1 ? '1 movimentação importada' : `${imported} movimentações importadas`}
        {duplicates > 0 ? ` (${duplicates} já estavam aqui)` : ''}.{' '}
        <Link
          to="/app/bank-statements/accounts/$accountId/transactions"
          params={{ accountId: account.id }}
        >
          Ver movimentações
        </Link>
      </Alert>
    )
  } else {
    body = <Loading label="Conectando sua conta Cora…" />
  }

  return (
    <>
      <PageHeader
        title="Conexão com o Cora"
        description={company ? `Extratos de ${company.alias ?? company.name}` : undefined}
      />
      <Card className="stack">
        {body}
        <div>{backToAccounts}</div>
      </Card>
    </>
  )
}
