import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { formatMoney } from '@/lib/format'
import type { NfsRequest } from '@/schemas/invoice'
import {
  cancellationPastDeadline,
  NFSE_CHANGE_DEADLINE_DAYS,
  NFSE_REASON_MAX,
  NFSE_REASON_MIN,
  nfseCancelSchema,
  nfseCancellationCodeLabels,
  nfseCancellationCodes,
  type NfseCancel,
} from '@/schemas/nfse'
import { ApiError } from '@/services/api'
import { useCancelNfse, useRequestCancellationAnalysis } from '@/services/back-office'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import type { FocusTarget } from '@/ui/return-focus'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextAreaField } from '@/ui/Field'
import { notify } from '@/ui/notify'
import styles from './BackOffice.module.css'

type Values = { code: string; reason: string }

/** The form's fields as typed (a code not chosen yet is ''), checked by the event's schema. */
const cancelFormSchema = z.object({ code: z.string(), reason: z.string() }).pipe(nfseCancelSchema)

const codeOptions = nfseCancellationCodes.map((code) => ({
  value: code,
  label: `${code} — ${nfseCancellationCodeLabels[code]}`,
}))

/** The cancellation's refusal past the deadline (Anexo II, E0822): the product's or the Sefin's. */
const pastDeadlineRefusal = (error: ApiError) =>
  error.status === 409 &&
  (/\bE0822\b/.test(error.message) ||
    error.issues.some((issue) => issue.path[0] === 'sefin' && issue.path[1] === 'E0822'))

/**
 * "Cancelar NFS-e": the national cancellation event (e101101) — the code of the national list
 * and a reason of 15 to 255 characters (a counter says where it stands). Past the deadline of
 * src/schemas/nfse.ts (the request's emission says so, or the cancellation answers E0822) the
 * same fields ask the municipality's analysis instead ("Pedir análise fiscal ao município",
 * event e101103). The Sefin Nacional's refusal stays in the dialog with its code; a 409 that is
 * not one goes up to the screen.
 */
export function CancelNfseDialog({
  request,
  onDone,
  onAnalysisRequested,
  onClose,
  onConflict,
  finalFocus,
  now = () => new Date(),
}: {
  request: Pick<NfsRequest, 'id' | 'companyId' | 'number' | 'totalValue' | 'taker' | 'issuedAt'>
  onDone: () => void
  /** The analysis was asked: the screen shows it (and `finalFocus` names it). */
  onAnalysisRequested: () => void
  onClose: () => void
  onConflict: (message: string) => void
  finalFocus?: FocusTarget
  now?: () => Date
}) {
  const cancel = useCancelNfse()
  const analysis = useRequestCancellationAnalysis(request.companyId)
  const [pastDeadline, setPastDeadline] = useState<{ message: string | null } | null>(() =>
    request.issuedAt && cancellationPastDeadline(request.issuedAt, now())
      ? { message: null }
      : null,
  )
  // `awaiting`: sent, and the Sefin's answer lost or not verified — the server confirms it later.
  const [failure, setFailure] = useState<{
    message: string
    codes: string[]
    awaiting?: boolean
  } | null>(null)
  const form = useForm<Values, unknown, NfseCancel>({
    resolver: zodResolver(cancelFormSchema),
    defaultValues: { code: '', reason: '' },
  })
  const { errors, isSubmitting } = form.formState
  const length = form.watch('reason').trim().length

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      if (pastDeadline) {
        await analysis.mutateAsync({ requestId: request.id, analysis: values })
        notify.success(`Análise fiscal da NFS-e nº ${request.number ?? ''} pedida ao município.`)
        onAnalysisRequested()
        return
      }
      const cancelled = await cancel.mutateAsync({ requestId: request.id, cancel: values })
      notify.success(`NFS-e nº ${cancelled.number} cancelada na Sefin Nacional.`)
      onDone()
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure({ message: String(error), codes: [] })
        return
      }
      // Past the deadline: the same code and reason go to the municipality's analysis.
      if (!pastDeadline && pastDeadlineRefusal(error)) {
        setPastDeadline({ message: error.message })
        return
      }
      const national = error.issues.filter(
        (issue) => issue.path[0] === 'sefin' && issue.path[1] !== 'awaiting',
      )
      const awaiting = error.issues.some(
        (issue) => issue.path[0] === 'sefin' && issue.path[1] === 'awaiting',
      )
      if (error.status === 409 && national.length === 0) {
        onConflict(error.message)
        return
      }
      const reason = error.issues.find((issue) => issue.path[0] === 'reason')
      if (reason) form.setError('reason', { message: reason.message }, { shouldFocus: true })
      else
        setFailure({
          message: error.message,
          codes: national.map((issue) => `${String(issue.path[1])} — ${issue.message}`),
          awaiting,
        })
    }
  })

  const counter = `${length} de ${NFSE_REASON_MAX} caracteres (mínimo ${NFSE_REASON_MIN}).`
  const target = `a NFS-e nº ${request.number ?? ''}`
  const what = `A nota de ${formatMoney(request.totalValue)}${request.taker ? ` para ${request.taker.name}` : ''}`
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onClose()
      }}
      finalFocus={finalFocus}
      title={pastDeadline ? `Pedir ao município o cancelamento d${target}?` : `Cancelar ${target}?`}
      description={
        pastDeadline
          ? `O prazo de ${NFSE_CHANGE_DEADLINE_DAYS} dias para cancelar diretamente terminou: o cancelamento é pedido ao município, que analisa e responde. ${what} continua valendo até a resposta e, enquanto isso, não pode ser cancelada nem substituída. O cliente vê o pedido e a resposta.`
          : `${what} é cancelada na Sefin Nacional pelo evento de cancelamento. O cliente vê a nota cancelada, com o motivo. Não dá para desfazer.`
      }
    >
      <form
        className="stack"
        onSubmit={submit}
        noValidate
        aria-label={pastDeadline ? 'Pedir análise fiscal ao município' : 'Cancelar NFS-e'}
      >
        {pastDeadline?.message && (
          <Alert tone="info" title="O prazo para cancelar terminou">
            <p>{pastDeadline.message}</p>
            <p>Confira o motivo e peça a análise fiscal ao município com ele.</p>
          </Alert>
        )}
        {failure && (
          <Alert
            tone={failure.awaiting ? 'warning' : 'danger'}
            title={
              failure.awaiting
                ? 'Enviado à Receita, aguardando a confirmação'
                : pastDeadline
                  ? 'A análise fiscal não foi pedida'
                  : 'A NFS-e não foi cancelada'
            }
          >
            <p>{failure.message}</p>
            {failure.codes.length > 0 && (
              <ul className={styles.refusals}>
                {failure.codes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <SelectField
          label="Motivo do cancelamento"
          required
          placeholder="Escolha o código"
          options={codeOptions}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextAreaField
          label="Explique o motivo"
          required
          rows={4}
          maxLength={NFSE_REASON_MAX}
          hint={
            <span
              className={length > 0 && length < NFSE_REASON_MIN ? styles.counterShort : undefined}
            >
              {counter} Em uma linha, sem emojis: o texto vai no evento da Sefin Nacional.
            </span>
          }
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting}>
            {pastDeadline ? 'Pedir análise fiscal ao município' : 'Cancelar NFS-e'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
