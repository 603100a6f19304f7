import { useState, type FormEvent } from 'react'
import { nfsRequestStatusLabels } from '@/schemas/glossary'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import { bankPaymentText } from '@/schemas/bank'
import { nfsRequestStatuses, type NfsRequest, type NfsRequestStatus } from '@/schemas/invoice'
import { cancellationUnsettled } from '@/machines/nfs-request'
import {
  invoiceRequestsQueryOptions,
  useCancelInvoiceRequest,
  useCopiesFollow,
} from '@/services/invoices'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Badge } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { SidePanel } from '@/ui/SidePanel'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { notify } from '@/ui/notify'
import { AccessKey, NfseDownloads } from '@/screens/nfse'
import { formatTakerDocument } from './invoice-form'
import { requestStatusTones } from './invoice-labels'
import {
  REQUESTS_PAGE_SIZE,
  requestsListInput,
  type InvoicesSearch,
  type ReceivedFilter,
} from './invoices-search'
import { RequestDetails } from './RequestDetails'
import styles from './Invoices.module.css'

const statusOptions = nfsRequestStatuses.map((status) => ({
  value: status,
  label: nfsRequestStatusLabels[status],
}))

const receivedOptions: { value: ReceivedFilter; label: string }[] = [
  { value: 'recebidas', label: 'Recebidas' },
  { value: 'a-receber', label: 'Emitidas a receber' },
]

/** Solicitações: the company's NFS-e requests, filtered and paged in the URL. */
export function InvoiceRequestsTab({
  companyId,
  search,
  onSearchChange,
}: {
  companyId: string
  search: InvoicesSearch
  onSearchChange: (search: InvoicesSearch) => void
}) {
  const { data, isFetching } = useSuspenseQuery(
    invoiceRequestsQueryOptions(requestsListInput(companyId, search)),
  )
  // A row the panel reads in another state (a cancellation sent or settled meanwhile) is read
  // again; rows awaiting the Receita are asked again until its check settles them.
  useCopiesFollow(companyId, data)
  const cancel = useCancelInvoiceRequest()
  const [cancelling, setCancelling] = useState<NfsRequest | null>(null)
  const [query, setQuery] = useState(search.query ?? '')
  // The box follows the address when it changes elsewhere (back/forward, filters cleared).
  const [shownQuery, setShownQuery] = useState(search.query)
  if (shownQuery !== search.query) {
    setShownQuery(search.query)
    setQuery(search.query ?? '')
  }
  const page = search.page ?? 1
  const filtered = Boolean(search.status || search.month || search.query || search.received)

  const change = (next: Partial<InvoicesSearch>) =>
    onSearchChange({ ...search, ...next, page: undefined })

  function submit(event: FormEvent) {
    event.preventDefault()
    change({ query: query.trim() || undefined })
  }

  function confirmCancel() {
    if (!cancelling) return
    cancel.mutate(
      { companyId, requestId: cancelling.id },
      {
        onSuccess: () => {
          notify.success('Solicitação cancelada.')
          setCancelling(null)
          onSearchChange({
            ...search,
            request: undefined,
            page: data.data.length === 1 && page > 1 ? page - 1 : search.page,
          })
        },
        onError: (error) => notify.error(error.message),
      },
    )
  }

  return (
    <>
      <form
        className={styles.filters}
        onSubmit={submit}
        role="search"
        aria-label="Filtrar solicitações"
      >
        <SelectField
          label="Situação"
          value={search.status ?? ''}
          placeholder="Todas"
          options={statusOptions}
          onChange={(event) =>
            change({ status: (event.target.value || undefined) as NfsRequestStatus | undefined })
          }
        />
        <SelectField
          label="Recebimento"
          value={search.received ?? ''}
          placeholder="Todas"
          options={receivedOptions}
          onChange={(event) =>
            change({ received: (event.target.value || undefined) as ReceivedFilter | undefined })
          }
        />
        <TextField
          label="Mês"
          type="month"
          value={search.month ?? ''}
          onChange={(event) => change({ month: event.target.value || undefined })}
        />
        <TextField
          label="Tomador"
          type="search"
          value={query}
          maxLength={200}
          placeholder="Nome, CPF ou CNPJ"
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </form>
      <ListView
        summary={{ noun: ['solicitação', 'solicitações'] }}
        list={data}
        filtered={filtered}
        empty={{
          title: 'Nenhuma nota pedida ainda',
          description: 'Peça a primeira pelo botão "Nova solicitação".',
        }}
        emptyFiltered={{
          title: 'Nenhuma solicitação com esses filtros',
          description: 'Mude a situação, o recebimento, o mês ou a busca.',
        }}
        pager={{
          page,
          pageSize: REQUESTS_PAGE_SIZE,
          label: 'Páginas de solicitações',
          onPage: (next) => onSearchChange({ ...search, page: next }),
        }}
      >
        <DataTable
          caption="Solicitações de NFS-e"
          rows={data.data}
          loading={isFetching}
          rowKey={(request) => request.id}
          stacked={styles.rows}
          columns={[
            { key: 'date', header: 'Data', cell: (request) => formatDate(request.date) },
            {
              key: 'taker',
              card: 'title',
              header: 'Tomador',
              cell: (request) =>
                request.taker ? (
                  <div className={styles.taker}>
                    <span>{request.taker.name}</span>
                    <span className={styles.muted}>
                      {formatTakerDocument(request.taker.document)}
                    </span>
                  </div>
                ) : (
                  <span className="muted">Sem tomador</span>
                ),
            },
            {
              key: 'value',
              header: 'Valor',
              align: 'right',
              cell: (request) => (
                <span className={styles.money}>{formatMoney(request.totalValue)}</span>
              ),
            },
            {
              key: 'status',
              header: 'Situação',
              cell: (request) => (
                <>
                  <Badge tone={requestStatusTones[request.status]}>
                    {nfsRequestStatusLabels[request.status]}
                  </Badge>
                  {request.status === 'rejected' && request.rejectionReason && (
                    <span className={styles.reason}>{request.rejectionReason}</span>
                  )}
                  {cancellationUnsettled(request) && (
                    <span className={styles.awaiting}>
                      Cancelamento enviado, aguardando a confirmação da Receita
                    </span>
                  )}
                  {request.status === 'issued' && request.receivedBy && (
                    <span className={styles.received}>
                      {bankPaymentText('Recebida', request.receivedBy)}
                    </span>
                  )}
                </>
              ),
            },
            {
              key: 'number',
              header: 'Número e chave',
              cell: (request) =>
                request.number === null ? (
                  '—'
                ) : (
                  <div className={styles.number}>
                    <span>nº {request.number}</span>
                    {request.accessKey && <AccessKey value={request.accessKey} />}
                  </div>
                ),
            },
            {
              key: 'actions',
              card: 'actions',
              header: 'Ações',
              align: 'right',
              cell: (request) => (
                <div className={styles.rowActions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onSearchChange({ ...search, request: request.id })}
                    aria-label={`Detalhes da nota de ${formatDate(request.date)} para ${request.taker?.name ?? 'sem tomador'}`}
                  >
                    Detalhes
                  </Button>
                  {request.accessKey && (
                    <NfseDownloads request={request} companyId={companyId} compact />
                  )}
                  {request.status === 'pending' && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setCancelling(request)}
                      aria-label={`Cancelar a solicitação de ${formatDate(request.date)} para ${request.taker?.name ?? 'sem tomador'}`}
                    >
                      Cancelar
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      </ListView>
      <SidePanel
        open={Boolean(search.request)}
        openKey={search.request}
        onOpenChange={(open) => !open && onSearchChange({ ...search, request: undefined })}
        title="Solicitação de NFS-e"
      >
        {search.request && (
          <RequestDetails
            companyId={companyId}
            requestId={search.request}
            onCancel={setCancelling}
          />
        )}
      </SidePanel>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancelar a solicitação?"
        description={
          cancelling
            ? `A nota de ${formatMoney(cancelling.totalValue)}${cancelling.taker ? ` para ${cancelling.taker.name}` : ''} não será emitida. Isso não pode ser desfeito.`
            : ''
        }
        confirmLabel="Cancelar solicitação"
        cancelLabel="Manter"
        tone="danger"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </>
  )
}
