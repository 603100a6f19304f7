import { useState } from 'react'
import { documentStatusLabels } from '@/schemas/glossary'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import {
  companyMayDeleteDocument,
  documentStatuses,
  documentTypeLabels,
  documentTypes,
  type CompanyDocument,
  type DocumentType,
} from '@/schemas/document'
import { guiaStatusLabels } from '@/schemas/glossary'
import { documentsQueryOptions, useDeleteDocument } from '@/services/documents'
import { useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Alert, Badge } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { DataTable, useChangedRow } from '@/ui/Table'
import { notify } from '@/ui/notify'
import { formatCompetence } from './document-format'
import { documentSituation, guideDueText, guidePaidText } from './document-labels'
import { DOCUMENTS_PAGE_SIZE, documentsListInput, type DocumentsSearch } from './documents-search'
import { DownloadButton } from './DownloadButton'
import { GuidesToPay } from '@/screens/simples'
import { UploadDocumentDialog } from './UploadDocumentDialog'
import styles from './Documents.module.css'

export type DocumentsScreenProps = {
  search: DocumentsSearch
  onSearchChange: (search: DocumentsSearch) => void
}

// The words the rows use: a pending document is "Em análise", a pending guia "A pagar".
const statusFilterLabels: Record<(typeof documentStatuses)[number], string> = {
  pending: `${documentStatusLabels.pending} ou ${guiaStatusLabels.toPay.toLowerCase()}`,
  approved: documentStatusLabels.approved,
  rejected: documentStatusLabels.rejected,
  paid: guiaStatusLabels.paid,
}
const statusOptions = documentStatuses.map((status) => ({
  value: status,
  label: statusFilterLabels[status],
}))

/** /app/documents: the company's documents and guias, filtered and paged in the URL. */
export function DocumentsScreen(props: DocumentsScreenProps) {
  const { companyId, company } = useSessionView()
  const [uploading, setUploading] = useState(false)
  const added = useChangedRow()
  if (!companyId)
    return (
      <>
        <PageHeader title="Documentos" />
        <Alert tone="info" title="Nenhuma empresa escolhida.">
          Os documentos são de uma empresa: abra a empresa pelo back office para vê-los.
        </Alert>
      </>
    )
  return (
    <>
      <PageHeader
        title="Documentos"
        description={`Guias, contratos, comprovantes e extratos de ${company?.alias ?? company?.name ?? 'sua empresa'}, enviados por você ou pela contabilidade.`}
        actions={<Button onClick={() => setUploading(true)}>Enviar documento</Button>}
      />
      <section className={styles.section} aria-labelledby="guias-heading">
        <h2 id="guias-heading">Guias a pagar</h2>
        <GuidesToPay
          companyId={companyId}
          empty={<p className={styles.muted}>Nenhuma guia a pagar agora.</p>}
        />
      </section>
      <DocumentList companyId={companyId} changed={added.changed} {...props} />
      <UploadDocumentDialog
        companyId={companyId}
        open={uploading}
        onOpenChange={setUploading}
        onUploaded={(document) => added.mark(document.id)}
      />
    </>
  )
}

function DocumentList({
  companyId,
  changed,
  search,
  onSearchChange,
}: DocumentsScreenProps & { companyId: string; changed: string | null }) {
  const { data, isFetching } = useSuspenseQuery(
    documentsQueryOptions(documentsListInput(companyId, search)),
  )
  const remove = useDeleteDocument()
  const [deleting, setDeleting] = useState<CompanyDocument | null>(null)
  const selected = new Set(search.type ?? [])
  const filtered = Boolean(search.type || search.status || search.competence)
  const page = search.page ?? 1

  const change = (next: Partial<DocumentsSearch>) =>
    onSearchChange({ ...search, ...next, page: undefined })

  function toggleType(type: DocumentType) {
    const next = new Set(selected)
    if (next.has(type)) next.delete(type)
    else next.add(type)
    change({ type: next.size ? documentTypes.filter((t) => next.has(t)) : undefined })
  }

  function confirmDelete() {
    if (!deleting) return
    remove.mutate(
      { companyId, documentId: deleting.id },
      {
        onSuccess: (document) => {
          notify.success(`Documento excluído: ${document.name}.`)
          setDeleting(null)
          // The last row of a page gone: go back a page rather than show an empty one.
          if (data.data.length === 1 && page > 1) onSearchChange({ ...search, page: page - 1 })
        },
        onError: (error) => notify.error(error.message),
      },
    )
  }

  return (
    <section className={styles.section} aria-labelledby="documents-heading">
      <h2 id="documents-heading">Todos os documentos</h2>
      <div className={styles.filters} role="search" aria-label="Filtrar documentos">
        <fieldset className={styles.types}>
          <legend>Tipos</legend>
          <div className={styles.chips}>
            {documentTypes.map((type) => (
              <button
                key={type}
                type="button"
                className={styles.chip}
                aria-pressed={selected.has(type)}
                onClick={() => toggleType(type)}
              >
                {documentTypeLabels[type]}
              </button>
            ))}
          </div>
        </fieldset>
        <SelectField
          label="Situação"
          value={search.status ?? ''}
          placeholder="Todas"
          options={statusOptions}
          onChange={(event) =>
            change({ status: (event.target.value || undefined) as DocumentsSearch['status'] })
          }
        />
        <TextField
          label="Competência"
          type="month"
          value={search.competence ?? ''}
          onChange={(event) => change({ competence: event.target.value || undefined })}
        />
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => onSearchChange({})}
            aria-label="Limpar os filtros de documentos"
          >
            Limpar filtros
          </Button>
        )}
      </div>
      <ListView
        summary={{ noun: ['documento', 'documentos'] }}
        list={data}
        filtered={filtered}
        empty={{
          title: 'Nenhum documento ainda',
          description: 'Envie contratos, comprovantes e extratos pelo botão "Enviar documento".',
        }}
        emptyFiltered={{
          title: 'Nenhum documento com esses filtros',
          description: 'Mude os tipos, a situação ou a competência.',
        }}
        pager={{
          page,
          pageSize: DOCUMENTS_PAGE_SIZE,
          label: 'Páginas de documentos',
          onPage: (next) => onSearchChange({ ...search, page: next }),
        }}
      >
        <DataTable
          caption="Documentos da empresa"
          rows={data.data}
          loading={isFetching}
          rowKey={(document) => document.id}
          stacked={styles.rows}
          changed={changed}
          columns={[
            {
              key: 'name',
              card: 'title',
              header: 'Documento',
              cell: (document) => (
                <div className={styles.name}>
                  <strong>{document.name}</strong>
                  <span className={styles.muted}>
                    {document.sentBy === 'accountant'
                      ? 'Enviado pela contabilidade'
                      : 'Enviado por você'}{' '}
                    em {formatDate(document.createdAt)}
                  </span>
                </div>
              ),
            },
            { key: 'type', header: 'Tipo', cell: (document) => documentTypeLabels[document.type] },
            {
              key: 'competence',
              header: 'Competência',
              cell: (document) =>
                document.competence ? formatCompetence(document.competence) : '—',
            },
            {
              key: 'value',
              header: 'Valor',
              align: 'right',
              cell: (document) =>
                document.guia ? (
                  <span className={styles.value}>
                    {formatMoney(document.guia.amount)}
                    <span className={styles.muted}>{guideDueText(document)}</span>
                  </span>
                ) : (
                  '—'
                ),
            },
            {
              key: 'status',
              header: 'Situação',
              cell: (document) => {
                const situation = documentSituation(document)
                return (
                  <>
                    <Badge tone={situation.tone}>{situation.label}</Badge>
                    {document.status === 'rejected' && document.rejectionReason && (
                      <span className={styles.reason}>{document.rejectionReason}</span>
                    )}
                    {guidePaidText(document) && (
                      <span className={styles.paid}>{guidePaidText(document)}</span>
                    )}
                  </>
                )
              },
            },
            {
              key: 'actions',
              card: 'actions',
              header: 'Ações',
              align: 'right',
              cell: (document) => (
                <div className={styles.actions}>
                  <DownloadButton companyId={companyId} document={document} />
                  {companyMayDeleteDocument(document) && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setDeleting(document)}
                      aria-label={`Excluir: ${document.name}`}
                    >
                      Excluir
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      </ListView>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir o documento?"
        description={`"${deleting?.name ?? ''}" sai dos documentos da empresa e o arquivo deixa de estar disponível. Isso não pode ser desfeito.`}
        confirmLabel="Excluir"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  )
}
