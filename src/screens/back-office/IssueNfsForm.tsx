import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { NfsRequest } from '@/schemas/invoice'
import { ApiError, showServerIssues } from '@/services/api'
import { useIssueNfsRequest } from '@/services/back-office'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { FileDrop } from '@/ui/FileDrop'
import { notify } from '@/ui/notify'
import {
  issueFormSchema,
  pdfRules,
  xmlRules,
  type IssueOutput,
  type IssueValues,
} from './nf-request-forms'
import styles from './BackOffice.module.css'

/** Server fields and the form fields they belong to. */
const serverFields: Record<string, keyof IssueValues> = {
  number: 'number',
  pdfFileName: 'pdf',
  xmlFileName: 'xml',
}

/**
 * "Registrar emissão manual" (a municipality outside the national system): the NFS-e number the
 * municipality gave, its PDF and XML (sent with progress to the
 * company's files; they become the company's `nota-fiscal` documents, which the client's invoice
 * links to). A number already used is said on the number; a 409 (moved meanwhile) goes up.
 */
export function IssueNfsForm({
  request,
  onIssued,
  onConflict,
  onCancel,
}: {
  request: Pick<NfsRequest, 'id' | 'companyId'>
  onIssued: () => void
  onConflict: (message: string) => void
  onCancel: () => void
}) {
  const issue = useIssueNfsRequest()
  const [progress, setProgress] = useState<number | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<IssueValues, unknown, IssueOutput>({
    resolver: zodResolver(issueFormSchema),
    defaultValues: { number: '', pdf: null, xml: null },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ number, pdf, xml }) => {
    setFailure(null)
    try {
      await issue.mutateAsync({ request, number, pdf, xml, onProgress: setProgress })
      notify.success(`NFS-e nº ${number} emitida; o cliente já pode baixar o PDF.`)
      onIssued()
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onConflict(error.message)
        return
      }
      const shown = showServerIssues(
        form.setError,
        error,
        (path) => serverFields[path.split('.')[0] ?? ''],
      )
      if (!shown) setFailure(error instanceof Error ? error.message : String(error))
    } finally {
      setProgress(null)
    }
  })

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Registrar emissão manual">
      {failure && (
        <Alert tone="danger" title="A nota não foi emitida">
          {failure}
        </Alert>
      )}
      <TextField
        label="Número da NFS-e"
        required
        inputMode="numeric"
        autoComplete="off"
        hint="O número que o emissor da prefeitura deu à nota."
        error={errors.number?.message}
        {...form.register('number')}
      />
      <div className={styles.fileGrid}>
        <Controller
          control={form.control}
          name="pdf"
          render={({ field, fieldState }) => (
            <FileDrop
              label="PDF da nota (obrigatório)"
              {...pdfRules}
              fileName={field.value?.name}
              onFile={(file) => field.onChange(file)}
              onRefuse={() => field.onChange(null)}
              progress={isSubmitting ? progress : null}
              error={fieldState.error?.message}
              disabled={isSubmitting}
            />
          )}
        />
        <Controller
          control={form.control}
          name="xml"
          render={({ field, fieldState }) => (
            <FileDrop
              label="XML da nota (opcional)"
              {...xmlRules}
              fileName={field.value?.name}
              onFile={(file) => field.onChange(file)}
              onRefuse={() => field.onChange(null)}
              error={fieldState.error?.message}
              disabled={isSubmitting}
            />
          )}
        />
      </div>
      <div className="row">
        <Button type="submit" loading={isSubmitting}>
          Registrar NFS-e
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
      </div>
    </form>
  )
}
