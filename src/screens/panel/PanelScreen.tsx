import { Link } from '@tanstack/react-router'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { EmptyState } from '@/ui/Feedback'
import { Icon } from '@/ui/Icon'
import { Card, Grid, PageHeader } from '@/ui/Layout'
import { PanelBody } from './PanelBody'
import { PanelPreview, PanelPreviewPicker } from './PanelPreview'
import { nextStepsFor } from './next-steps'
import { canPreviewPanels } from './preview-flag'
import styles from './PanelScreen.module.css'

const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || ''

export type PanelProps = {
  /** "Por categoria" period from the URL (`YYYY` or `YYYY-MM`); the current year by default. */
  period: string | undefined
  onPeriodChange: (period: string) => void
  /** The Simples card's competence from the URL (`?competencia=2026-10`). */
  competence?: string
  onCompetenceChange?: (competence: string) => void
  /** Leaves the app for a payment's checkout page. */
  onCheckout: (url: string) => void
  /** The client company a flagged admin previews (`?empresa=`). */
  previewCompanyId?: string
}

/**
 * /app/panel: where the company stands — its card, billing of the last 12 months, the MEI limit
 * or the Simples Nacional rates, transactions by category, payments, and what to do next.
 */
export function PanelScreen({
  period,
  onPeriodChange,
  competence,
  onCompetenceChange,
  onCheckout,
  previewCompanyId,
}: PanelProps) {
  const { user, company, track, isSystemAdmin } = useSessionView()
  const hello = firstName(user?.displayName) ? `Olá, ${firstName(user?.displayName)}!` : 'Olá!'
  // The panel feature behind the spec's one-address flag: that admin sees a client's panel.
  const previewer = isSystemAdmin && canPreviewPanels(user?.email)

  if (previewer && previewCompanyId)
    return (
      <PanelPreview companyId={previewCompanyId} period={period} onPeriodChange={onPeriodChange} />
    )

  if (!company) {
    return (
      <>
        <PageHeader title="Painel" description={hello} />
        {isSystemAdmin ? (
          <>
            <EmptyState
              title="Você está como administrador do sistema"
              action={
                <Link to="/app/admin/companies" className={buttonClass()}>
                  Ir para o back office
                </Link>
              }
            >
              Administradores não têm empresa própria: as empresas dos clientes ficam no back
              office.
            </EmptyState>
            {previewer && <PanelPreviewPicker />}
          </>
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
  return (
    <>
      <PageHeader
        title="Painel"
        description={`${hello} Este é o resumo de ${company.alias ?? company.name}.`}
      />
      <PanelBody
        company={company}
        track={track}
        period={period}
        onPeriodChange={onPeriodChange}
        competence={competence}
        onCompetenceChange={onCompetenceChange}
        onCheckout={onCheckout}
        nextSteps={
          steps.length > 0 && (
            <section aria-labelledby="proximos-passos" className={styles.section}>
              <h2 id="proximos-passos" className={styles.sectionTitle}>
                Próximos passos
              </h2>
              <Grid min={240}>
                {steps.map((step) => (
                  <Card key={step.key} className={styles.step}>
                    <h3>{step.title}</h3>
                    <p className="muted">{step.description}</p>
                    <Link
                      to={step.to}
                      className={buttonClass({ variant: 'secondary', size: 'sm' })}
                    >
                      {step.cta} <Icon name="arrowRight" size={16} />
                    </Link>
                  </Card>
                ))}
              </Grid>
            </section>
          )
        }
      />
    </>
  )
}
