import { Link } from '@tanstack/react-router'
import { formatDateTime } from '@/lib/format'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { Icon } from '@/ui/Icon'
import { Card, PageHeader } from '@/ui/Layout'
import { CompanyStatusBadge, SUPPORT_EMAIL } from '@/screens/shared'
import styles from './DisabledScreen.module.css'

/** /app/user/disabled: why the company is disabled and how to reach support. */
export function DisabledScreen() {
  const { company, user } = useSessionView()
  const name = company ? (company.alias ?? company.name) : null

  if (!company || company.status !== 'disabled') {
    return (
      <>
        <PageHeader title="Empresa desativada" />
        <Card>
          <p>
            {name ? (
              <>
                <strong>{name}</strong> não está desativada: a situação atual é{' '}
                {company && <CompanyStatusBadge status={company.status} />}.
              </>
            ) : (
              'Nenhuma empresa desativada na sua conta.'
            )}
          </p>
          <Link to="/app/panel" className={buttonClass()}>
            Ir para o painel
          </Link>
        </Card>
      </>
    )
  }

  const change = [...company.statusHistory].reverse().find((entry) => entry.to === 'disabled')
  const subject = encodeURIComponent(`Reativação da empresa ${company.name}`)
  const body = encodeURIComponent(
    `Olá! Quero falar sobre a reativação da empresa ${company.name} (${company.id}).\nConta: ${user?.email ?? ''}`,
  )

  return (
    <>
      <PageHeader
        title="Empresa desativada"
        description={`${name} está desativada na Contabil. Enquanto isso, os serviços da contabilidade ficam suspensos.`}
      />
      <div className={styles.grid}>
        <Card>
          <h2 className={styles.heading}>Por quê</h2>
          {change ? (
            <>
              <p className={styles.reason}>{change.reason ?? 'Motivo não informado.'}</p>
              <p className="muted" style={{ margin: 0 }}>
                Desativada em {formatDateTime(change.at)}.
              </p>
            </>
          ) : (
            <p className="muted" style={{ margin: 0 }}>
              O motivo não foi registrado. O suporte pode explicar o que aconteceu.
            </p>
          )}
        </Card>
        <Card>
          <h2 className={styles.heading}>Como reativar</h2>
          <p>
            Fale com o nosso suporte: contamos o que falta e, resolvido, a empresa volta à situação
            em que estava.
          </p>
          <a
            className={buttonClass()}
            href={`mailto:${SUPPORT_EMAIL}?subject=${subject}&body=${body}`}
          >
            <Icon name="support" size={18} /> Escrever para {SUPPORT_EMAIL}
          </a>
        </Card>
      </div>
    </>
  )
}
