import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { formatDate } from '@/lib/format'
import type { Invite } from '@/schemas/engagement'
import { receivedInvitesQueryOptions, useAcceptInvite } from '@/services/account'
import { useSessionService, useSessionView } from '@/services/session'
import { Button, buttonClass } from '@/ui/Button'
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

/**
 * A notice on every signed-in page while invites wait for the person (e.g. right after signing
 * up with the invited e-mail, in the opening wizard). Silent while loading or failing: the
 * invites page itself shows the error.
 */
export function ReceivedInvitesNotice() {
  const { user, isSystemAdmin } = useSessionView()
  const { data: invites = [] } = useQuery({
    ...receivedInvitesQueryOptions(user?.uid ?? ''),
    enabled: Boolean(user) && !isSystemAdmin,
  })
  if (!user || isSystemAdmin || invites.length === 0) return null
  const names = [...new Set(invites.map((invite) => invite.companyName))]
  return (
    <div className={styles.notice}>
      <Alert
        tone="info"
        title={
          names.length === 1
            ? `Você recebeu um convite para ${names[0]}`
            : `Você recebeu ${invites.length} convites`
        }
        action={
          <Link to="/app/user/my-invites" className={buttonClass({ size: 'sm' })}>
            Ver convite{invites.length === 1 ? '' : 's'}
          </Link>
        }
      />
    </div>
  )
}
