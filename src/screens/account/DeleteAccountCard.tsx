import { useMemo, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { accountDeleteSchema } from '@/schemas/profile'
import { useDeleteAccount } from '@/services/account'
import { useSessionService } from '@/services/session'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { Card } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import styles from './Account.module.css'

/** Deleting the account: typing the e-mail confirms it; then the person is signed out. */
export function DeleteAccountCard({ uid, email }: { uid: string; email: string }) {
  const session = useSessionService()
  const navigate = useNavigate()
  const remove = useDeleteAccount()
  const schema = useMemo(() => accountDeleteSchema(email), [email])
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  async function confirm() {
    const check = schema.safeParse({ email: typed })
    if (!check.success) return setError(check.error.issues[0]?.message ?? null)
    setError(null)
    setFailure(null)
    try {
      await remove.mutateAsync(uid)
      await session.logout()
      notify.info('Sua conta foi excluída.')
      await navigate({ to: '/app/login', replace: true })
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'Não foi possível excluir a conta.')
    }
  }

  return (
    <section aria-labelledby="excluir-conta">
      <Card className={styles.danger}>
        <h2 id="excluir-conta" className={styles.cardTitle}>
          Excluir conta
        </h2>
        <p className={styles.note}>
          Sua conta e o seu acesso às empresas são apagados. As empresas e os documentos delas
          continuam com os outros responsáveis e com a contabilidade.
        </p>
        <div className={styles.actions} style={{ marginTop: 'var(--space-4)' }}>
          <Button variant="danger" onClick={() => setOpen(true)}>
            Excluir minha conta
          </Button>
        </div>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next)
            if (!next) {
              setTyped('')
              setError(null)
              setFailure(null)
            }
          }}
          title="Excluir sua conta?"
          description={`Isso não pode ser desfeito. Para confirmar, digite ${email}.`}
          footer={
            <>
              <Button
                variant="secondary"
                onClick={() => setOpen(false)}
                disabled={remove.isPending}
              >
                Cancelar
              </Button>
              <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
                Excluir conta
              </Button>
            </>
          }
        >
          <form
            className="stack"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              void confirm()
            }}
          >
            {failure && <Alert tone="danger" title={failure} />}
            <TextField
              label="Seu e-mail"
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={error ?? undefined}
            />
          </form>
        </Dialog>
      </Card>
    </section>
  )
}
