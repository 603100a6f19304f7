import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { formatMoney } from '@/lib/format'
import type { NfsRequest } from '@/schemas/invoice'
import {
  NFSE_REASON_MAX,
  NFSE_REASON_MIN,
  nfseCancelSchema,
  nfseCancellationCodeLabels,
  nfseCancellationCodes,
  type NfseCancel,
} from '@/schemas/nfse'
import { ApiError } from '@/services/api'
import { useCancelNfse } from '@/services/back-office'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
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

/**
 * "Cancelar NFS-e": the national cancellation event (e101101) — the code of the national list
 * and a reason of 15 to 255 characters (a counter says where it stands). The Sefin Nacional's
 * refusal stays in the dialog with its code; a 409 that is not one goes up to the screen.
 */
export function CancelNfseDialog({
  request,
  onDone,
  onClose,
  onConflict,
}: {
  request: Pick<NfsRequest, 'id' | 'number' | 'totalValue' | 'taker'>
  onDone: () => void
  onClose: () => void
  onConflict: (message: string) => void
}) {
  const cancel = useCancelNfse()
  const [failure, setFailure] = useState<{ message: string; codes: string[] } | null>(null)
  const form = useForm<Values, unknown, NfseCancel>({
    resolver: zodResolver(cancelFormSchema),
    defaultValues: { code: '', reason: '' },
  })
  const { errors, isSubmitting } = form.formState
  const length = form.watch('reason').trim().length

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const cancelled = await cancel.mutateAsync({ requestId: request.id, cancel: values })
      notify.success(`NFS-e nº ${cancelled.number} cancelada na Sefin Nacional.`)
      onDone()
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure({ message: String(error), codes: [] })
        return
      }
      const national = error.issues.filter((issue) => issue.path[0] === 'sefin')
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
        })
    }
  })

  const counter = `${length} de ${NFSE_REASON_MAX} caracteres (mínimo ${NFSE_REASON_MIN}).`
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onClose()
      }}
      title={`Cancelar a NFS-e nº ${request.number ?? ''}?`}
      description={`A nota de ${formatMoney(request.totalValue)}${request.taker ? ` para ${request.taker.name}` : ''} é cancelada na Sefin Nacional pelo evento de cancelamento. O cliente vê a nota cancelada, com o motivo. Não dá para desfazer.`}
    >
      <form className="stack" onSubmit={submit} noValidate aria-label="Cancelar NFS-e">
        {failure && (
          <Alert tone="danger" title="A NFS-e não foi cancelada">
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
            Cancelar NFS-e
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
