import { useState, type FormEvent } from 'react'
import { nfsRequestStatusLabels } from '@/schemas/glossary'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { nfsRequestStatuses } from '@/schemas/invoice'
import { formatCnpjValue, formatDate, formatDateTime, formatMoney } from '@/lib/format'
import { nfsQueueQueryOptions } from '@/services/back-office'
import { companyQueryOptions } from '@/services/companies'
import { Button } from '@/ui/Button'
import { Badge } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { companyLabel } from './CompanyPicker'
import { nfsStatusTones } from './labels'
import {
  NF_REQUESTS_PAGE_SIZE,
  nfRequestsListInput,
  type NfRequestsSearch,
} from './nf-requests-search'
import styles from './BackOffice.module.css'
import { changeFrom } from '@/lib/search-change'

const statusOptions = nfsRequestStatuses.map((value) => ({
  value,
  label: nfsRequestStatusLabels[value],
}))

/**
 * /app/admin/invoices/nf-requests: the NFS-e requests of every company, 10 a page, the open
 * ones first and the oldest of them on top; filtered by status, service month and text (all in
 * the URL). A row opens the request, where it is worked.
 */
export function NfRequestsScreen({ search }: { search: NfRequestsSearch }) {
  const navigate = useNavigate()
  const { data: requests, isFetching } = useSuspenseQuery(
    nfsQueueQueryOptions(nfRequestsListInput(search)),
  )
  const company = useQuery({
    ...companyQueryOptions(search.companyId ?? ''),
    enabled: Boolean(search.companyId),
  })
  const go = (next: Partial<NfRequestsSearch>) =>
    void navigate({
      to: '/app/admin/invoices/nf-requests',
      search: changeFrom(search, { ...search, page: undefined, ...next }),
    })
  const filtered = Boolean(search.status || search.date || search.query || search.companyId)
  const page = search.page ?? 1

  return (
    <>
      <PageHeader
        title="Solicitações de NFS-e"
        description="Os pedidos de nota fiscal de todos os clientes, os mais antigos em aberto primeiro: processe, emita ou rejeite com o motivo."
      />
      <NfRequestFilters
        key={`${search.query ?? ''}|${search.date ?? ''}`}
        search={search}
        go={go}
      />
      <ListView
        summary={{
          noun: ['solicitação', 'solicitações'],
          detail: search.companyId && company.data && ` de ${companyLabel(company.data)}`,
          unfiltered: ' no total',
          clear: <Link to="/app/admin/invoices/nf-requests">Limpar filtros</Link>,
        }}
        list={requests}
        filtered={filtered}
        empty={{
          title: 'Nenhuma solicitação',
          description: 'Quando um cliente pedir uma nota, ela aparece aqui.',
        }}
        emptyFiltered={{
          title: 'Nenhuma solicitação com esses filtros',
          description: 'Mude a situação, o mês ou a busca e tente de novo.',
        }}
        pager={{
          page,
          pageSize: NF_REQUESTS_PAGE_SIZE,
          label: 'Páginas de solicitações',
          onPage: (next) =>
            void navigate({
              to: '/app/admin/invoices/nf-requests',
              search: changeFrom(search, { ...search, page: next }),
            }),
        }}
      >
        <DataTable
          caption="Solicitações de NFS-e"
          rows={requests.data}
          loading={isFetching}
          rowKey={(request) => request.id}
          onRowClick={(request) =>
            void navigate({
              to: '/app/admin/invoices/nf-requests/$requestId',
              params: { requestId: request.id },
            })
          }
          columns={[
            {
              key: 'company',
              card: 'title',
              header: 'Empresa',
              cell: (request) => (
                <div className={styles.name}>
                  <Link
                    to="/app/admin/invoices/nf-requests/$requestId"
                    params={{ requestId: request.id }}
                    aria-label={`Solicitação de ${request.company ? companyLabel(request.company) : formatCnpjValue(request.cnpj)}${request.taker ? ` para ${request.taker.name}` : ''}, ${formatMoney(request.totalValue)}`}
                  >
                    {request.company
                      ? (request.company.alias ?? request.company.name)
                      : formatCnpjValue(request.cnpj)}
                  </Link>
                  <span className="muted">{formatCnpjValue(request.cnpj)}</span>
                </div>
              ),
            },
            {
              key: 'taker',
              header: 'Tomador',
              cell: (request) => request.taker?.name ?? <span className="muted">Sem tomador</span>,
            },
            {
              key: 'value',
              header: 'Valor',
              align: 'right',
              cell: (request) => formatMoney(request.totalValue),
            },
            { key: 'date', header: 'Serviço em', cell: (request) => formatDate(request.date) },
            {
              key: 'created',
              header: 'Pedida em',
              cell: (request) => formatDateTime(request.createdAt),
            },
            {
              key: 'status',
              header: 'Situação',
              cell: (request) => (
                <Badge tone={nfsStatusTones[request.status]}>
                  {nfsRequestStatusLabels[request.status]}
                  {request.number !== null && ` nº ${request.number}`}
                </Badge>
              ),
            },
          ]}
        />
      </ListView>
    </>
  )
}

/** Status applies at once; month and text on "Buscar" (or Enter). */
function NfRequestFilters({
  search,
  go,
}: {
  search: NfRequestsSearch
  go: (next: Partial<NfRequestsSearch>) => void
}) {
  const [query, setQuery] = useState(search.query ?? '')
  // The month input speaks `YYYY-MM`; a year or a day from a shared link stays as it is.
  const [month, setMonth] = useState(search.date?.length === 7 ? search.date : '')
  function submit(event: FormEvent) {
    event.preventDefault()
    go({ query: query.trim() || undefined, date: month || undefined })
  }
  return (
    <form
      className={styles.nfFilters}
      onSubmit={submit}
      role="search"
      aria-label="Buscar solicitações"
    >
      <TextField
        label="Buscar"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Tomador, CPF/CNPJ, descrição, código ou número"
        maxLength={200}
      />
      <SelectField
        label="Situação"
        value={search.status ?? ''}
        onChange={(event) =>
          go({ status: (event.target.value || undefined) as NfRequestsSearch['status'] })
        }
        options={statusOptions}
        placeholder="Todas"
      />
      <TextField
        label="Mês do serviço"
        type="month"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
      />
      <Button type="submit">Buscar</Button>
    </form>
  )
}
