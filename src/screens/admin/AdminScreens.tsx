// The back office (system admins only, PRODUCT.md "Roles and gates").
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { stepLabels, trackLabels } from '@/schemas/track'
import { useCompany } from '@/services/companies/get-company'
import { useCompanySteps } from '@/services/companies/get-company-steps'
import { Button, buttonClass } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { StepList } from '@/ui/StepList'
import { AreaPage } from '../app/AreaPage'
import { CompanyDetails, CompanyStatusBadge } from '../app/company-display'

const COMPANY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

export function AdminCompaniesScreen() {
  const navigate = useNavigate()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()

  function open(event: FormEvent) {
    event.preventDefault()
    const companyId = code.trim()
    if (!COMPANY_ID.test(companyId)) {
      setError('Informe o código da empresa (ex.: cmp-ana-design).')
      return
    }
    setError(undefined)
    void navigate({ to: '/app/admin/companies/$companyId', params: { companyId } })
  }

  return (
    <AreaPage
      title="Empresas"
      description="Todas as empresas clientes: busca por nome, nome fantasia ou CNPJ, situação, trilha de cadastro e dados de registro."
      features={[
        {
          icon: 'building',
          title: 'Buscar e filtrar',
          description:
            'Por nome, CNPJ, situação ou trilha (abertura ou troca de contador), 25 por página.',
        },
        {
          icon: 'swap',
          title: 'Mudar a situação',
          description: 'Ativar, desativar com motivo ou reativar, sempre registrado no histórico.',
        },
        {
          icon: 'check',
          title: 'Conferir o cadastro',
          description: 'Veja as etapas da trilha de cada empresa e o que falta.',
        },
      ]}
    >
      <Card>
        <form onSubmit={open} noValidate className="stack" style={{ maxWidth: 520 }}>
          <h2 style={{ fontSize: 'var(--text-lg)', margin: 0 }}>Abrir uma empresa pelo código</h2>
          <TextField
            label="Código da empresa"
            name="companyId"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            hint="O código aparece no endereço da empresa, como cmp-ana-design."
            autoComplete="off"
            spellCheck={false}
          />
          <div>
            <Button type="submit">Abrir empresa</Button>
          </div>
        </form>
      </Card>
    </AreaPage>
  )
}

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

export function OpeningOrdersScreen() {
  return (
    <AreaPage
      title="Pedidos de abertura"
      description="Empresas em abertura: quem pagou a assinatura, quem aguarda a guia de registro e quem já enviou o comprovante."
      features={[
        {
          icon: 'plus',
          title: 'Fila de abertura',
          description: 'Os pedidos em ordem de chegada, 10 por página.',
        },
        {
          icon: 'folder',
          title: 'Guia de registro',
          description: 'Anexe a guia da taxa e acompanhe o comprovante do cliente.',
        },
      ]}
    />
  )
}

export function MigrationOrdersScreen() {
  return (
    <AreaPage
      title="Pedidos de migração"
      description="Empresas trocando de contador: os dados do contador anterior e a carta de transferência."
      features={[
        {
          icon: 'swap',
          title: 'Fila de migração',
          description: 'Os pedidos em ordem de chegada, 10 por página.',
        },
        {
          icon: 'mail',
          title: 'Contador anterior',
          description: 'Nome, e-mail, telefone e CRC para combinar a transferência.',
        },
      ]}
    />
  )
}

export function NfRequestsScreen() {
  return (
    <AreaPage
      title="Solicitações de NFS-e"
      description="Os pedidos de nota fiscal de todos os clientes: processe, emita ou rejeite com o motivo."
      features={[
        {
          icon: 'receipt',
          title: 'Buscar pedidos',
          description: 'Por texto, situação e data, de todas as empresas.',
        },
        {
          icon: 'check',
          title: 'Mudar a situação',
          description: 'Pendente → em processamento → emitida ou rejeitada.',
        },
      ]}
    />
  )
}

export function AdminUsersScreen() {
  return (
    <AreaPage
      title="Usuários"
      description="Quem acessa a Contabil: clientes e administradores, com seus papéis e empresas."
      features={[
        {
          icon: 'users',
          title: 'Listar e filtrar',
          description: 'Por empresa, 10 por página.',
        },
        {
          icon: 'plus',
          title: 'Criar acessos',
          description: 'Crie usuários com papel (administrador da empresa por padrão) e empresa.',
        },
      ]}
    />
  )
}
