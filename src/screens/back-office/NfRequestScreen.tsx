import { useEffect, useRef, useState } from 'react'
import { nfsRequestStatusLabels } from '@/schemas/glossary'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import {
  issTaxationCodes,
  issTaxationLabels,
  documentKindOf,
  nfsRejectSchema,
  type NfsRequestWithCompany,
} from '@/schemas/invoice'
import {
  formatCnpjValue,
  formatCpfValue,
  formatDate,
  formatDateTime,
  formatMoney,
} from '@/lib/format'
import { ApiError } from '@/services/api'
import { nfsRequestQueryOptions, useChangeNfsRequestStatus } from '@/services/back-office'
import { downloadFile } from '@/services/documents'
import { Button, buttonClass } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { DescriptionList } from '@/ui/DescriptionList'
import { Alert, Badge } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { focusResult } from '@/ui/return-focus'
import { DataTable } from '@/ui/Table'
import { nfseCancellationCodeLabels } from '@/schemas/nfse'
import { analysisPending, nfsRequestActions } from '@/machines/nfs-request'
import { CompanyStatusBadge, formatAddress } from '@/screens/shared'
import {
  AccessKey,
  CancellationAnalysisNote,
  CancellationSendingNote,
  NfseDownloads,
  substitutionItems,
} from '@/screens/nfse'
import { companyLabel } from './CompanyPicker'
import { CancelNfseDialog } from './CancelNfseDialog'
import { IssueNfsForm } from './IssueNfsForm'
import { NationalIssue } from './NationalIssue'
import { nfsStatusTones } from './labels'
import { ReasonDialog } from './ReasonDialog'
import { SubstituteNfseDialog } from './SubstituteNfseDialog'
import styles from './BackOffice.module.css'
import { changeAuthor, requestOrigin } from './nf-request-origin'

type Action = 'processing' | 'issue' | 'reject' | 'cancel' | 'substitute' | null

/**
 * /app/admin/invoices/nf-requests/{requestId}: one NFS-e request with every field, and what its
 * life allows from here: "Emitir NFS-e" through the national system (from pending or
 * processing), "Iniciar processamento", "Registrar emissão manual" (number, PDF, XML: a
 * municipality outside the national system), "Rejeitar" (a reason the client reads), and for an
 * NFS-e the national system issued, "Cancelar NFS-e" (the national event) and "Substituir NFS-e"
 * (a new NFS-e naming this one's key; the screen then opens the new request). A 409 (someone moved
 * it first) is explained and the request reloaded.
 */
export function NfRequestScreen({ requestId }: { requestId: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: request } = useSuspenseQuery(nfsRequestQueryOptions(requestId))
  const [action, setAction] = useState<Action>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const analysisNote = useRef<HTMLDivElement>(null)
  const [analysisAsked, setAnalysisAsked] = useState(false)
  // Once the analysis is asked, the focus goes to its note when the reloaded request shows it:
  // after the dialog's own return of focus (Radix's, a task later), so the note keeps it.
  const analysisShown = request.cancellationAnalysis !== null
  useEffect(() => {
    if (!analysisAsked || !analysisShown) return
    const timer = setTimeout(() => {
      analysisNote.current?.focus()
      setAnalysisAsked(false)
    })
    return () => clearTimeout(timer)
  }, [analysisAsked, analysisShown])
  // Where the request stands ("NFS-e nº 77 emitida…", "… cancelada…", "Rejeitada…"): the result
  // of an action that replaces what the card offered (the button that had focus goes with it),
  // so focus goes there (src/ui/return-focus.ts), never to <body>.
  const outcome = useRef<HTMLDivElement>(null)
  const focusOutcome = () => focusResult(() => outcome.current)
  const change = useChangeNfsRequestStatus()
  const actions = nfsRequestActions(request)
  const companyName = request.company
    ? companyLabel(request.company)
    : formatCnpjValue(request.cnpj)

  async function moved(message: string) {
    setAction(null)
    setConflict(message)
    await queryClient.invalidateQueries({ queryKey: nfsRequestQueryOptions(requestId).queryKey })
  }

  async function reject(reason: string) {
    setConflict(null)
    try {
      await change.mutateAsync({ requestId, status: 'rejected', reject: { reason } })
      setAction(null)
      notify.success('Solicitação rejeitada; o cliente vê o motivo.')
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error
      await moved(error.message)
    }
  }

  async function startProcessing() {
    setConflict(null)
    try {
      await change.mutateAsync({ requestId, status: 'processing' })
      setAction(null)
      notify.success('Solicitação em processamento.')
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) await moved(error.message)
    }
  }

  return (
    <>
      <PageHeader
        title={nfRequestTitle(request)}
        description={
          <span className={styles.headerLine}>
            <span>{companyName}</span>
            <Badge tone={nfsStatusTones[request.status]}>
              {nfsRequestStatusLabels[request.status]}
            </Badge>
            <span>{formatMoney(request.totalValue)}</span>
          </span>
        }
        actions={
          <Link
            to="/app/admin/invoices/nf-requests"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            ← Solicitações
          </Link>
        }
      />
      <div className="stack">
        {conflict && (
          <Alert tone="warning" title="A solicitação mudou antes da sua alteração">
            {conflict} Recarregamos a solicitação: confira a situação atual.
          </Alert>
        )}
        <Card>
          <h2 className={styles.cardTitle}>O que fazer</h2>
          <div ref={outcome} tabIndex={-1}>
            <NextStep request={request} />
          </div>
          <CancellationAnalysisNote request={request} focusRef={analysisNote} showProblem>
            {request.cancellationAnalysis?.status === 'refused' && request.status === 'issued' && (
              <p>Com novos fatos, peça outra análise em “Cancelar NFS-e”.</p>
            )}
          </CancellationAnalysisNote>
          <CancellationSendingNote request={request} showProblem />
          {action === 'issue' ? (
            <IssueNfsForm
              request={request}
              onIssued={() => {
                setAction(null)
                focusOutcome()
              }}
              onConflict={(message) => void moved(message)}
              onCancel={() => setAction(null)}
            />
          ) : (
            <>
              {(actions.includes('issue-national') || actions.includes('check-receita')) && (
                <NationalIssue
                  request={request}
                  onIssued={focusOutcome}
                  onConflict={(message) => void moved(message)}
                />
              )}
              {actions.some((a) =>
                ['process', 'record-manual', 'reject', 'cancel', 'substitute'].includes(a),
              ) && (
                <div className="row">
                  {actions.includes('process') && (
                    <Button variant="secondary" onClick={() => setAction('processing')}>
                      Iniciar processamento
                    </Button>
                  )}
                  {actions.includes('record-manual') && (
                    <Button variant="secondary" onClick={() => setAction('issue')}>
                      Registrar emissão manual
                    </Button>
                  )}
                  {actions.includes('reject') && (
                    <Button variant="danger" onClick={() => setAction('reject')}>
                      Rejeitar
                    </Button>
                  )}
                  {actions.includes('substitute') && (
                    <Button variant="secondary" onClick={() => setAction('substitute')}>
                      Substituir NFS-e
                    </Button>
                  )}
                  {actions.includes('cancel') && (
                    <Button variant="danger" onClick={() => setAction('cancel')}>
                      Cancelar NFS-e
                    </Button>
                  )}
                </div>
              )}
            </>
          )}
        </Card>
        <RequestDetails request={request} />
      </div>
      <ConfirmDialog
        open={action === 'processing'}
        onOpenChange={(open) => {
          if (!open && !change.isPending) setAction(null)
        }}
        title="Iniciar o processamento?"
        description={
          <>
            A solicitação passa de “Pendente” para “Em processamento”: o cliente vê que a nota está
            sendo emitida e não pode mais excluí-la.
            {change.error && !(change.error instanceof ApiError && change.error.status === 409) && (
              <span className={styles.dialogError} role="alert">
                {change.error.message}
              </span>
            )}
          </>
        }
        confirmLabel="Iniciar processamento"
        busy={change.isPending}
        finalFocus={() => outcome.current}
        onConfirm={() => void startProcessing()}
      />
      {action === 'cancel' && (
        <CancelNfseDialog
          request={request}
          onDone={() => setAction(null)}
          onAnalysisRequested={() => {
            setAction(null)
            setAnalysisAsked(true)
          }}
          finalFocus={() => analysisNote.current ?? outcome.current}
          onClose={() => setAction(null)}
          onConflict={(message) => void moved(message)}
        />
      )}
      {action === 'substitute' && (
        <SubstituteNfseDialog
          request={request}
          onDone={(substitute) => {
            setAction(null)
            void navigate({
              to: '/app/admin/invoices/nf-requests/$requestId',
              params: { requestId: substitute.id },
            })
          }}
          onClose={() => setAction(null)}
          onConflict={(message) => void moved(message)}
        />
      )}
      {action === 'reject' && (
        <ReasonDialog
          title="Rejeitar a solicitação?"
          description={`A nota de ${formatMoney(request.totalValue)}${request.taker ? ` para ${request.taker.name}` : ''} não será emitida. O cliente vê a solicitação como rejeitada, com o motivo, e pode pedir de novo.`}
          label="Motivo da rejeição"
          confirmLabel="Rejeitar"
          schema={nfsRejectSchema}
          onCancel={() => setAction(null)}
          onConfirm={reject}
          finalFocus={() => outcome.current}
        />
      )}
    </>
  )
}

/** Where the request stands, in a sentence. */
function NextStep({ request }: { request: NfsRequestWithCompany }) {
  switch (request.status) {
    case 'pending':
      return (
        <p>
          O cliente pediu esta nota. Emita a NFS-e pelo Sistema Nacional (a DPS é montada, validada
          no esquema oficial, assinada com o certificado da empresa e enviada à Sefin Nacional), ou
          comece o processamento para registrar uma emissão feita no emissor da prefeitura.
        </p>
      )
    case 'processing':
      return (
        <p>
          Emita a NFS-e pelo Sistema Nacional; se o município ainda não está nele, emita no emissor
          da prefeitura e registre aqui o número com o PDF e o XML. Ou rejeite, com o motivo.
        </p>
      )
    case 'issued':
      return (
        <p>
          NFS-e nº <strong>{request.number}</strong> emitida em{' '}
          {request.issuedAt ? formatDateTime(request.issuedAt) : '—'}
          {!request.accessKey
            ? ' no emissor do município. Nada mais a fazer.'
            : analysisPending(request)
              ? ' pela Sefin Nacional. O cancelamento foi pedido ao município: até ele responder, ela não pode ser substituída nem cancelada.'
              : ' pela Sefin Nacional. Se preciso, substitua-a por uma nova NFS-e ou cancele-a pelo evento de cancelamento (depois do prazo, pela análise fiscal do município).'}
        </p>
      )
    case 'awaiting':
      return (
        <p>
          <strong>Aguardando a confirmação da Receita.</strong> A DPS foi enviada à Sefin Nacional e
          a resposta não chegou: conferimos em instantes e o número aparece aqui. A nota não será
          emitida duas vezes, e a solicitação não pode ser excluída enquanto isso.
        </p>
      )
    case 'substituted':
      return (
        <p>
          NFS-e nº <strong>{request.number}</strong> substituída
          {request.substitutedBy ? (
            <>
              {' '}
              pela{' '}
              <Link
                to="/app/admin/invoices/nf-requests/$requestId"
                params={{ requestId: request.substitutedBy }}
              >
                nova NFS-e
              </Link>
            </>
          ) : (
            ' por outra NFS-e'
          )}
          . Nada mais a fazer.
        </p>
      )
    case 'rejected':
      return (
        <p>
          Rejeitada. O cliente lê o motivo: <strong>{request.rejectionReason}</strong>
        </p>
      )
    case 'cancelled':
      return (
        <p>
          NFS-e nº <strong>{request.number}</strong> cancelada em{' '}
          {request.cancelledAt ? formatDateTime(request.cancelledAt) : '—'}. Nada mais a fazer.
        </p>
      )
  }
}

/** Every field of the request: the service, the taker, the NFS-e and the history. */
function RequestDetails({ request }: { request: NfsRequestWithCompany }) {
  const [downloading, setDownloading] = useState<string | null>(null)
  const taker = request.taker
  const download = async (fileName: string) => {
    setDownloading(fileName)
    try {
      await downloadFile({ companyId: request.companyId, fileName })
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Não foi possível baixar o arquivo.')
    } finally {
      setDownloading(null)
    }
  }
  const files = request.issuedFiles
  return (
    <>
      <Card>
        <h2 className={styles.cardTitle}>Serviço</h2>
        <DescriptionList
          items={[
            {
              term: 'Empresa',
              value: request.company ? (
                <span className={styles.headerLine}>
                  <Link
                    to="/app/admin/companies/$companyId"
                    params={{ companyId: request.companyId }}
                  >
                    {companyLabel(request.company)}
                  </Link>
                  <CompanyStatusBadge status={request.company.status} />
                </span>
              ) : (
                'Empresa removida'
              ),
            },
            { term: 'CNPJ do prestador', value: formatCnpjValue(request.cnpj) },
            { term: 'Valor', value: formatMoney(request.totalValue) },
            { term: 'Data do serviço (competência)', value: formatDate(request.date) },
            { term: 'Código do serviço (LC 116)', value: request.serviceCode },
            { term: 'Código de tributação nacional', value: request.taxationCode },
            {
              term: 'Município da prestação',
              value: `${request.municipalityName} (IBGE ${request.municipalityCode})`,
            },
            {
              term: 'Tributação do ISS',
              // The DPS code, for the accountant who types it at the national NFS-e.
              value: `${issTaxationLabels[request.issTaxation]} (tribISSQN ${issTaxationCodes[request.issTaxation]})`,
            },
            {
              term: 'ISS retido pelo tomador',
              value: request.issWithheld ? 'Sim' : 'Não',
            },
            {
              term: 'Origem',
              value: requestOrigin(request),
            },
            { term: 'Pedida em', value: formatDateTime(request.createdAt) },
            { term: 'Última alteração', value: formatDateTime(request.updatedAt) },
          ]}
        />
        <h3 className={styles.subTitle}>Descrição do serviço</h3>
        <p className={styles.preserveLines}>{request.serviceDescription}</p>
      </Card>
      <Card>
        <h2 className={styles.cardTitle}>Tomador</h2>
        {taker ? (
          <DescriptionList
            items={[
              { term: 'Nome ou razão social', value: taker.name },
              {
                term: documentKindOf(taker.document) === 'cpf' ? 'CPF' : 'CNPJ',
                value:
                  documentKindOf(taker.document) === 'cpf'
                    ? formatCpfValue(taker.document)
                    : formatCnpjValue(taker.document),
              },
              { term: 'E-mail', value: taker.email },
              { term: 'Endereço', value: formatAddress(taker.address) },
            ]}
          />
        ) : (
          <p className="muted">A nota não identifica o tomador (o padrão nacional permite).</p>
        )}
      </Card>
      <Card>
        <h2 className={styles.cardTitle}>Nota fiscal</h2>
        <DescriptionList
          items={[
            {
              term: 'Situação',
              value: (
                <Badge tone={nfsStatusTones[request.status]}>
                  {nfsRequestStatusLabels[request.status]}
                </Badge>
              ),
            },
            { term: 'Número', value: request.number ?? '—' },
            {
              term: 'Emitida em',
              value: request.issuedAt ? formatDateTime(request.issuedAt) : '—',
            },
            ...(request.accessKey
              ? [
                  { term: 'Chave de acesso', value: <AccessKey value={request.accessKey} /> },
                  {
                    term: 'DPS (série e número)',
                    value: `Série ${request.series ?? '—'}, nº ${request.dpsNumber ?? '—'}`,
                  },
                ]
              : request.status === 'issued'
                ? [{ term: 'Emissão', value: 'No emissor do município (sem chave nacional)' }]
                : []),
            ...(request.status === 'rejected'
              ? [{ term: 'Motivo da rejeição', value: request.rejectionReason ?? '—' }]
              : []),
            ...(request.status === 'cancelled'
              ? [
                  {
                    term: 'Cancelada em',
                    value: request.cancelledAt ? formatDateTime(request.cancelledAt) : '—',
                  },
                  {
                    term: 'Motivo do cancelamento',
                    value: `${request.cancellationCode ? `${request.cancellationCode} — ${nfseCancellationCodeLabels[request.cancellationCode]}: ` : ''}${request.cancellationReason ?? '—'}`,
                  },
                ]
              : []),
            ...substitutionItems(request, (requestId, text) => (
              <Link to="/app/admin/invoices/nf-requests/$requestId" params={{ requestId }}>
                {text}
              </Link>
            )),
          ]}
        />
        {request.accessKey ? (
          <NfseDownloads request={request} files={['danfse', 'nfse', 'dps']} />
        ) : (
          files && (
            <div className="row">
              {[files.pdf, files.xml].flatMap((file) =>
                file ? (
                  <Button
                    key={file.fileName}
                    variant="secondary"
                    size="sm"
                    loading={downloading === file.fileName}
                    onClick={() => void download(file.fileName)}
                  >
                    Baixar {file.fileName.toLowerCase().endsWith('.xml') ? 'XML' : 'PDF'}
                  </Button>
                ) : (
                  []
                ),
              )}
            </div>
          )
        )}
      </Card>
      <section aria-labelledby="nfs-history" className="stack">
        <h2 id="nfs-history" className={styles.cardTitle}>
          Andamento
        </h2>
        <DataTable
          caption="Andamento da solicitação, mais recente primeiro"
          rows={[...request.statusHistory].reverse()}
          rowKey={(change) => `${change.at}-${change.to}`}
          columns={[
            { key: 'at', header: 'Quando', cell: (change) => formatDateTime(change.at) },
            {
              key: 'by',
              header: 'Quem',
              cell: (change) => changeAuthor(request, change.by),
            },
            {
              key: 'to',
              header: 'Situação',
              cell: (change) => (
                <Badge tone={nfsStatusTones[change.to]}>{nfsRequestStatusLabels[change.to]}</Badge>
              ),
            },
            { key: 'reason', header: 'Observação', cell: (change) => change.reason ?? '—' },
          ]}
        />
      </section>
    </>
  )
}

/** "NFS-e para Café Bom Grão Ltda" (or without a taker, the amount). */
export const nfRequestTitle = (request: Pick<NfsRequestWithCompany, 'taker' | 'totalValue'>) =>
  request.taker
    ? `NFS-e para ${request.taker.name}`
    : `NFS-e de ${formatMoney(request.totalValue)} sem tomador`
