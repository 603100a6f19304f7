import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate } from '@/lib/format'
import { meQueryOptions } from '@/services/account'
import { useSessionView } from '@/services/session'
import { Badge } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { rolesSummary } from '@/schemas/glossary'
import { CompanyDetails, SUPPORT_EMAIL } from '@/screens/shared'
import { DeleteAccountCard } from './DeleteAccountCard'
import { EmailForm } from './EmailForm'
import { PasswordForm } from './PasswordForm'
import { PhotoPicker } from './PhotoPicker'
import { ProfileDetailsForm } from './ProfileDetailsForm'
import styles from './Account.module.css'

/**
 * /app/user/my-profile: name, mobile and photo; password and e-mail (through the identity
 * service); the company's data, read-only; deleting the account.
 */
export function MyProfileScreen() {
  const { user } = useSessionView()
  if (!user) return null
  return <Profile uid={user.uid} />
}

function Profile({ uid }: { uid: string }) {
  const { user, claims, company } = useSessionView()
  const { data: me } = useSuspenseQuery(meQueryOptions(uid))
  const email = user?.email ?? me.email
  return (
    <div className={styles.page}>
      <PageHeader title="Meu perfil" description="Seus dados de acesso à Contabil." />

      <section aria-labelledby="seus-dados">
        <Card>
          <h2 id="seus-dados" className={styles.cardTitle}>
            Seus dados
          </h2>
          <div className={styles.profileTop}>
            {user && <PhotoPicker user={user} />}
            <div className={styles.identity}>
              <p className={styles.identityEmail}>{email}</p>
              <div className="row">
                {(claims?.roles ?? []).map((role) => (
                  <Badge key={role} tone="info">
                    {rolesSummary([role], claims?.companies?.length ?? 0)}
                  </Badge>
                ))}
              </div>
              <p className={styles.note}>Conta criada em {formatDate(me.createdAt)}.</p>
            </div>
          </div>
          <ProfileDetailsForm me={me} />
        </Card>
      </section>

      <div className={styles.columns}>
        <section aria-labelledby="senha">
          <Card>
            <h2 id="senha" className={styles.cardTitle}>
              Senha
            </h2>
            <PasswordForm />
          </Card>
        </section>
        <section aria-labelledby="email-acesso">
          <Card>
            <h2 id="email-acesso" className={styles.cardTitle}>
              E-mail de acesso
            </h2>
            <EmailForm email={email} />
          </Card>
        </section>
      </div>

      {company && (
        <section aria-labelledby="dados-empresa">
          <Card>
            <h2 id="dados-empresa" className={styles.cardTitle}>
              Dados da empresa
            </h2>
            <p className={styles.note} style={{ marginBottom: 'var(--space-4)' }}>
              Os dados da empresa são alterados pelo seu contador, que confere cada mudança com a
              Junta Comercial e a Receita. Precisa mudar algo? Escreva para{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            </p>
            <CompanyDetails company={company} />
          </Card>
        </section>
      )}

      <DeleteAccountCard uid={uid} email={email} />
    </div>
  )
}
