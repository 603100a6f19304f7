import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatDate } from '@/lib/format'
import type { Invite } from '@/schemas/engagement'
import { receivedInvitesQueryOptions, useAcceptInvite } from '@/services/account'
import { useSessionService } from '@/services/session'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { Card } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import styles from './Account.module.css'

/**
 * Invites sent to the signed-in person's e-mail: accept one, and the company joins their
 * selector at once (the session reads the new claims; no sign-out).
 */
export function ReceivedInvites({ uid }: { uid: string }) {
  const session = useSessionService()
  const { data: invites = [] } = useQuery(receivedInvitesQueryOptions(uid))
  const accept = useAcceptInvite(uid, () => session.refreshClaims())
  const [joined, setJoined] = useState<Invite | null>(null)
  const [opening, setOpening] = useState(false)

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
                disabled={accept.isPending}
                onClick={() =>
                  accept.mutate(invite.id, {
                    onSuccess: () => {
                      setJoined(invite)
                      notify.success(`Convite aceito: ${invite.companyName}`)
                    },
                    onError: (error) => notify.error(error.message),
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
