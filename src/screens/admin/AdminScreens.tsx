// The back office (system admins only, PRODUCT.md "Roles and gates").
import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { companyStatusLabels, companyStatuses, type CompanyStatus } from '@/schemas/company'
import { stepLabels, trackLabels } from '@/schemas/track'
import { formatCnpjValue, formatDate } from '@/lib/format'
import { useCompanies } from '@/services/companies/list-companies'
import { useCompany } from '@/services/companies/get-company'
import { useCompanySteps } from '@/services/companies/get-company-steps'
import { Button, buttonClass } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { StepList } from '@/ui/StepList'
import { DataTable, Pagination } from '@/ui/Table'
import { AreaPage } from '../app/AreaPage'
import { CompanyDetails, CompanyStatusBadge } from '../app/company-display'
import styles from './AdminScreens.module.css'

export type CompanyListSearch = { query?: string; status?: CompanyStatus; offset?: number }

const PAGE_SIZE = 25
const statusOptions = companyStatuses.map((status) => ({
  value: status,
  label: companyStatusLabels[status],
}))

/** /app/admin/companies: every client company, searchable, 25 a page. */
export function AdminCompaniesScreen({
  search,
  onSearchChange,
}: {
  search: CompanyListSearch
  onSearchChange: (search: CompanyListSearch) => void
}) {
  const offset = search.offset ?? 0
  const companies = useCompanies({
    query: search.query,
    status: search.status,
    limit: PAGE_SIZE,
    offset,
  })
  const [query, setQuery] = useState(search.query ?? '')
  const [status, setStatus] = useState<string>(search.status ?? '')

  function submit(event: FormEvent) {
    event.preventDefault()
    onSearchChange({
      query: query.trim() || undefined,
      status: (status || undefined) as CompanyStatus | undefined,
      offset: 0,
    })
  }

  const filtered = Boolean(search.query || search.status)
  return (
    <>
      <PageHeader
        title="Empresas"
        description="Todas as empresas clientes: busque por razão social, nome fantasia ou CNPJ e filtre pela situação."
      />
      <form className={styles.filters} onSubmit={submit} role="search" aria-label="Buscar empresas">
        <TextField
          label="Buscar"
          name="query"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Nome, nome fantasia ou CNPJ"
          maxLength={100}
        />
        <SelectField
          label="Situação"
          name="status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          options={statusOptions}
          placeholder="Todas"
        />
        <Button type="submit">Buscar</Button>
      </form>
      {companies.isError ? (
        <Alert
          tone="danger"
          title={companies.error.message}
          action={
            <Button size="sm" onClick={() => void companies.refetch()}>
              Tentar de novo
            </Button>
          }
        />
      ) : (
        <>
          <DataTable
            caption="Empresas clientes"
            rows={companies.data?.data}
            loading={companies.isFetching}
            rowKey={(company) => company.id}
            empty={{
              title: filtered ? 'Nenhuma empresa encontrada' : 'Nenhuma empresa cadastrada',
              description: filtered ? 'Mude a busca ou a situação e tente de novo.' : undefined,
            }}
            columns={[
              {
                key: 'name',
                header: 'Empresa',
                cell: (company) => (
                  <div className={styles.name}>
                    <Link to="/app/admin/companies/$companyId" params={{ companyId: company.id }}>
                      {company.alias ?? company.name}
                    </Link>
                    {company.alias && <span className="muted">{company.name}</span>}
                  </div>
                ),
              },
              { key: 'cnpj', header: 'CNPJ', cell: (company) => formatCnpjValue(company.cnpj) },
              {
                key: 'status',
                header: 'Situação',
                cell: (company) => <CompanyStatusBadge status={company.status} />,
              },
              {
                key: 'track',
                header: 'Cadastro',
                cell: (company) => trackLabels[company.trackId],
              },
              {
                key: 'since',
                header: 'Cliente desde',
                cell: (company) => formatDate(company.createdAt),
              },
            ]}
          />
          {companies.data && (
            <Pagination
              total={companies.data.total}
              limit={PAGE_SIZE}
              offset={offset}
              label="Páginas de empresas"
              onChange={(next) => onSearchChange({ ...search, offset: next })}
            />
          )}
        </>
      )}
    </>
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
