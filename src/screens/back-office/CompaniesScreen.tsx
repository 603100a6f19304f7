import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { companyStatusLabels, companyStatuses, type CompanyStatus } from '@/schemas/company'
import { trackLabels } from '@/schemas/track'
import { formatCnpjValue, formatDate } from '@/lib/format'
import { useCompanies } from '@/services/companies'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { DataTable, Pagination } from '@/ui/Table'
import { CompanyStatusBadge } from '@/screens/shared'
import styles from './BackOffice.module.css'

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
