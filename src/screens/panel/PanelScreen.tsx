import { Link } from '@tanstack/react-router'
import { companyStatusLabels, type Company } from '@/schemas/company'
import { todayInBrazil } from '@/schemas/finance-common'
import { formatDateTime } from '@/lib/format'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { EmptyState } from '@/ui/Feedback'
import { Icon } from '@/ui/Icon'
import { Card, Grid, PageHeader } from '@/ui/Layout'
import { CompanyDetails } from '@/screens/shared'
import { BillingChartCard } from './BillingChartCard'
import { CategoryCard } from './CategoryCard'
import { CompanyCard } from './CompanyCard'
import { MeiCard } from './MeiCard'
import { PaymentsCard } from './PaymentsCard'
import { SimplesCard } from './SimplesCard'
import { nextStepsFor } from './next-steps'
import { periodChoices } from './period'
import styles from './PanelScreen.module.css'

const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || ''

/** Simples Nacional sizes (ME up to R$ 360 mil, EPP up to R$ 4,8 mi). */
const isSimplesSize = (size: Company['size']) => size === 'ME' || size === 'EPP'

/**
 * /app/panel: where the company stands — its card, billing of the last 12 months, the MEI limit
 * or the Simples Nacional rates, transactions by category, payments, and what to do next.
 */
export function PanelScreen({
  period,
  onPeriodChange,
  onCheckout,
}: {
  /** "Por categoria" period from the URL (`YYYY` or `YYYY-MM`); the current year by default. */
  period: string | undefined
  onPeriodChange: (period: string) => void
  /** Leaves the app for a payment's checkout page. */
  onCheckout: (url: string) => void
}) {
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

  const today = todayInBrazil()
  const month = today.slice(0, 7)
  const steps = nextStepsFor(company, track)
  const history = [...company.statusHistory].reverse().slice(0, 5)

  return (
    <>
      <PageHeader
        title="Painel"
        description={`${hello} Este é o resumo de ${company.alias ?? company.name}.`}
      />

      <CompanyCard company={company} track={track} />

      <div className={styles.cards}>
        <BillingChartCard companyId={company.id} />
        {company.size === 'MEI' && <MeiCard company={company} month={month} />}
        {isSimplesSize(company.size) && <SimplesCard companyId={company.id} />}
        <CategoryCard
          companyId={company.id}
          period={period ?? today.slice(0, 4)}
          periods={periodChoices(today)}
          onPeriodChange={onPeriodChange}
        />
        <PaymentsCard company={company} onCheckout={onCheckout} />
      </div>

      {steps.length > 0 && (
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
      )}

      <div className={styles.columns}>
        <section aria-labelledby="dados-empresa">
          <Card>
            <h2 id="dados-empresa" className={styles.sectionTitle}>
              Dados da empresa
            </h2>
            <CompanyDetails company={company} />
          </Card>
        </section>
        <section aria-labelledby="historico">
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
