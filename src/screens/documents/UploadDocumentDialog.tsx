import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { competenceSchema, documentNameSchema, type CompanyDocument } from '@/schemas/document'
import { todayInBrazil } from '@/schemas/finance-common'
import { documentFileRules, useUploadDocument } from '@/services/documents'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { FileDrop } from '@/ui/FileDrop'
import { notify } from '@/ui/notify'
import { typeOptions, uploadableTypes } from './document-labels'
import styles from './Documents.module.css'

export const FILE_REQUIRED = 'Escolha o arquivo a enviar.'
export const TYPE_REQUIRED = 'Escolha o tipo do documento.'

/** The upload form's fields, by the shared document schema's rules. */
export const uploadFormSchema = z.object({
  type: z.string().pipe(z.enum(uploadableTypes, { error: TYPE_REQUIRED })),
  competence: z.union([z.literal(''), competenceSchema]),
  name: documentNameSchema,
})
type UploadFormValues = { type: string; competence: string; name: string }
type UploadFormOutput = z.output<typeof uploadFormSchema>

const stemOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.')
  return (dot > 0 ? fileName.slice(0, dot) : fileName).slice(0, 150)
}

/**
 * "Enviar documento": a file (drop or button; kind and size checked before sending), its type,
 * competence month and name; the signed-link upload with a progress bar, then the register.
 * Whatever was chosen stays when the sending fails.
 */
export function UploadDocumentDialog({
  companyId,
  open,
  onOpenChange,
  onUploaded,
}: {
  companyId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The document is in: the list shows where it went. */
  onUploaded?: (document: CompanyDocument) => void
}) {
  const upload = useUploadDocument()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const aborter = useRef<AbortController | null>(null)
  const form = useForm<UploadFormValues, unknown, UploadFormOutput>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { type: '', competence: todayInBrazil().slice(0, 7), name: '' },
  })
  const { errors } = form.formState
  const sending = progress !== null

  function reset() {
    form.reset()
    setFile(null)
    setFileError(null)
    setProgress(null)
    upload.reset()
  }

  function choose(next: File) {
    setFile(next)
    setFileError(null)
    upload.reset()
    // The name the file gives fills an empty field, and a message asking for one goes away.
    if (!form.getValues('name').trim())
      form.setValue('name', stemOf(next.name), { shouldValidate: form.formState.isSubmitted })
  }

  const submit = form.handleSubmit(
    async (values) => {
      if (!file) {
        setFileError(FILE_REQUIRED)
        return
      }
      aborter.current = new AbortController()
      setProgress(0)
      try {
        const document = await upload.mutateAsync({
          input: {
            companyId,
            file,
            type: values.type,
            name: values.name,
            competence: values.competence || undefined,
          },
          onProgress: setProgress,
          signal: aborter.current.signal,
        })
        notify.success(`Documento enviado: ${document.name}.`)
        reset()
        onOpenChange(false)
        onUploaded?.(document)
      } catch {
        // The message is shown from the mutation's error; the form keeps everything.
      } finally {
        setProgress(null)
      }
    },
    () => {
      if (!file) setFileError(FILE_REQUIRED)
    },
  )

  function changeOpen(next: boolean) {
    if (!next && sending) aborter.current?.abort()
    if (!next) reset()
    onOpenChange(next)
  }

  const failure =
    upload.error && !(upload.error instanceof DOMException) ? upload.error.message : null
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Enviar documento"
      description="O arquivo vai para a contabilidade, que analisa e avisa se faltar algo."
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Enviar documento">
        <FileDrop
          label="Arquivo"
          {...documentFileRules}
          onFile={choose}
          onRefuse={() => setFile(null)}
          fileName={file?.name}
          progress={progress}
          error={fileError}
          disabled={sending}
        />
        <div className={styles.formRow}>
          <SelectField
            label="Tipo"
            required
            placeholder="Escolha o tipo"
            options={typeOptions(uploadableTypes)}
            error={errors.type?.message}
            disabled={sending}
            {...form.register('type')}
          />
          <TextField
            label="Competência"
            type="month"
            hint="O mês a que o documento se refere."
            error={errors.competence?.message}
            disabled={sending}
            {...form.register('competence')}
          />
        </div>
        <TextField
          label="Nome do documento"
          required
          maxLength={150}
          error={errors.name?.message}
          disabled={sending}
          {...form.register('name')}
        />
        {failure && (
          <Alert tone="danger" title="O documento não foi enviado.">
            {failure} O arquivo e os dados continuam aqui: tente de novo.
          </Alert>
        )}
        <div className="row" style={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {sending ? (
            <Button variant="secondary" onClick={() => aborter.current?.abort()}>
              Cancelar envio
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => changeOpen(false)}>
              Fechar
            </Button>
          )}
          <Button type="submit" loading={sending}>
            Enviar
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
