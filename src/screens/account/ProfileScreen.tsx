import { formatMobile } from '@/schemas/brazil'
import { formatDate } from '@/lib/format'
import { useSessionView } from '@/services/session'
import { Avatar } from '@/ui/Avatar'
import { Badge } from '@/ui/Feedback'
import { DescriptionList } from '@/ui/DescriptionList'
import { Card, PageHeader } from '@/ui/Layout'
import { roleLabels } from '@/screens/shared'
import styles from './ProfileScreen.module.css'

/** /app/user/my-profile: the signed-in person, as the session knows them. */
export function MyProfileScreen() {
  const { user, claims, company } = useSessionView()
  if (!user) return null
  const roles = claims?.roles ?? []
  const companies = new Set([
    ...(claims?.companies ?? []),
    ...(claims?.companyId ? [claims.companyId] : []),
  ])
  return (
    <>
      <PageHeader
        title="Meu perfil"
        description="Seus dados de acesso à Contabil. Para alterar o e-mail ou o celular, fale com o suporte."
      />
      <Card className={styles.card}>
        <div className={styles.identity}>
          <Avatar name={user.displayName} email={user.email} photoUrl={user.photoUrl} size="lg" />
          <div>
            <h2 className={styles.name}>{user.displayName || 'Sem nome cadastrado'}</h2>
            <p className="muted">{user.email ?? 'Sem e-mail'}</p>
            <div className="row">
              {roles.length === 0 ? (
                <Badge>Sem papel definido</Badge>
              ) : (
                roles.map((role) => (
                  <Badge key={role} tone="info">
                    {roleLabels[role]}
                  </Badge>
                ))
              )}
            </div>
          </div>
        </div>
        <DescriptionList
          items={[
            { term: 'Nome', value: user.displayName || '—' },
            { term: 'E-mail', value: user.email ?? '—' },
            {
              term: 'Celular',
              value: user.phoneNumber ? formatMobile(user.phoneNumber) : 'Não informado',
            },
            {
              term: 'Conta criada em',
              value: user.createdAt ? formatDate(user.createdAt) : '—',
            },
            {
              term: 'Empresas com acesso',
              value:
                companies.size === 0
                  ? 'Nenhuma'
                  : `${companies.size} ${companies.size === 1 ? 'empresa' : 'empresas'}`,
            },
            {
              term: 'Empresa selecionada',
              value: company ? (company.alias ?? company.name) : '—',
            },
          ]}
        />
      </Card>
    </>
  )
}
