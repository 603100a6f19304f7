import { useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { formatCnpjValue, formatDateTime } from '@/lib/format'
import { useMyCompanies } from '@/services/companies'
import { useSessionService, useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { Icon } from '@/ui/Icon'
import { Button } from '@/ui/Button'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { CompanyStatusBadge, SUPPORT_EMAIL } from '@/screens/shared'
import styles from './DisabledScreen.module.css'

/**
 * /app/user/disabled: why the company is disabled (the reason the accountant gave, from its status
 * history), how to reach the accountant, and the person's other companies to go on with.
 */
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
    `Olá! Quero falar sobre a reativação da empresa ${company.name}${company.cnpj ? ` (CNPJ ${formatCnpjValue(company.cnpj)})` : ''}.\nConta: ${user?.email ?? ''}`,
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
          <h2 className={styles.heading}>Como falar com a contabilidade</h2>
          <p>
            Escreva para a equipe de contadores: contamos o que falta e, resolvido, a empresa volta
            à situação em que estava antes de ser desativada.
          </p>
          <a
            className={buttonClass()}
            href={`mailto:${SUPPORT_EMAIL}?subject=${subject}&body=${body}`}
          >
            <Icon name="support" size={18} /> Escrever para a contabilidade
          </a>
          <p className="muted" style={{ margin: 'var(--space-2) 0 0' }}>
            Ou escreva de onde preferir para <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            .
          </p>
        </Card>
      </div>
      <OtherCompanies currentId={company.id} uid={user?.uid} />
    </>
  )
}

/** The person's other companies, which they can open instead. */
function OtherCompanies({ currentId, uid }: { currentId: string; uid: string | undefined }) {
  const session = useSessionService()
  const navigate = useNavigate()
  const companies = useMyCompanies(uid)
  const [opening, setOpening] = useState<string | null>(null)
  const others = (companies.data?.data ?? []).filter(
    (company) => company.id !== currentId && company.status !== 'disabled',
  )
  if (others.length === 0) return null

  async function open(companyId: string) {
    setOpening(companyId)
    try {
      const view = await session.selectCompany(companyId)
      if (view.companyId !== companyId) notify.error('Não foi possível abrir esta empresa agora.')
      else await navigate({ to: '/app/panel' })
    } finally {
      setOpening(null)
    }
  }

  return (
    <section aria-labelledby="outras-empresas" className={styles.others}>
      <Card>
        <h2 id="outras-empresas" className={styles.heading}>
          Suas outras empresas
        </h2>
        <ul className={styles.companyList}>
          {others.map((company) => (
            <li key={company.id}>
              <span>
                <strong>{company.alias ?? company.name}</strong>{' '}
                <CompanyStatusBadge status={company.status} />
              </span>
              <Button
                size="sm"
                variant="secondary"
                loading={opening === company.id}
                onClick={() => void open(company.id)}
              >
                Abrir
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  )
}
