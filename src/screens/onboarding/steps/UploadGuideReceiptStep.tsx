import { useState } from 'react'
import { useController } from 'react-hook-form'
import { fileDisplayName, MAX_UPLOAD_BYTES } from '@/schemas/files'
import { awaitingGuideSchema } from '@/schemas/steps'
import { uploadDocument } from '@/services/documents'
import { Alert } from '@/ui/Feedback'
import { FileDrop } from '@/ui/FileDrop'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { StepFormFrame, StepSection } from '../StepFrame'
import { dateText, isoDate, record, text } from '../form-values'
import { useStepForm, type StepControl } from '../step-form'
import { GuideDetails } from '../views/step-details'
import { payloadOfStep, type StepContext } from './step-context'

type ReceiptValues = { receipt: { fileName: string; paidAt: string } }

/** What the receipt may be: PDF, JPG or PNG, at most 10 MB (the signed link's limit). */
const receiptRules = {
  accept: [
    { label: 'PDF', extensions: ['pdf'] },
    { label: 'JPG', extensions: ['jpg', 'jpeg'] },
    { label: 'PNG', extensions: ['png'] },
  ],
  maxBytes: MAX_UPLOAD_BYTES,
} as const

const valuesOf = (payload: Record<string, unknown> | null): ReceiptValues => {
  const receipt = record(record(payload).receipt)
  return { receipt: { fileName: text(receipt.fileName), paidAt: dateText(receipt.paidAt) } }
}

const payloadOf = ({ receipt }: ReceiptValues) => ({
  receipt: { fileName: receipt.fileName, paidAt: isoDate(receipt.paidAt) },
})

const labels: Record<string, string> = {
  'receipt.fileName': 'Comprovante',
  'receipt.paidAt': 'Data do pagamento',
}

/**
 * Step 5 of the opening: the guide the accountant attached (download it, or copy its linha
 * digitável), then the paid receipt, sent with progress and kept as a `comprovante` document.
 */
export function UploadGuideReceiptStep({ context }: { context: StepContext }) {
  const { companyId } = context
  const guide = awaitingGuideSchema.safeParse(payloadOfStep(context.track, 'awaiting-guide'))
  const stepForm = useStepForm<ReceiptValues>({
    context,
    valuesOf,
    payloadOf,
    labelOf: (path) => labels[path] ?? path,
  })
  const { form } = stepForm

  return (
    <StepFormFrame stepForm={stepForm} context={context}>
      <StepSection title="A guia">
        {guide.success ? (
          <GuideDetails companyId={companyId} guide={guide.data.guide} />
        ) : (
          <Alert tone="warning">
            Não encontramos a guia desta empresa. Fale com a gente pelo chat.
          </Alert>
        )}
      </StepSection>
      <StepSection title="O comprovante">
        <ReceiptUpload companyId={companyId} control={form.control} />
        <MaskedFormField
          control={form.control}
          name="receipt.paidAt"
          label="Data do pagamento"
          mask="date"
          placeholder="dd/mm/aaaa"
          required
        />
      </StepSection>
    </StepFormFrame>
  )
}

/** The receipt's file: sent as soon as it is chosen (with progress), kept as a document. */
function ReceiptUpload({
  companyId,
  control,
}: {
  companyId: string
  control: StepControl<ReceiptValues>
}) {
  const { field, fieldState } = useController({ control, name: 'receipt.fileName' })
  const [progress, setProgress] = useState<number | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [chosen, setChosen] = useState<string | null>(null)

  const send = async (file: File) => {
    setFailure(null)
    setChosen(file.name)
    setProgress(0)
    try {
      const document = await uploadDocument(
        { companyId, file, type: 'comprovante', name: 'Comprovante da taxa de registro' },
        { onProgress: setProgress },
      )
      field.onChange(document.fileName)
    } catch (error) {
      setFailure(
        error instanceof Error && error.message
          ? error.message
          : 'Não foi possível enviar o arquivo. Tente de novo.',
      )
    } finally {
      setProgress(null)
    }
  }

  return (
    <div>
      <FileDrop
        label="Comprovante de pagamento"
        {...receiptRules}
        onFile={(file) => void send(file)}
        fileName={chosen ?? (field.value ? fileDisplayName(field.value) : null)}
        progress={progress}
        error={failure ?? fieldState.error?.message ?? null}
        buttonLabel="Escolher comprovante"
      />
      <p role="status" className="muted">
        {field.value && progress === null && !failure
          ? `Comprovante enviado: ${fileDisplayName(field.value)}.`
          : ''}
      </p>
      <input ref={field.ref} type="hidden" name={field.name} value={field.value ?? ''} readOnly />
    </div>
  )
}
