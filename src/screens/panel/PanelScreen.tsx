import { Link } from '@tanstack/react-router'
import { companyStatusLabels } from '@/schemas/company'
import { stepLabels, trackLabels } from '@/schemas/track'
import { formatDateTime } from '@/lib/format'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { EmptyState } from '@/ui/Feedback'
import { Icon } from '@/ui/Icon'
import { Card, Eyebrow, Grid, PageHeader } from '@/ui/Layout'
import { StepList } from '@/ui/StepList'
import { CompanyDetails, CompanyStatusBadge } from '@/screens/shared'
import { nextStepsFor } from './next-steps'
import styles from './PanelScreen.module.css'

const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || ''

/** /app/panel: the company, its status and what to do next. */
export function PanelScreen() {
  const { user, company, track, isSystemAdmin } = useSessionView()
  const hello = firstName(user?.displayName) ? `Olá, ${firstName(user?.displayName)}!` : 'Olá!'

  if (!company) {
    return (
      <>
        <PageHeader title="Painel" description={hello} />
        {isSystemAdmin ? (
          <EmptyState
            title="Você está como administrador do sistema"
            action={
              <Link to="/app/admin/companies" className={buttonClass()}>
                Ir para o back office
              </Link>
            }
          >
            Administradores não têm empresa própria: as empresas dos clientes ficam no back office.
          </EmptyState>
        ) : (
          <EmptyState
            title="Nenhuma empresa por aqui ainda"
            action={
              <Link to="/app/wizard/company-opening" className={buttonClass()}>
                Abrir minha empresa
              </Link>
            }
          >
            Comece pelo cadastro da empresa: leva poucos minutos.
          </EmptyState>
        )}
      </>
    )
  }

  const steps = nextStepsFor(company, track)
  const history = [...company.statusHistory].reverse().slice(0, 5)

  return (
    <>
      <PageHeader
        title="Painel"
        description={`${hello} Este é o resumo de ${company.alias ?? company.name}.`}
      />

      <Card className={styles.hero}>
        <div>
          <Eyebrow>Sua empresa</Eyebrow>
          <h2 className={styles.companyName}>{company.alias ?? company.name}</h2>
          {company.alias && <p className="muted">{company.name}</p>}
        </div>
        <div className={styles.status}>
          <span className="muted">Situação</span>
          <CompanyStatusBadge status={company.status} />
        </div>
      </Card>

      <section aria-labelledby="proximos-passos" className={styles.section}>
        <h2 id="proximos-passos" className={styles.sectionTitle}>
          Próximos passos
        </h2>
        <Grid min={240}>
          {steps.map((step) => (
            <Card key={step.key} className={styles.step}>
              <h3>{step.title}</h3>
              <p className="muted">{step.description}</p>
              <Link to={step.to} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                {step.cta} <Icon name="arrowRight" size={16} />
              </Link>
            </Card>
          ))}
        </Grid>
      </section>

      <div className={styles.columns}>
        <section aria-labelledby="dados-empresa">
          <Card>
            <h2 id="dados-empresa" className={styles.sectionTitle}>
              Dados da empresa
            </h2>
            <CompanyDetails company={company} />
          </Card>
        </section>

        <section aria-labelledby="historico" className="stack">
          {track && (
            <Card>
              <h2 className={styles.sectionTitle}>Cadastro de {trackLabels[track.trackId]}</h2>
              <StepList
                label={`Etapas da ${trackLabels[track.trackId]}`}
                items={track.steps.map((step) => ({
                  key: step.stepId,
                  title: stepLabels[step.stepId],
                  state: step.status,
                }))}
              />
            </Card>
          )}
          <Card>
            <h2 id="historico" className={styles.sectionTitle}>
              Histórico da situação
            </h2>
            {history.length === 0 ? (
              <p className="muted">Nenhuma mudança de situação registrada ainda.</p>
            ) : (
              <ul className={styles.history}>
                {history.map((change) => (
                  <li key={`${change.at}-${change.to}`}>
                    <strong>{companyStatusLabels[change.to]}</strong>
                    <span className="muted">
                      {formatDateTime(change.at)}
                      {change.reason ? ` · ${change.reason}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </section>
      </div>
    </>
  )
}
