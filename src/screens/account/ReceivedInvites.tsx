import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatDate } from '@/lib/format'
import { inviteMessages, type Invite } from '@/schemas/engagement'
import {
  emailVerifiedQueryOptions,
  receivedInvitesQueryOptions,
  useAcceptInvite,
  useSendEmailVerification,
} from '@/services/account'
import { useSessionService, useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { Card } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import styles from './Account.module.css'
import { VerifyEmailNotice } from './VerifyEmailNotice'

/**
 * Invites sent to the signed-in person's e-mail: accept one, and the company joins their
 * selector at once (the session reads the new claims; no sign-out). Accepting needs a confirmed
 * e-mail (the server checks it): until then the card says why and sends the confirmation link.
 */
export function ReceivedInvites({ uid }: { uid: string }) {
  const session = useSessionService()
  const { user } = useSessionView()
  const { data: invites = [] } = useQuery(receivedInvitesQueryOptions(uid))
  const verified = useQuery({
    ...emailVerifiedQueryOptions(uid, session.gateway),
    enabled: invites.length > 0,
  })
  const sendVerification = useSendEmailVerification(session.gateway)
  const accept = useAcceptInvite(uid, () => session.refreshClaims())
  const [joined, setJoined] = useState<Invite | null>(null)
  const [opening, setOpening] = useState(false)
  // Accepting waits for the identity service's answer; if it cannot be read, the server decides.
  const mayAccept = verified.data === true || verified.isError

  const sendLink = () =>
    sendVerification
      .mutateAsync(`${window.location.origin}/app/user/my-invites`)
      .then(() => true)
      .catch((error: Error) => {
        notify.error(error.message)
        return false
      })

  async function open(invite: Invite) {
    setOpening(true)
    try {
      const view = await session.selectCompany(invite.companyId)
      if (view.companyId === invite.companyId)
        notify.info(`Empresa selecionada: ${view.company?.alias ?? invite.companyName}`)
      else notify.error('Não foi possível abrir esta empresa agora. Tente de novo.')
    } finally {
      setOpening(false)
    }
  }

  if (invites.length === 0 && !joined) return null
  return (
    <section aria-labelledby="convites-recebidos">
      <Card>
        <h2 id="convites-recebidos" className={styles.cardTitle}>
          Convites para você
        </h2>
        <div className="stack">
          {invites.length > 0 && verified.data === false && (
            <VerifyEmailNotice
              email={user?.email ?? ''}
              sending={sendVerification.isPending}
              checking={verified.isFetching}
              onSend={sendLink}
              onCheck={() => void verified.refetch()}
            />
          )}
          {joined && (
            <Alert
              tone="success"
              title={`Agora você tem acesso a ${joined.companyName}`}
              action={
                <Button size="sm" loading={opening} onClick={() => void open(joined)}>
                  Abrir {joined.companyName}
                </Button>
              }
            >
              A empresa já está no seu seletor de empresas.
            </Alert>
          )}
          {invites.map((invite) => (
            <div key={invite.id} className={styles.inviteRow}>
              <div className={styles.stacked}>
                <strong>{invite.companyName}</strong>
                <span className="muted">
                  {invite.invitedByName} convidou você em {formatDate(invite.createdAt)} · vale até{' '}
                  {formatDate(invite.expiresAt)}
                </span>
              </div>
              <Button
                size="sm"
                loading={accept.isPending && accept.variables === invite.id}
                disabled={accept.isPending || !mayAccept}
                onClick={() =>
                  accept.mutate(invite.id, {
                    onSuccess: () => {
                      setJoined(invite)
                      notify.success(`Convite aceito: ${invite.companyName}`)
                    },
                    onError: (error) => {
                      notify.error(error.message)
                      // The server found the e-mail unconfirmed: show why, with the link.
                      if (error.message === inviteMessages.emailNotVerified) void verified.refetch()
                    },
                  })
                }
                aria-label={`Aceitar convite para ${invite.companyName}`}
              >
                Aceitar
              </Button>
            </div>
          ))}
        </div>
      </Card>
    </section>
  )
}
