import { Link } from '@tanstack/react-router'
import { nfsRequestStatusLabels } from '@/schemas/glossary'
import {
  formatCepValue,
  formatCnpjValue,
  formatDate,
  formatDateTime,
  formatMoney,
} from '@/lib/format'
import { bankPaymentText } from '@/schemas/bank'
import { issTaxationLabels, type NfsRequest } from '@/schemas/invoice'
import { nfseCancellationCodeLabels } from '@/schemas/nfse'
import {
  AccessKey,
  CancellationAnalysisNote,
  CancellationSendingNote,
  NfseDownloads,
  substitutionItems,
} from '@/screens/nfse'
import { downloadFile } from '@/services/documents'
import { useCopiesFollow, useInvoiceRequest } from '@/services/invoices'
import { Button, buttonClass } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Alert, Badge, Loading } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import { formatTakerDocument } from './invoice-form'
import { actorLabel, requestStatusTones } from './invoice-labels'
import styles from './Invoices.module.css'

async function downloadPdf(companyId: string, fileName: string) {
  try {
    await downloadFile({ companyId, fileName })
  } catch (error) {
    notify.error(error instanceof Error ? error.message : 'Não foi possível baixar o PDF.')
  }
}

/** Another request of the company opened in the same side panel: a real link (keyboard, new tab). */
function RequestLink({ requestId, children }: { requestId: string; children: string }) {
  return (
    <Link to="/app/invoices" search={{ request: requestId }}>
      {children}
    </Link>
  )
}

/** The access key and files of an NFS-e no longer in force (cancelled or substituted). */
function KeyAndFiles({ request, companyId }: { request: NfsRequest; companyId: string }) {
  if (!request.accessKey) return null
  return (
    <>
      <p>Chave de acesso:</p>
      <AccessKey value={request.accessKey} />
      <NfseDownloads request={request} companyId={companyId} />
    </>
  )
}

/** Every field of a request and its status history (the side panel of the requests tab). */
export function RequestDetails({
  companyId,
  requestId,
  onCancel,
}: {
  companyId: string
  requestId: string
  onCancel: (request: NfsRequest) => void
}) {
  const query = useInvoiceRequest({ companyId, requestId })
  // The list behind the panel follows what the panel reads (a cancellation sent, then settled).
  useCopiesFollow(companyId, query.data)
  if (query.isPending) return <Loading label="Carregando a solicitação…" />
  if (query.isError)
    return (
      <Alert
        tone="danger"
        title={
          query.error && 'status' in query.error && query.error.status === 404
            ? 'Solicitação não encontrada: ela pode ter sido cancelada.'
            : query.error.message
        }
        action={
          <Button size="sm" onClick={() => void query.refetch()}>
            Tentar de novo
          </Button>
        }
      />
    )
  const request = query.data
  const taker = request.taker
  const competence = request.date.slice(0, 7)
  return (
    <div className={styles.details}>
      <div className="row" style={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Badge tone={requestStatusTones[request.status]}>
          {nfsRequestStatusLabels[request.status]}
        </Badge>
        {request.number !== null && <strong>NFS-e nº {request.number}</strong>}
      </div>

      {/* Read before "emitida": the cancellation sent is what the owner waits for. */}
      <CancellationSendingNote request={request} />
      {request.status === 'rejected' && (
        <Alert tone="danger" title="Rejeitada pela contabilidade">
          {request.rejectionReason ?? 'A contabilidade não informou o motivo.'}
        </Alert>
      )}
      {request.status === 'issued' && request.accessKey && (
        <Alert tone="success" title={`NFS-e nº ${request.number ?? ''} emitida`}>
          <p>Emitida pela Sefin Nacional. Chave de acesso:</p>
          <AccessKey value={request.accessKey} />
          <NfseDownloads request={request} companyId={companyId} />
        </Alert>
      )}
      {request.status === 'cancelled' && (
        <Alert tone="warning" title={`NFS-e nº ${request.number ?? ''} cancelada`}>
          <p>
            {request.cancellationAnalysis?.status === 'granted'
              ? 'Cancelada a pedido da contabilidade, com o deferimento do município, em'
              : 'Cancelada pela contabilidade em'}{' '}
            {request.cancelledAt ? formatDateTime(request.cancelledAt) : '—'}
            {request.cancellationCode
              ? ` (${nfseCancellationCodeLabels[request.cancellationCode].toLowerCase()})`
              : ''}
            : {request.cancellationReason ?? 'sem motivo informado'}
          </p>
          <KeyAndFiles request={request} companyId={companyId} />
        </Alert>
      )}
      <CancellationAnalysisNote request={request} />
      {request.status === 'substituted' && (
        <Alert tone="warning" title={`NFS-e nº ${request.number ?? ''} substituída`}>
          <p>
            A contabilidade emitiu uma nova NFS-e no lugar desta; ela não vale mais para o tomador
            nem para o faturamento do mês.{' '}
            {request.substitutedBy && (
              <RequestLink requestId={request.substitutedBy}>
                Ver a NFS-e que a substitui
              </RequestLink>
            )}
          </p>
          <KeyAndFiles request={request} companyId={companyId} />
        </Alert>
      )}
      {request.status === 'issued' && !request.accessKey && (
        <Alert tone="success" title={`NFS-e nº ${request.number ?? ''} emitida`}>
          {request.issuedFiles ? (
            <div className="row" style={{ flexWrap: 'wrap', marginTop: 8 }}>
              <Button
                size="sm"
                onClick={() => void downloadPdf(companyId, request.issuedFiles!.pdf.fileName)}
              >
                Baixar o PDF
              </Button>
              <Link
                to="/app/documents"
                search={{ type: ['nota-fiscal'], competence }}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                Ver nos Documentos
              </Link>
            </div>
          ) : (
            'O PDF desta nota ainda não foi anexado pela contabilidade aos seus documentos.'
          )}
        </Alert>
      )}
      {request.status === 'issued' && (
        <Alert
          tone={request.receivedBy ? 'success' : 'info'}
          title={
            request.receivedBy
              ? bankPaymentText('Recebida', request.receivedBy)
              : 'Ainda sem pagamento no extrato'
          }
        >
          {request.receivedBy
            ? 'O pagamento do tomador está no extrato, conciliado com esta nota.'
            : 'Quando o pagamento do tomador chegar no extrato (OFX ou Cora), ele é conciliado com esta nota.'}{' '}
          <Link
            to="/app/bank-statements/reconciliation"
            search={{ tab: request.receivedBy ? 'conciliadas' : undefined }}
          >
            Ver a conciliação
          </Link>
        </Alert>
      )}

      <section>
        <h3>Nota</h3>
        <DescriptionList
          items={[
            { term: 'CNPJ do prestador', value: formatCnpjValue(request.cnpj) },
            { term: 'Valor total', value: formatMoney(request.totalValue) },
            { term: 'Data de competência', value: formatDate(request.date) },
            {
              term: 'Código de tributação',
              value: `${request.taxationCode} (item ${request.serviceCode} da LC 116)`,
            },
            { term: 'Município da prestação', value: request.municipalityName },
            { term: 'Tributação do ISS', value: issTaxationLabels[request.issTaxation] },
            { term: 'ISS retido pelo tomador', value: request.issWithheld ? 'Sim' : 'Não' },
            { term: 'Pedida em', value: formatDateTime(request.createdAt) },
            ...substitutionItems(request, (requestId, text) => (
              <RequestLink requestId={requestId}>{text}</RequestLink>
            )),
          ]}
        />
        <p style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>{request.serviceDescription}</p>
      </section>

      <section>
        <h3>Tomador</h3>
        {taker ? (
          <DescriptionList
            columns={1}
            items={[
              { term: 'Nome ou razão social', value: taker.name },
              {
                term: taker.document.length === 11 ? 'CPF' : 'CNPJ',
                value: formatTakerDocument(taker.document),
              },
              { term: 'E-mail', value: taker.email },
              {
                term: 'Endereço',
                value: `${taker.address.street}, ${taker.address.number}${taker.address.complement ? ` – ${taker.address.complement}` : ''}, ${taker.address.neighborhood}, ${taker.address.city}/${taker.address.state}, CEP ${formatCepValue(taker.address.zipCode)}`,
              },
            ]}
          />
        ) : (
          <p className="muted">Nota sem tomador identificado.</p>
        )}
      </section>

      <section>
        <h3>Histórico</h3>
        <ol className={styles.history}>
          {request.statusHistory.map((change) => (
            <li key={`${change.at}-${change.to}`}>
              <strong>{nfsRequestStatusLabels[change.to]}</strong> · {formatDateTime(change.at)} ·{' '}
              {actorLabel(change.by, request.createdBy)}
              {change.reason && <div className="muted">{change.reason}</div>}
            </li>
          ))}
        </ol>
      </section>

      {request.status === 'pending' && (
        <div>
          <Button variant="danger" onClick={() => onCancel(request)}>
            Cancelar solicitação
          </Button>
        </div>
      )}
    </div>
  )
}
