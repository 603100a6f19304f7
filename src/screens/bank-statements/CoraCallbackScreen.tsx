import { useEffect, useRef } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { env } from '@/config/env'
import { useConnectCora } from '@/services/bank-statements'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { accountName, transactionCount } from './bank-format'

export const CORA_DENIED =
  'Você recusou o acesso no Cora. Se mudar de ideia, conecte de novo pela página de extratos.'
export const CORA_NO_CODE =
  'O Cora não devolveu a autorização. Tente conectar de novo pela página de extratos.'

/**
 * /app/auth/cora/callback: the return from Cora's authorization. The code is exchanged once, with
 * the state it came with; then back to the accounts, where the new account is, with a toast. A
 * refusal, or a code that was already used or expired (a reload of this page), says so.
 */
export function CoraCallbackScreen({
  code,
  state,
  error,
}: {
  code?: string
  state?: string
  error?: string
}) {
  const { user, companyId, company } = useSessionView()
  const connect = useConnectCora()
  const navigate = useNavigate()
  const started = useRef(false)
  // docs/product.md §6: the Cora integration is behind an e-mail allow-list.
  const allowed = Boolean(user?.email && env.flags.coraEmails.includes(user.email))

  useEffect(() => {
    // A code is good for one exchange: never twice, even when effects run twice.
    if (started.current || !allowed || !code || !state || error || !companyId) return
    started.current = true
    connect.mutate(
      { code, state, companyId },
      {
        onSuccess: ({ account, imported }) => {
          notify.success(
            `Conta Cora conectada: ${accountName(account)}, ${transactionCount(imported)} importadas.`,
          )
          void navigate({ to: '/app/bank-statements/accounts', replace: true })
        },
      },
    )
  }, [allowed, code, state, error, companyId, connect, navigate])

  let body
  if (!allowed) {
    body = (
      <Alert tone="info" title="A integração com o Cora ainda não está disponível para sua conta.">
        Envie seus extratos em arquivo OFX pela página de extratos.
      </Alert>
    )
  } else if (error || !code || !state) {
    body = (
      <Alert tone="warning" title="A conexão com o Cora não foi autorizada.">
        {error === 'access_denied' ? CORA_DENIED : CORA_NO_CODE}
      </Alert>
    )
  } else if (connect.isError) {
    body = (
      <Alert tone="danger" title="A conexão com o Cora não foi concluída.">
        {connect.error.message} Conecte de novo pela página de extratos.
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
        <div>
          <Link
            to="/app/bank-statements/accounts"
            className={buttonClass({ variant: 'secondary' })}
          >
            Ir para os extratos
          </Link>
        </div>
      </Card>
    </>
  )
}
