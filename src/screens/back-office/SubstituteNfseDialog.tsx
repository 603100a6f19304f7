import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { formatMoney } from '@/lib/format'
import { nfsSubstituteSchema, type NfsRequest, type NfsSubstitute } from '@/schemas/invoice'
import {
  NFSE_REASON_MAX,
  NFSE_REASON_MIN,
  nfseSubstitutionCodeLabels,
  nfseSubstitutionCodes,
} from '@/schemas/nfse'
import { ApiError } from '@/services/api'
import { useSubstituteNfse } from '@/services/back-office'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextAreaField } from '@/ui/Field'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import styles from './BackOffice.module.css'

type Values = {
  code: string
  reason: string
  totalValue: number | null
  serviceDescription: string
}

/** The form's fields as typed (a code not chosen yet is ''), checked by the command's schema. */
const substituteFormSchema = z
  .object({
    code: z.string(),
    reason: z.string(),
    totalValue: z.number().nullable(),
    serviceDescription: z.string(),
  })
  // An empty value is refused by the value's own rule (its message), not as "missing".
  .transform((values): NfsSubstitute => ({
    ...values,
    code: values.code as NfsSubstitute['code'],
    totalValue: values.totalValue ?? Number.NaN,
  }))
  .pipe(nfsSubstituteSchema)

const codeOptions = nfseSubstitutionCodes.map((code) => ({
  value: code,
  label: `${code} — ${nfseSubstitutionCodeLabels[code]}`,
}))

/**
 * "Substituir NFS-e": a new NFS-e replaces this one — the national code of the substitution, a
 * reason of 15 to 255 characters, and the value and description corrected (the rest is the
 * replaced one's). It is issued at once; the Sefin Nacional's refusal stays in the dialog with
 * its code; a 409 that is not one goes up to the screen. Done, it hands the new request up.
 */
export function SubstituteNfseDialog({
  request,
  onDone,
  onClose,
  onConflict,
}: {
  request: Pick<NfsRequest, 'id' | 'number' | 'totalValue' | 'taker' | 'serviceDescription'>
  onDone: (substitute: NfsRequest) => void
  onClose: () => void
  onConflict: (message: string) => void
}) {
  const substitute = useSubstituteNfse()
  const [failure, setFailure] = useState<{ message: string; codes: string[] } | null>(null)
  const form = useForm<Values, unknown, z.output<typeof nfsSubstituteSchema>>({
    resolver: zodResolver(substituteFormSchema),
    defaultValues: {
      code: '',
      reason: '',
      totalValue: request.totalValue,
      serviceDescription: request.serviceDescription,
    },
  })
  const { errors, isSubmitting } = form.formState
  const length = form.watch('reason').trim().length

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const issued = await substitute.mutateAsync({ requestId: request.id, substitute: values })
      notify.success(
        `NFS-e nº ${issued.number} emitida em substituição à nº ${request.number ?? ''}.`,
      )
      onDone(issued)
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
      const field = error.issues.find((issue) =>
        ['reason', 'totalValue', 'serviceDescription', 'code'].includes(String(issue.path[0])),
      )
      if (field)
        form.setError(
          field.path[0] as keyof Values,
          { message: field.message },
          { shouldFocus: true },
        )
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
      title={`Substituir a NFS-e nº ${request.number ?? ''}?`}
      description={`Uma nova NFS-e é emitida agora no lugar da nota de ${formatMoney(request.totalValue)}${request.taker ? ` para ${request.taker.name}` : ''}, com a chave desta. Esta passa a “Substituída” e sai da receita do mês; a nova entra. Não dá para desfazer.`}
    >
      <form className="stack" onSubmit={submit} noValidate aria-label="Substituir NFS-e">
        {failure && (
          <Alert tone="danger" title="A NFS-e não foi substituída">
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
          label="Motivo da substituição"
          required
          placeholder="Escolha o código"
          options={codeOptions}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextAreaField
          label="Explique o motivo"
          required
          rows={3}
          maxLength={NFSE_REASON_MAX}
          hint={
            <span
              className={length > 0 && length < NFSE_REASON_MIN ? styles.counterShort : undefined}
            >
              {counter} Em uma linha, sem emojis: o texto vai na DPS da nova NFS-e.
            </span>
          }
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <Controller
          control={form.control}
          name="totalValue"
          render={({ field }) => (
            <MoneyField
              label="Valor do serviço da nova NFS-e"
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.totalValue?.message}
            />
          )}
        />
        <TextAreaField
          label="Descrição do serviço da nova NFS-e"
          required
          rows={3}
          maxLength={2000}
          error={errors.serviceDescription?.message}
          {...form.register('serviceDescription')}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Voltar
          </Button>
          <Button type="submit" variant="primary" loading={isSubmitting}>
            Emitir a substituta
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
