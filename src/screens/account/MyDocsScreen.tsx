import { useState } from 'react'
import { documentStatusLabels } from '@/schemas/glossary'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate } from '@/lib/format'
import { companyMayDeleteDocument, type CompanyDocument } from '@/schemas/document'
import {
  documentFileRules,
  documentsQueryOptions,
  downloadFile,
  useDeleteDocument,
  useUploadDocument,
} from '@/services/documents'
import { useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Alert, Badge } from '@/ui/Feedback'
import { FileDrop, describeRules } from '@/ui/FileDrop'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { RadioCards } from '@/ui/RadioCards'
import { ListView } from '@/ui/List'
import { DataTable, useChangedRow } from '@/ui/Table'
import {
  MY_DOCS_PAGE_SIZE,
  myDocumentsInput,
  personalDocumentKinds,
  type PersonalDocumentKind,
} from './my-docs'
import styles from './Account.module.css'

/** Personal documents are scans or photos: PDF, JPG or PNG, within the upload link's limit. */
const personalFileRules = {
  accept: documentFileRules.accept.filter((kind) => ['PDF', 'JPG', 'PNG'].includes(kind.label)),
  maxBytes: documentFileRules.maxBytes,
}

const statusTone = {
  pending: 'info',
  approved: 'success',
  rejected: 'danger',
  paid: 'success',
} as const

/**
 * /app/user/my-docs: the person's own documents (RG or CNH, proof of address, marriage
 * certificate) sent to the accountant of the current company: upload, download, delete.
 */
export function MyDocsScreen({
  page,
  onPageChange,
}: {
  page: number
  onPageChange: (page: number) => void
}) {
  const { user, company } = useSessionView()
  const added = useChangedRow()
  if (!user || !company) return null
  return (
    <div className={styles.page}>
      <PageHeader
        title="Meus documentos"
        description={`Seus documentos pessoais, para a contabilidade de ${company.alias ?? company.name}.`}
      />
      <UploadCard companyId={company.id} onUploaded={(document) => added.mark(document.id)} />
      <DocumentList
        companyId={company.id}
        uid={user.uid}
        page={page}
        onPageChange={onPageChange}
        changed={added.changed}
      />
    </div>
  )
}

function UploadCard({
  companyId,
  onUploaded,
}: {
  companyId: string
  /** The document is in: the list shows where it went. */
  onUploaded: (document: CompanyDocument) => void
}) {
  const upload = useUploadDocument()
  const [kind, setKind] = useState<PersonalDocumentKind | undefined>(undefined)
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [kindError, setKindError] = useState<string | undefined>(undefined)

  async function send() {
    setError(null)
    if (!kind) return setKindError('Escolha o tipo do documento')
    if (!file) return setError('Escolha o arquivo do documento.')
    const label = personalDocumentKinds.find((option) => option.value === kind)!.label
    setProgress(0)
    try {
      const document = await upload.mutateAsync({
        input: { companyId, file, type: 'pessoal', name: label },
        onProgress: (sent: number) => setProgress(sent),
      })
      notify.success(`${label} enviado.`)
      onUploaded(document)
      setFile(null)
      setKind(undefined)
    } catch (caught) {
      // The chosen kind and file stay: sending again needs one click.
      setError(caught instanceof Error ? caught.message : 'Não foi possível enviar o documento.')
    } finally {
      setProgress(null)
    }
  }

  return (
    <section aria-labelledby="enviar-documento">
      <Card>
        <h2 id="enviar-documento" className={styles.cardTitle}>
          Enviar documento
        </h2>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          {error && <Alert tone="danger" title={error} />}
          <RadioCards<PersonalDocumentKind>
            legend="Tipo do documento"
            name="tipo"
            value={kind}
            required
            error={kindError}
            onChange={(value) => {
              setKind(value)
              setKindError(undefined)
            }}
            options={personalDocumentKinds.map((option) => ({
              value: option.value,
              label: option.label,
            }))}
          />
          <FileDrop
            label="Arquivo"
            accept={personalFileRules.accept}
            maxBytes={personalFileRules.maxBytes}
            fileName={file?.name ?? null}
            progress={progress}
            onFile={(chosen) => {
              setFile(chosen)
              setError(null)
            }}
            onRefuse={() => setFile(null)}
            hint={describeRules(personalFileRules)}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={upload.isPending}>
              Enviar documento
            </Button>
          </div>
        </form>
      </Card>
    </section>
  )
}

function DocumentList({
  companyId,
  uid,
  page,
  onPageChange,
  changed,
}: {
  companyId: string
  uid: string
  page: number
  onPageChange: (page: number) => void
  changed: string | null
}) {
  const input = myDocumentsInput(companyId, uid, page)
  const { data } = useSuspenseQuery(documentsQueryOptions(input))
  const remove = useDeleteDocument()
  const [deleting, setDeleting] = useState<CompanyDocument | null>(null)
  const [downloading, setDownloading] = useState<string | null>(null)

  async function download(document: CompanyDocument) {
    setDownloading(document.id)
    try {
      await downloadFile({ companyId, fileName: document.fileName })
    } catch (caught) {
      notify.error(caught instanceof Error ? caught.message : 'Não foi possível baixar.')
    } finally {
      setDownloading(null)
    }
  }

  return (
    <section aria-labelledby="documentos-enviados">
      <Card>
        <h2 id="documentos-enviados" className={styles.cardTitle}>
          Documentos enviados
        </h2>
        <ListView
          list={data}
          empty={{
            title: 'Nenhum documento enviado ainda',
            description: 'Envie seu RG ou CNH e um comprovante de residência para começar.',
          }}
          pager={{
            page,
            pageSize: MY_DOCS_PAGE_SIZE,
            label: 'Páginas dos documentos',
            onPage: onPageChange,
          }}
        >
          <DataTable
            caption="Seus documentos pessoais"
            rows={data.data}
            rowKey={(document) => document.id}
            changed={changed}
            columns={[
              {
                key: 'name',
                card: 'title',
                header: 'Documento',
                cell: (document) => (
                  <span className={styles.stacked}>
                    <span>{document.name}</span>
                    <span className="muted">{document.fileName}</span>
                  </span>
                ),
              },
              {
                key: 'sent',
                header: 'Enviado em',
                cell: (document) => formatDate(document.createdAt),
              },
              {
                key: 'status',
                header: 'Situação',
                cell: (document) => (
                  <span className={styles.stacked}>
                    <span>
                      <Badge tone={statusTone[document.status]}>
                        {documentStatusLabels[document.status]}
                      </Badge>
                    </span>
                    {document.rejectionReason && (
                      <span className="muted">{document.rejectionReason}</span>
                    )}
                  </span>
                ),
              },
              {
                key: 'actions',
                card: 'actions',
                header: <span className="visually-hidden">Ações</span>,
                align: 'right',
                cell: (document) => (
                  <span className={styles.actions} style={{ justifyContent: 'flex-end' }}>
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={downloading === document.id}
                      onClick={() => void download(document)}
                      aria-label={`Baixar ${document.name}`}
                    >
                      Baixar
                    </Button>
                    {companyMayDeleteDocument(document) && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setDeleting(document)}
                        aria-label={`Excluir ${document.name}`}
                      >
                        Excluir
                      </Button>
                    )}
                  </span>
                ),
              },
            ]}
          />
        </ListView>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Excluir este documento?"
          description={deleting ? `${deleting.name} (${deleting.fileName}) será excluído.` : ''}
          confirmLabel="Excluir"
          tone="danger"
          busy={remove.isPending}
          onConfirm={() =>
            deleting &&
            remove.mutate(
              { companyId, documentId: deleting.id },
              {
                onSuccess: (document) => {
                  setDeleting(null)
                  notify.success(`${document.name} excluído.`)
                },
                onError: (error) => {
                  setDeleting(null)
                  notify.error(error.message)
                },
              },
            )
          }
        />
      </Card>
    </section>
  )
}
