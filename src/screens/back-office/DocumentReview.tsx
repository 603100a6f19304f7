import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { dueWords } from '@/kernel/dates'
import { todayInBrazil } from '@/schemas/finance-common'
import { documentSituationLabel } from '@/schemas/glossary'
import { documentRejectSchema, documentTypeLabels, type CompanyDocument } from '@/schemas/document'
import { documentMovesFor } from '@/machines/document'
import { formatDate, formatMonthYear } from '@/lib/format'
import { documentsQueryOptions, downloadFile, useChangeDocumentStatus } from '@/services/documents'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Badge } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { ReasonDialog } from './ReasonDialog'
import styles from './BackOffice.module.css'

export const DOCUMENTS_PAGE_SIZE = 10

const statusTones = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  paid: 'success',
} as const

type Review = { document: CompanyDocument; decision: 'approved' | 'rejected' }

/**
 * A company's documents for the accountant: download each, approve or refuse (with the reason)
 * what the client sent and is waiting for review. Paged in the URL (`docs`).
 */
export function DocumentReview({
  companyId,
  page,
  onPage,
}: {
  companyId: string
  page: number
  onPage: (page: number) => void
}) {
  const today = todayInBrazil()
  const { data: documents, isFetching } = useSuspenseQuery(
    documentsQueryOptions({
      companyId,
      limit: DOCUMENTS_PAGE_SIZE,
      offset: (page - 1) * DOCUMENTS_PAGE_SIZE,
    }),
  )
  const change = useChangeDocumentStatus()
  const [review, setReview] = useState<Review | null>(null)
  const [downloading, setDownloading] = useState<string | null>(null)

  async function decide(target: Review, reason?: string) {
    await change.mutateAsync({
      companyId,
      documentId: target.document.id,
      status: target.decision,
      reason,
    })
    setReview(null)
    notify.success(
      target.decision === 'approved'
        ? `"${target.document.name}" aprovado.`
        : `"${target.document.name}" recusado; o cliente vê o motivo.`,
    )
  }

  async function download(document: CompanyDocument) {
    setDownloading(document.id)
    try {
      await downloadFile({ companyId, fileName: document.fileName })
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Não foi possível baixar o arquivo.')
    } finally {
      setDownloading(null)
    }
  }

  const reviewable = (document: CompanyDocument) =>
    documentMovesFor(document, 'accountant').includes('approved')

  return (
    <>
      <ListView
        list={documents}
        empty={{
          title: 'Nenhum documento',
          description: 'A empresa ainda não enviou documentos e a contabilidade não enviou guias.',
        }}
        pager={{
          page,
          pageSize: DOCUMENTS_PAGE_SIZE,
          label: 'Páginas de documentos',
          onPage,
        }}
      >
        <DataTable
          caption="Documentos da empresa"
          rows={documents.data}
          loading={isFetching}
          rowKey={(document) => document.id}
          columns={[
            {
              key: 'name',
              card: 'title',
              header: 'Documento',
              cell: (document) => (
                <div className={styles.name}>
                  <strong>{document.name}</strong>
                  <span className="muted">
                    {documentTypeLabels[document.type]}
                    {document.guia &&
                      ` · ${
                        document.status === 'paid'
                          ? `vencimento ${formatDate(document.guia.dueDate)}`
                          : dueWords(document.guia.dueDate, today, { late: 'atrasada' }).text
                      }`}
                    {document.guia && ` · ${formatMonthYear(`${document.guia.competence}-15`)}`}
                  </span>
                </div>
              ),
            },
            {
              key: 'sent',
              header: 'Enviado',
              cell: (document) =>
                `${formatDate(document.createdAt)} · ${document.sentBy === 'company' ? 'pelo cliente' : 'pela contabilidade'}`,
            },
            {
              key: 'status',
              header: 'Situação',
              cell: (document) => (
                <div className={styles.name}>
                  <Badge tone={statusTones[document.status]}>
                    {documentSituationLabel(document, today)}
                  </Badge>
                  {document.rejectionReason && (
                    <span className="muted">{document.rejectionReason}</span>
                  )}
                </div>
              ),
            },
            {
              key: 'actions',
              card: 'actions',
              header: 'Ações',
              cell: (document) => (
                <div className={styles.rowActions}>
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={downloading === document.id}
                    aria-label={`Baixar ${document.name}`}
                    onClick={() => void download(document)}
                  >
                    Baixar
                  </Button>
                  {reviewable(document) && (
                    <>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Aprovar ${document.name}`}
                        onClick={() => {
                          change.reset()
                          setReview({ document, decision: 'approved' })
                        }}
                      >
                        Aprovar
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`Recusar ${document.name}`}
                        onClick={() => {
                          change.reset()
                          setReview({ document, decision: 'rejected' })
                        }}
                      >
                        Recusar
                      </Button>
                    </>
                  )}
                </div>
              ),
            },
          ]}
        />
      </ListView>
      {review?.decision === 'approved' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open && !change.isPending) setReview(null)
          }}
          title={`Aprovar "${review.document.name}"?`}
          description={
            <>
              O documento fica como aprovado para o cliente.
              {change.error && (
                <span className={styles.dialogError} role="alert">
                  {change.error.message}
                </span>
              )}
            </>
          }
          confirmLabel="Aprovar"
          busy={change.isPending}
          onConfirm={() => void decide(review).catch(() => undefined)}
        />
      )}
      {review?.decision === 'rejected' && (
        <ReasonDialog
          title={`Recusar "${review.document.name}"?`}
          description="O cliente vê o documento como recusado, com o motivo, e pode enviar outro."
          label="Motivo da recusa"
          confirmLabel="Recusar documento"
          schema={documentRejectSchema}
          onCancel={() => setReview(null)}
          onConfirm={(reason) => decide(review, reason)}
        />
      )}
    </>
  )
}
