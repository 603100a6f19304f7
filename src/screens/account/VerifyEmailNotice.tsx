import { useState } from 'react'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import styles from './Account.module.css'

/**
 * Why an invite cannot be accepted yet, and the way out: the e-mail must be confirmed first (an
 * invite is for whoever owns the address, and anyone can sign up with any address). Sends the
 * confirmation link, and checks again once the person says they opened it.
 */
export function VerifyEmailNotice({
  email,
  sending,
  checking,
  onSend,
  onCheck,
}: {
  email: string
  sending: boolean
  checking: boolean
  onSend: () => Promise<boolean>
  onCheck: () => void
}) {
  const [sent, setSent] = useState(false)
  return (
    <Alert tone="info" title="Confirme seu e-mail para aceitar">
      <div className={styles.verifyNotice}>
        <p>
          O convite foi enviado para {email}. Para ter certeza de que quem aceita é quem recebe os
          e-mails desse endereço, confirme que ele é seu pelo link que enviamos para ele.
        </p>
        {sent && (
          <p>
            Link enviado para {email}. Abra o link na sua caixa de entrada e depois volte aqui e
            clique em <strong>Já confirmei</strong>.
          </p>
        )}
        <div className={styles.actions}>
          <Button
            size="sm"
            variant={sent ? 'secondary' : 'primary'}
            loading={sending}
            onClick={() => void onSend().then((ok) => ok && setSent(true))}
          >
            {sent ? 'Enviar o link de novo' : 'Enviar link de confirmação'}
          </Button>
          <Button size="sm" variant="ghost" loading={checking} onClick={onCheck}>
            Já confirmei
          </Button>
        </div>
      </div>
    </Alert>
  )
}
