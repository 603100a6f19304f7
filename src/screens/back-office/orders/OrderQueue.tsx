import { useState, type FormEvent } from 'react'
import { companyStatusLabels } from '@/schemas/glossary'
import { Link, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { openOrderStatuses } from '@/schemas/order'
import { formatDateTime } from '@/lib/format'
import { ordersQueryOptions, type OrderTrack } from '@/services/back-office'
import { CompanyStatusBadge } from '@/screens/shared'
import { Button } from '@/ui/Button'
import { SelectField, TextField } from '@/ui/Field'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { currentStepText, formatAge } from './order-format'
import { ORDERS_PAGE_SIZE, ordersInput, type OrdersSearch } from './orders-search'
import styles from './Orders.module.css'

/**
 * A queue of orders (companies on one track), newest first, 10 a page: company, client, current
 * step, status and age; a row opens the order. Filters and page live in the URL.
 */
export function OrderQueue({
  trackId,
  search,
  onSearchChange,
}: {
  trackId: OrderTrack
  search: OrdersSearch
  onSearchChange: (next: OrdersSearch) => void
}) {
  const navigate = useNavigate()
  const { data: orders, isFetching } = useSuspenseQuery(
    ordersQueryOptions(trackId, ordersInput(search)),
  )
  const statuses = openOrderStatuses[trackId]
  const filtered = Boolean(search.query || search.status)
  const open = (companyId: string) =>
    void navigate({ to: '/app/admin/companies/orders/$companyId', params: { companyId } })

  return (
    <>
      <QueueFilters
        key={search.query ?? ''}
        search={search}
        statuses={statuses}
        onSearchChange={onSearchChange}
      />
      <ListView
        summary={{
          noun: ['pedido', 'pedidos'],
          unfiltered: ' em andamento',
        }}
        list={orders}
        filtered={filtered}
        empty={{
          title: 'Nenhum pedido em andamento',
          description: 'Quando um cliente começar o cadastro, o pedido aparece aqui.',
        }}
        emptyFiltered={{
          title: 'Nenhum pedido com esses filtros',
          description: 'Mude a busca ou a situação para ver outros pedidos.',
        }}
        pager={{
          page: search.page ?? 1,
          pageSize: ORDERS_PAGE_SIZE,
          label: 'Páginas de pedidos',
          onPage: (page) => onSearchChange({ ...search, page: page > 1 ? page : undefined }),
        }}
      >
        {/* Phones get one card per order; the table is for wider screens. */}
        <ul className={styles.cards} aria-label="Pedidos, do mais novo para o mais antigo">
          {orders.data.map((order) => (
            <li key={order.id} className={styles.card}>
              <span className={styles.name}>
                <Link
                  to="/app/admin/companies/orders/$companyId"
                  params={{ companyId: order.company.id }}
                >
                  {order.company.alias ?? order.company.name}
                </Link>
                <span>{order.owner ? order.owner.name : 'Sem responsável'}</span>
              </span>
              <span className={styles.cardLine}>
                <CompanyStatusBadge status={order.company.status} />
                <span className={styles.sub}>
                  {currentStepText(order)} · {formatAge(order.company.createdAt)}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <div className={styles.wide}>
          <DataTable
            caption="Pedidos, do mais novo para o mais antigo"
            rows={orders.data}
            loading={isFetching}
            rowKey={(order) => order.id}
            onRowClick={(order) => open(order.company.id)}
            columns={[
              {
                key: 'company',
                card: 'title',
                header: 'Empresa',
                cell: (order) => (
                  <span className={styles.name}>
                    <Link
                      to="/app/admin/companies/orders/$companyId"
                      params={{ companyId: order.company.id }}
                    >
                      {order.company.alias ?? order.company.name}
                    </Link>
                    {order.company.alias && <span>{order.company.name}</span>}
                  </span>
                ),
              },
              {
                key: 'client',
                header: 'Cliente',
                cell: (order) =>
                  order.owner ? (
                    <span className={styles.name}>
                      {order.owner.name}
                      <span>{order.owner.email}</span>
                    </span>
                  ) : (
                    'Sem responsável'
                  ),
              },
              {
                key: 'step',
                header: 'Etapa atual',
                cell: (order) => (
                  <span className={styles.name}>
                    {currentStepText(order)}
                    <span>
                      {order.track.done} de {order.track.total} etapas
                    </span>
                  </span>
                ),
              },
              {
                key: 'status',
                header: 'Situação',
                cell: (order) => <CompanyStatusBadge status={order.company.status} />,
              },
              {
                key: 'age',
                header: 'Idade',
                cell: (order) => (
                  <time
                    className={styles.nowrap}
                    dateTime={order.company.createdAt}
                    title={formatDateTime(order.company.createdAt)}
                  >
                    {formatAge(order.company.createdAt)}
                  </time>
                ),
              },
            ]}
          />
        </div>
      </ListView>
    </>
  )
}

function QueueFilters({
  search,
  statuses,
  onSearchChange,
}: {
  search: OrdersSearch
  statuses: readonly (keyof typeof companyStatusLabels)[]
  onSearchChange: (next: OrdersSearch) => void
}) {
  const [query, setQuery] = useState(search.query ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearchChange({ ...search, query: query.trim() || undefined, page: undefined })
  }
  return (
    <form className={styles.filters} onSubmit={submit} role="search" aria-label="Filtrar pedidos">
      <TextField
        label="Buscar empresa"
        placeholder="Nome, nome fantasia ou CNPJ"
        value={query}
        maxLength={100}
        onChange={(event) => setQuery(event.target.value)}
      />
      <SelectField
        label="Situação"
        placeholder="Todas em andamento"
        options={statuses.map((value) => ({ value, label: companyStatusLabels[value] }))}
        value={search.status ?? ''}
        onChange={(event) =>
          onSearchChange({
            ...search,
            status: (event.target.value || undefined) as OrdersSearch['status'],
            page: undefined,
          })
        }
      />
      <Button type="submit" variant="secondary">
        Buscar
      </Button>
    </form>
  )
}
