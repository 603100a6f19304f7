import type { ReactNode, Ref } from 'react'
import { formatDate } from '@/kernel/dates'
import { formatAccessKey, nfseCancellationCodeLabels, substitutionReasonText } from '@/schemas/nfse'
import type { NfsRequest } from '@/schemas/invoice'
import { useDownloadNfseFile, type NfseFileInput } from '@/services/invoices'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import type { DescriptionItem } from '@/ui/DescriptionList'
import { notify } from '@/ui/notify'
import styles from './Nfse.module.css'

/** The 50-digit access key in groups of four (screen readers read it as one number). */
export function AccessKey({ value }: { value: string }) {
  return (
    <span className={styles.key}>
      <span aria-hidden="true">{formatAccessKey(value)}</span>
      <span className="visually-hidden">{value}</span>
    </span>
  )
}

const fileLabels: Record<NfseFileInput['file'], string> = {
  nfse: 'Baixar XML',
  danfse: 'Baixar DANFSe',
  dps: 'Baixar DPS assinada',
}
/** In a list's row: the file's name alone (the accessible name still says what it does). */
const shortLabels: Record<NfseFileInput['file'], string> = {
  nfse: 'XML',
  danfse: 'DANFSe',
  dps: 'DPS',
}

/**
 * The downloads of an NFS-e the national system issued: its XML and its DANFSe (and, for the
 * accountant, the signed DPS). `companyId` is the client's company; an admin leaves it out.
 */
export function NfseDownloads({
  request,
  companyId,
  files = ['nfse', 'danfse'],
  compact = false,
}: {
  request: Pick<NfsRequest, 'id' | 'number' | 'accessKey'>
  companyId?: string
  files?: NfseFileInput['file'][]
  compact?: boolean
}) {
  const download = useDownloadNfseFile()
  const busy = download.isPending ? download.variables.file : null
  return (
    <div
      className={styles.files}
      role="group"
      aria-label={`Arquivos da NFS-e nº ${request.number ?? ''}`}
    >
      {files.map((file) => (
        <Button
          key={file}
          size="sm"
          variant={file === 'danfse' && !compact ? 'primary' : 'secondary'}
          loading={busy === file}
          aria-label={`${fileLabels[file]} da NFS-e nº ${request.number ?? ''}`}
          onClick={() =>
            download.mutate(
              { requestId: request.id, companyId, file, request },
              {
                onError: (error) => notify.error(error.message),
              },
            )
          }
        >
          {compact ? shortLabels[file] : fileLabels[file]}
        </Button>
      ))}
    </div>
  )
}

/**
 * The substitution chain of a request as description items: "Substitui" (with the code and
 * reason) on the new NFS-e, "Substituída por" on the old one; `link` makes each screen's own link.
 */
export function substitutionItems(
  request: Pick<
    NfsRequest,
    'substitutes' | 'substitutionCode' | 'substitutionReason' | 'substitutedBy'
  >,
  link: (requestId: string, text: string) => ReactNode,
): DescriptionItem[] {
  return [
    ...(request.substitutes
      ? [
          { term: 'Substitui', value: link(request.substitutes, 'A NFS-e substituída') },
          { term: 'Motivo da substituição', value: substitutionReasonText(request) },
        ]
      : []),
    ...(request.substitutedBy
      ? [{ term: 'Substituída por', value: link(request.substitutedBy, 'A nova NFS-e') }]
      : []),
  ]
}

type CancellationAnalysis = NonNullable<NfsRequest['cancellationAnalysis']>

/** Where the analysis stands, after "Análise fiscal pedida em dd/mm/aaaa — ". */
const analysisStates: Record<CancellationAnalysis['status'], string> = {
  sending: 'aguardando a confirmação da Receita',
  unconfirmed: 'aguardando a confirmação da Receita',
  requested: 'aguardando o município',
  granted: 'deferida',
  refused: 'indeferida',
}

/** "Análise fiscal pedida em 02/11/2026 — aguardando o município" (and the other states). */
export const cancellationAnalysisTitle = (analysis: CancellationAnalysis) =>
  `Análise fiscal pedida em ${formatDate(analysis.requestedAt)} — ${analysisStates[analysis.status]}`

/**
 * The cancellation asked of the municipality past the deadline, on the request's panel (back
 * office and the owner's drawer): when it was asked, why, and the municipality's answer. Nothing
 * while there is none. `focusRef` lets the back office move the focus to it once it is asked;
 * `showProblem` shows the back office why the last event the Sefin returned was not applied.
 */
export function CancellationAnalysisNote({
  request,
  focusRef,
  showProblem = false,
  children,
}: {
  request: Pick<NfsRequest, 'cancellationAnalysis'>
  focusRef?: Ref<HTMLDivElement>
  showProblem?: boolean
  children?: ReactNode
}) {
  const analysis = request.cancellationAnalysis
  if (!analysis) return null
  const answer =
    analysis.status === 'granted'
      ? `O município deferiu${analysis.answeredAt ? ` em ${formatDate(analysis.answeredAt)}` : ''}${analysis.answer ? `: ${analysis.answer}` : ''}. A NFS-e está cancelada.`
      : analysis.status === 'refused'
        ? `O município indeferiu${analysis.answeredAt ? ` em ${formatDate(analysis.answeredAt)}` : ''}${analysis.answer ? `: ${analysis.answer}` : ''}. A NFS-e continua valendo.`
        : 'Enquanto o município não responde, a NFS-e continua valendo e não pode ser cancelada nem substituída.'
  return (
    <div ref={focusRef} tabIndex={-1} className={styles.analysis}>
      <Alert
        tone={analysis.status === 'granted' ? 'success' : 'info'}
        title={cancellationAnalysisTitle(analysis)}
      >
        <p>
          Motivo do pedido: {nfseCancellationCodeLabels[analysis.code].toLowerCase()} —{' '}
          {analysis.reason}
        </p>
        <p>{answer}</p>
        {showProblem && analysis.answerProblem && <p>{analysis.answerProblem}</p>}
        {children}
      </Alert>
    </div>
  )
}

/**
 * A cancellation sent to the Sefin Nacional and not confirmed yet
 * (mock-server/domain/invoices/nfse/cancellation.ts): when and why it was asked, that the server
 * confirms it in a moment, and (`showProblem`, the back office) why the Sefin's answer was not
 * applied. Nothing while there is none. The back office's request and the owner's panel show it.
 */
export function CancellationSendingNote({
  request,
  showProblem = false,
}: {
  request: Pick<NfsRequest, 'cancellationSending'>
  showProblem?: boolean
}) {
  const sending = request.cancellationSending
  if (!sending) return null
  return (
    <div className={styles.analysis}>
      <Alert
        tone="info"
        title={`Cancelamento enviado em ${formatDate(sending.requestedAt)} — aguardando a confirmação da Receita`}
      >
        <p>
          Motivo: {nfseCancellationCodeLabels[sending.code].toLowerCase()} — {sending.reason}
        </p>
        <p>
          Conferimos com a Sefin Nacional em instantes: a NFS-e aparece cancelada assim que ela
          confirmar. Até lá, ela não pode ser cancelada de novo nem substituída.
        </p>
        {showProblem && sending.problem && <p>{sending.problem}</p>}
      </Alert>
    </div>
  )
}
