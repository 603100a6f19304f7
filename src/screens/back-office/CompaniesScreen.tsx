import { useState, type FormEvent } from 'react'
import { companyStatusLabels } from '@/schemas/glossary'
import { Link, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { companySortLabels, companySorts, companyStatuses, trackIds } from '@/schemas/company'
import { formatCnpjValue, formatDate, formatDateTime } from '@/lib/format'
import { companiesQueryOptions } from '@/services/companies'
import { Button } from '@/ui/Button'
import { SelectField, TextField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { CompanyStatusBadge } from '@/screens/shared'
import { COMPANIES_PAGE_SIZE, companiesListInput, type CompaniesSearch } from './companies-search'
import { trackTitle } from './labels'
import styles from './BackOffice.module.css'
import { changeFrom } from '@/lib/search-change'

const statusOptions = companyStatuses.map((value) => ({
  value,
  label: companyStatusLabels[value],
}))
const trackOptions = trackIds.map((value) => ({ value, label: trackTitle(value) }))
const sortOptions = companySorts.map((value) => ({ value, label: companySortLabels[value] }))

/**
 * /app/admin/companies: every client company, 25 a page, searched by name, alias or CNPJ (with
 * or without punctuation), filtered by status and track, by name or by last change. Everything
 * lives in the URL; the route's loader has the page in the cache.
 */
export function AdminCompaniesScreen({ search }: { search: CompaniesSearch }) {
  const navigate = useNavigate()
  const input = companiesListInput(search)
  const { data: companies, isFetching } = useSuspenseQuery(companiesQueryOptions(input))
  const go = (next: Partial<CompaniesSearch>) =>
    void navigate({
      to: '/app/admin/companies',
      search: changeFrom(search, { ...search, page: undefined, ...next }),
    })

  const filtered = Boolean(search.query || search.status || search.trackId)
  const page = search.page ?? 1
  return (
    <>
      <PageHeader
        title="Empresas"
        description="Todas as empresas clientes: busque por razão social, nome fantasia ou CNPJ e filtre pela situação e pelo cadastro."
      />
      {/* Keyed by the URL's text, so going back or clearing shows what is searched. */}
      <CompanyFilters key={search.query ?? ''} search={search} go={go} />
      <ListView
        summary={{
          noun: filtered ? ['empresa encontrada', 'empresas encontradas'] : ['empresa', 'empresas'],
          unfiltered: ' no total',
          clear: (
            <Link to="/app/admin/companies" search={{ sort: search.sort }}>
              Limpar filtros
            </Link>
          ),
        }}
        list={companies}
        filtered={filtered}
        empty={{ title: 'Nenhuma empresa cadastrada' }}
        emptyFiltered={{
          title: 'Nenhuma empresa encontrada',
          description: 'Mude a busca, a situação ou o cadastro e tente de novo.',
        }}
        pager={{
          page,
          pageSize: COMPANIES_PAGE_SIZE,
          label: 'Páginas de empresas',
          onPage: (next) =>
            void navigate({
              to: '/app/admin/companies',
              search: changeFrom(search, { ...search, page: next }),
            }),
        }}
      >
        <DataTable
          caption="Empresas clientes"
          rows={companies.data}
          loading={isFetching}
          rowKey={(company) => company.id}
          onRowClick={(company) =>
            void navigate({
              to: '/app/admin/companies/$companyId',
              params: { companyId: company.id },
            })
          }
          columns={[
            {
              key: 'name',
              card: 'title',
              header: 'Empresa',
              cell: (company) => (
                <div className={styles.name}>
                  <Link to="/app/admin/companies/$companyId" params={{ companyId: company.id }}>
                    {company.name}
                  </Link>
                  {company.alias && <span className="muted">{company.alias}</span>}
                </div>
              ),
            },
            {
              key: 'cnpj',
              header: 'CNPJ',
              cell: (company) => (
                <span className={styles.nowrap}>{formatCnpjValue(company.cnpj)}</span>
              ),
            },
            {
              key: 'status',
              header: 'Situação',
              cell: (company) => <CompanyStatusBadge status={company.status} />,
            },
            { key: 'track', header: 'Cadastro', cell: (company) => trackTitle(company.trackId) },
            {
              key: 'updated',
              header: 'Última alteração',
              cell: (company) => (
                <span className={styles.nowrap}>{formatDateTime(company.updatedAt)}</span>
              ),
            },
            {
              key: 'since',
              header: 'Cliente desde',
              cell: (company) => formatDate(company.createdAt),
            },
          ]}
        />
      </ListView>
    </>
  )
}

/** The filters: the text applies on "Buscar" (or Enter), the lists at once. */
function CompanyFilters({
  search,
  go,
}: {
  search: CompaniesSearch
  go: (next: Partial<CompaniesSearch>) => void
}) {
  const [query, setQuery] = useState(search.query ?? '')

  function submit(event: FormEvent) {
    event.preventDefault()
    go({ query: query.trim() || undefined })
  }

  return (
    <form
      className={styles.companyFilters}
      onSubmit={submit}
      role="search"
      aria-label="Buscar empresas"
    >
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
        value={search.status ?? ''}
        onChange={(event) =>
          go({ status: (event.target.value || undefined) as CompaniesSearch['status'] })
        }
        options={statusOptions}
        placeholder="Todas"
      />
      <SelectField
        label="Cadastro"
        name="trackId"
        value={search.trackId ?? ''}
        onChange={(event) =>
          go({ trackId: (event.target.value || undefined) as CompaniesSearch['trackId'] })
        }
        options={trackOptions}
        placeholder="Todos"
      />
      <SelectField
        label="Ordem"
        name="sort"
        value={search.sort ?? 'name'}
        onChange={(event) => go({ sort: event.target.value === 'updated' ? 'updated' : undefined })}
        options={sortOptions}
      />
      <Button type="submit">Buscar</Button>
    </form>
  )
}
