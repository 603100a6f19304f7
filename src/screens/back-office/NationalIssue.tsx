import { useState } from 'react'
import type { NfsRequest } from '@/schemas/invoice'
import { ApiError } from '@/services/api'
import { isAwaitingReceita, useIssueNationalNfse } from '@/services/back-office'
import { getNfseFile } from '@/services/invoices'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import styles from './BackOffice.module.css'

type Step = 'dps' | 'send'
type StepState = 'waiting' | 'running' | 'done' | 'failed' | 'awaiting'

const stepLabels: Record<Step, string> = {
  dps: 'Montar a prévia da DPS (leiaute 1.01, sem número nem assinatura)',
  send: 'Validar no esquema oficial, reservar o número, assinar com o certificado da empresa, enviar à Sefin Nacional e receber a NFS-e',
}
const stateLabels: Record<StepState, string> = {
  waiting: 'a fazer',
  running: 'em andamento',
  done: 'feito',
  failed: 'não concluído',
  awaiting: 'aguardando a Receita',
}

type Failure = { title: string; message: string; errors: { code: string | null; text: string }[] }

/** What a failed step says: the national system's errors with their codes, or the schema's. */
function failureOf(error: unknown, step: Step): Failure {
  const title =
    step === 'dps' ? 'A DPS não pôde ser montada ou assinada' : 'A Sefin Nacional não emitiu a nota'
  if (!(error instanceof ApiError))
    return { title, message: error instanceof Error ? error.message : String(error), errors: [] }
  const national = error.issues.filter((issue) => issue.path[0] === 'sefin')
  if (national.length > 0)
    return {
      title: 'A Sefin Nacional recusou a DPS',
      message: 'Nada foi alterado: corrija o que ela apontou e emita de novo.',
      errors: national.map((issue) => ({ code: String(issue.path[1]), text: issue.message })),
    }
  return {
    title,
    message: error.message,
    errors: error.issues.slice(1).map((issue) => ({ code: null, text: issue.message })),
  }
}

/**
 * "Emitir NFS-e": the national issuance of a request, step by step as it happens — the DPS built,
 * validated against the official schema and signed (the server answers the signed DPS), then sent
 * to the Sefin Nacional, which answers the NFS-e. A refusal shows its code and message and changes
 * nothing; a 409 that is not one (someone issued it first) goes up to the screen.
 */
export function NationalIssue({
  request,
  onIssued,
  onConflict,
}: {
  request: Pick<NfsRequest, 'id' | 'companyId' | 'status'>
  /** Issued: this part leaves the screen with its button; the screen moves focus to the result. */
  onIssued: () => void
  onConflict: (message: string) => void
}) {
  const issue = useIssueNationalNfse()
  const [states, setStates] = useState<Record<Step, StepState> | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [waitingMessage, setWaitingMessage] = useState<string | null>(null)
  const busy = states !== null && Object.values(states).includes('running')
  const awaiting = request.status === 'awaiting'

  async function run() {
    setFailure(null)
    setWaitingMessage(null)
    let step: Step = 'dps'
    setStates({ dps: 'running', send: 'waiting' })
    try {
      if (!awaiting) await getNfseFile({ requestId: request.id, file: 'dps' })
      step = 'send'
      setStates({ dps: 'done', send: 'running' })
      const issued = await issue.mutateAsync(request.id)
      setStates({ dps: 'done', send: 'done' })
      notify.success(`NFS-e nº ${issued.number} emitida pela Sefin Nacional.`)
      onIssued()
    } catch (error) {
      if (isAwaitingReceita(error)) {
        setStates({ dps: 'done', send: 'awaiting' })
        setWaitingMessage(error instanceof Error ? error.message : null)
        return
      }
      setStates((current) => (current ? { ...current, [step]: 'failed' } : current))
      const refusedByNational =
        error instanceof ApiError && error.issues.some((issue) => issue.path[0] === 'sefin')
      if (error instanceof ApiError && error.status === 409 && !refusedByNational) {
        setStates(null)
        onConflict(error.message)
        return
      }
      setFailure(failureOf(error, step))
    }
  }

  return (
    <div className="stack">
      <div className="row">
        <Button onClick={() => void run()} loading={busy}>
          {awaiting ? 'Conferir com a Receita' : 'Emitir NFS-e'}
        </Button>
      </div>
      {(awaiting || waitingMessage) && (
        <Alert tone="info" title="Aguardando a confirmação da Receita">
          <p role="status">
            {waitingMessage ??
              'A DPS foi enviada e a Receita ainda não confirmou; conferimos em instantes e o número aparece aqui.'}
          </p>
        </Alert>
      )}
      {states && (
        <ol className={styles.steps} aria-label="Emissão da NFS-e" aria-live="polite">
          {(Object.keys(stepLabels) as Step[]).map((step) => (
            <li key={step} className={styles[`step-${states[step]}`]}>
              <span className={styles.stepState}>{stateLabels[states[step]]}</span>
              {stepLabels[step]}
            </li>
          ))}
        </ol>
      )}
      {failure && (
        <Alert tone="danger" title={failure.title}>
          <p>{failure.message}</p>
          {failure.errors.length > 0 && (
            <ul className={styles.refusals}>
              {failure.errors.map((error) => (
                <li key={`${error.code}-${error.text}`}>
                  {error.code && <strong>{error.code}</strong>} {error.text}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </div>
  )
}
