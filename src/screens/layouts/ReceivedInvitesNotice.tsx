import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { receivedInvitesQueryOptions } from '@/services/account'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import styles from './ReceivedInvitesNotice.module.css'

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
