import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDateTime, formatInteger } from '@/lib/format'
import { statusHistoryQueryOptions } from '@/services/back-office'
import { DataTable } from '@/ui/Table'
import { CompanyStatusBadge } from '@/screens/shared'

/** How many changes the history shows (a company rarely has more). */
export const HISTORY_LIMIT = 50

/** Every status change of a company, newest first: when, who, from, to and why. */
export function StatusHistory({ companyId }: { companyId: string }) {
  const { data: history } = useSuspenseQuery(
    statusHistoryQueryOptions(companyId, { limit: HISTORY_LIMIT, offset: 0 }),
  )
  return (
    <>
      <DataTable
        caption="Histórico de situações, mais recentes primeiro"
        rows={history.data}
        rowKey={(change) => `${change.at}-${change.to}`}
        empty={{
          title: 'Nenhuma mudança de situação',
          description: 'A empresa está na situação em que foi cadastrada.',
        }}
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
      {history.total > history.data.length && (
        <p className="muted">
          Mostrando as {history.data.length} mudanças mais recentes de{' '}
          {formatInteger(history.total)}.
        </p>
      )}
    </>
  )
}
