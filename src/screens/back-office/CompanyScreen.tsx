import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { stepLabels, trackLabels } from '@/schemas/track'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { buttonClass } from '@/ui/Button'
import { Card, PageHeader } from '@/ui/Layout'
import { StepList } from '@/ui/StepList'
import { CompanyDetails, CompanyStatusBadge } from '@/screens/shared'

/**
 * /app/admin/companies/{companyId}: one client company. Its route's loader has put the company
 * and its track in the cache (an unknown id is the 404 page), so both read without waiting.
 */
export function AdminCompanyScreen({ companyId }: { companyId: string }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const { data: track } = useSuspenseQuery(companyStepsQueryOptions(companyId))
  return (
    <>
      <PageHeader
        title={company.alias ?? company.name}
        description={
          <>
            {company.name} · <CompanyStatusBadge status={company.status} />
          </>
        }
        actions={
          <Link
            to="/app/admin/companies"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            ← Empresas
          </Link>
        }
      />
      <div className="stack" style={{ gap: 'var(--space-6)' }}>
        <Card>
          <h2 style={{ fontSize: 'var(--text-lg)' }}>Dados de registro</h2>
          <CompanyDetails company={company} />
        </Card>
        <Card>
          <h2 style={{ fontSize: 'var(--text-lg)' }}>Cadastro de {trackLabels[track.trackId]}</h2>
          <StepList
            label="Etapas do cadastro"
            items={track.steps.map((step) => ({
              key: step.stepId,
              title: stepLabels[step.stepId],
              state: step.status,
            }))}
          />
        </Card>
      </div>
    </>
  )
}
