import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDateTime } from '@/lib/format'
import { statusHistoryQueryOptions } from '@/services/back-office'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { CompanyStatusBadge } from '@/screens/shared'

/** Changes per page of the history. */
export const HISTORY_PAGE_SIZE = 10

/** Every status change of a company, newest first: when, who, from, to and why; paged. */
export function StatusHistory({
  companyId,
  page,
  onPage,
}: {
  companyId: string
  page: number
  onPage: (page: number) => void
}) {
  const { data: history } = useSuspenseQuery(
    statusHistoryQueryOptions(companyId, {
      limit: HISTORY_PAGE_SIZE,
      offset: (page - 1) * HISTORY_PAGE_SIZE,
    }),
  )
  return (
    <ListView
      list={history}
      empty={{
        title: 'Nenhuma mudança de situação',
        description: 'A empresa está na situação em que foi cadastrada.',
      }}
      pager={{
        page,
        pageSize: HISTORY_PAGE_SIZE,
        label: 'Páginas do histórico',
        onPage,
      }}
    >
      <DataTable
        caption="Histórico de situações, mais recentes primeiro"
        rows={history.data}
        rowKey={(change) => `${change.at}-${change.to}`}
        columns={[
          { key: 'at', header: 'Quando', cell: (change) => formatDateTime(change.at) },
          {
            key: 'by',
            header: 'Quem',
            cell: (change) => change.byName ?? <span className="muted">Sistema</span>,
          },
          {
            key: 'from',
            header: 'De',
            cell: (change) => <CompanyStatusBadge status={change.from} />,
          },
          {
            key: 'to',
            header: 'Para',
            cell: (change) => <CompanyStatusBadge status={change.to} />,
          },
          {
            key: 'reason',
            header: 'Motivo',
            cell: (change) => change.reason ?? <span className="muted">—</span>,
          },
        ]}
      />
    </ListView>
  )
}
