import { Link } from '@tanstack/react-router'
import { stepLabels, trackLabels } from '@/schemas/track'
import { useCompany, useCompanySteps } from '@/services/companies'
import { Button, buttonClass } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { StepList } from '@/ui/StepList'
import { CompanyDetails, CompanyStatusBadge } from '@/screens/shared'

export function AdminCompanyScreen({ companyId }: { companyId: string }) {
  const company = useCompany(companyId)
  const steps = useCompanySteps(companyId)
  const back = (
    <Link to="/app/admin/companies" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
      ← Empresas
    </Link>
  )

  if (company.isPending) {
    return (
      <>
        <PageHeader title="Empresa" actions={back} />
        <Loading label="Carregando a empresa…" />
      </>
    )
  }
  if (company.isError) {
    const notFound = (company.error as { status?: number }).status === 404
    return (
      <>
        <PageHeader title="Empresa" description={companyId} actions={back} />
        <Alert
          tone="danger"
          title={notFound ? 'Empresa não encontrada' : company.error.message}
          action={
            notFound ? undefined : (
              <Button size="sm" onClick={() => void company.refetch()}>
                Tentar de novo
              </Button>
            )
          }
        >
          {notFound ? `Nenhuma empresa com o código ${companyId}.` : undefined}
        </Alert>
      </>
    )
  }

  const data = company.data
  return (
    <>
      <PageHeader
        title={data.alias ?? data.name}
        description={
          <>
            {data.name} · <CompanyStatusBadge status={data.status} />
          </>
        }
        actions={back}
      />
      <div className="stack" style={{ gap: 'var(--space-6)' }}>
        <Card>
          <h2 style={{ fontSize: 'var(--text-lg)' }}>Dados de registro</h2>
          <CompanyDetails company={data} />
        </Card>
        <Card>
          <h2 style={{ fontSize: 'var(--text-lg)' }}>Cadastro de {trackLabels[data.trackId]}</h2>
          {steps.isPending ? (
            <Loading label="Carregando as etapas…" />
          ) : steps.isError ? (
            <Alert tone="danger" title={steps.error.message} />
          ) : (
            <StepList
              label="Etapas do cadastro"
              items={steps.data.steps.map((step) => ({
                key: step.stepId,
                title: stepLabels[step.stepId],
                state: step.status,
              }))}
            />
          )}
        </Card>
      </div>
    </>
  )
}
