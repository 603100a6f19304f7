import { useRef, useState } from 'react'
import { companyStatusLabels, stepLabels } from '@/schemas/glossary'
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form'
import { useQueryClient } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { cnpjSchema } from '@/schemas/brazil'
import { type Company } from '@/schemas/company'
import { MAX_UPLOAD_BYTES } from '@/schemas/files'
import { awaitingGuideSchema } from '@/schemas/steps'
import type { Track } from '@/schemas/track'
import { companyStatusSnapshotOf, type CompanyStatusEvent } from '@/machines/company-status'
import { currentStepOf } from '@/machines/track'
import { formatCnpjValue } from '@/lib/format'
import { ApiError } from '@/services/api'
import {
  useAttachGuide,
  useChangeOrderStatus,
  useRecordCnpj,
  backOfficeKeys,
} from '@/services/back-office'
import { companyKeys } from '@/services/companies'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { FileDrop } from '@/ui/FileDrop'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import styles from './Orders.module.css'

/** A status the accountant moves the order to, offered only when the statechart allows it. */
type StatusAction = {
  event: Extract<CompanyStatusEvent, { type: 'opening.start' | 'company.activate' }>['type']
  to: 'opening' | 'active'
  title: string
  label: string
  explain: string
}

const statusActions: StatusAction[] = [
  {
    event: 'opening.start',
    to: 'opening',
    title: 'Iniciar o registro',
    label: 'Iniciar registro',
    explain:
      'A taxa está paga e o comprovante chegou: dê entrada na Junta Comercial e na Receita Federal. A empresa passa a "Em abertura".',
  },
  {
    event: 'company.activate',
    to: 'active',
    title: 'Ativar a empresa',
    label: 'Ativar empresa',
    explain:
      'O cadastro está concluído e a empresa tem CNPJ: o cliente passa a usar todas as áreas da Contabil.',
  },
]

/**
 * The actions that move an order's track, each shown only where the statecharts allow it (the
 * server answers 409 anyway): attach the registration-fee guide, start the registration, record
 * the CNPJ, activate. Each ends with a toast; every screen reading the company follows.
 */
export function OrderActions({ company, track }: { company: Company; track: Track }) {
  const queryClient = useQueryClient()
  const status = useChangeOrderStatus()
  const [confirming, setConfirming] = useState<StatusAction | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const snapshot = companyStatusSnapshotOf(company, track)
  const current = currentStepOf(track)
  const name = company.alias ?? company.name
  const guideOpen = track.trackId === 'create-company' && current === 'awaiting-guide'
  const cnpjOpen =
    track.trackId === 'create-company' &&
    company.status === 'opening' &&
    track.steps.some((step) => step.stepId === 'download-company-info' && step.status !== 'done')
  const moves = statusActions.filter((action) => snapshot.can({ type: action.event }))

  const move = async (action: StatusAction) => {
    setConflict(null)
    try {
      await status.mutateAsync({ companyId: company.id, status: action.to })
      notify.success(`${name}: ${companyStatusLabels[action.to]}.`)
    } catch (error) {
      setConflict(error instanceof Error ? error.message : 'Não foi possível mudar a situação.')
      if (error instanceof ApiError && error.status === 409)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: companyKeys.detail(company.id) }),
          queryClient.invalidateQueries({ queryKey: companyKeys.track(company.id) }),
          queryClient.invalidateQueries({ queryKey: backOfficeKeys.order(company.id) }),
        ])
    } finally {
      setConfirming(null)
    }
  }

  const nothing = !guideOpen && !cnpjOpen && moves.length === 0
  return (
    <div className={styles.actions}>
      {conflict && (
        <Alert tone="warning" title="A ação não foi feita">
          {conflict}
        </Alert>
      )}
      {nothing && (
        <p className="muted">
          {current
            ? `Nada a fazer agora: o pedido está em “${stepLabels[current]}”${
                company.status === 'pending' ? ', com o cliente' : ''
              }.`
            : company.status === 'active'
              ? 'Pedido concluído: a empresa está ativa.'
              : 'Nada a fazer agora.'}
        </p>
      )}
      {guideOpen && <AttachGuideForm companyId={company.id} companyName={name} />}
      {moves.map((action) => (
        <section
          key={action.event}
          className={styles.action}
          aria-labelledby={`acao-${action.event}`}
        >
          <h3 id={`acao-${action.event}`}>{action.title}</h3>
          <p className="muted">{action.explain}</p>
          <div className="row">
            <Button onClick={() => setConfirming(action)}>{action.label}</Button>
          </div>
        </section>
      ))}
      {cnpjOpen && <RecordCnpjForm company={company} />}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? `${confirming.title}?` : ''}
        description={
          confirming
            ? `${name} passa de "${companyStatusLabels[company.status]}" para "${companyStatusLabels[confirming.to]}".`
            : ''
        }
        confirmLabel={confirming?.label ?? 'Confirmar'}
        busy={status.isPending}
        onConfirm={() => confirming && void move(confirming)}
      />
    </div>
  )
}

const guideFields = awaitingGuideSchema.shape.guide.omit({ fileName: true })
type GuideValues = { amount: number | null; dueDate: string; barcode: string }
const isoOf = (typed: string) => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed.trim())
  return match ? `${match[3]}-${match[2]}-${match[1]}` : typed.trim()
}

/** Attach the registration-fee guide: the file, amount, due date and linha digitável. */
function AttachGuideForm({ companyId, companyName }: { companyId: string; companyName: string }) {
  const attach = useAttachGuide()
  const busy = useRef(false)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<GuideValues, unknown, z.output<typeof guideFields>>({
    defaultValues: { amount: null, dueDate: '', barcode: '' },
    resolver: zodResolver(
      z.preprocess((values) => {
        const typed = values as GuideValues
        return {
          amount: typed.amount ?? undefined,
          dueDate: isoOf(typed.dueDate),
          barcode: typed.barcode,
        }
      }, guideFields) as unknown as z.ZodType<FieldValues, FieldValues>,
    ) as unknown as Resolver<GuideValues, unknown, z.output<typeof guideFields>>,
  })
  const { errors } = form.formState

  const submit = form.handleSubmit(async (guide) => {
    if (!file) {
      setFileError('Anexe o arquivo da guia')
      return
    }
    if (busy.current) return
    busy.current = true
    setFailure(null)
    try {
      await attach.mutateAsync({
        input: { companyId, file, guide },
        onProgress: setProgress,
      })
      notify.success(`Guia anexada: ${companyName} já pode pagar a taxa.`)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Não foi possível anexar a guia.')
    } finally {
      busy.current = false
      setProgress(null)
    }
  })

  return (
    <form className={styles.action} onSubmit={submit} noValidate aria-labelledby="acao-guia">
      <h3 id="acao-guia">Anexar a guia da taxa de registro</h3>
      <p className="muted">
        A guia da Junta Comercial que o cliente vai pagar. Anexá-la conclui a etapa “Guia de
        registro” e abre para o cliente o envio do comprovante.
      </p>
      {failure && (
        <Alert tone="danger" title="A guia não foi anexada">
          {failure}
        </Alert>
      )}
      <FileDrop
        label="Arquivo da guia"
        accept={[
          { label: 'PDF', extensions: ['pdf'] },
          { label: 'JPG', extensions: ['jpg', 'jpeg'] },
          { label: 'PNG', extensions: ['png'] },
        ]}
        maxBytes={MAX_UPLOAD_BYTES}
        fileName={file?.name ?? null}
        onRefuse={() => setFile(null)}
        progress={progress}
        error={fileError}
        onFile={(chosen) => {
          setFile(chosen)
          setFileError(null)
        }}
        buttonLabel="Escolher a guia"
      />
      <div className={styles.formGrid}>
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <MoneyField
              label="Valor da taxa"
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.amount?.message}
            />
          )}
        />
        <MaskedFormField
          control={form.control}
          name="dueDate"
          label="Vencimento"
          mask="date"
          placeholder="dd/mm/aaaa"
          required
        />
        <TextField
          label="Linha digitável"
          hint="Os 47 ou 48 números da guia, com ou sem pontos e espaços."
          required
          inputMode="numeric"
          autoComplete="off"
          error={errors.barcode?.message}
          {...form.register('barcode')}
        />
      </div>
      <div className="row">
        <Button type="submit" loading={attach.isPending}>
          Anexar guia
        </Button>
      </div>
    </form>
  )
}

const cnpjFormSchema = z.object({ cnpj: cnpjSchema })

/** Record the CNPJ the Receita issued (numeric or alphanumeric, check digits). */
function RecordCnpjForm({ company }: { company: Company }) {
  const record = useRecordCnpj()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<{ cnpj: string }, unknown, z.output<typeof cnpjFormSchema>>({
    defaultValues: { cnpj: company.cnpj ? formatCnpjValue(company.cnpj) : '' },
    resolver: zodResolver(cnpjFormSchema),
  })
  const submit = form.handleSubmit(async ({ cnpj }) => {
    setFailure(null)
    try {
      await record.mutateAsync({ companyId: company.id, cnpj })
      notify.success(
        `CNPJ ${formatCnpjValue(cnpj)} registrado: o cliente já pode conferir os dados.`,
      )
    } catch (error) {
      if (error instanceof ApiError && error.issues[0]?.path[0] === 'cnpj')
        form.setError('cnpj', { message: error.issues[0].message })
      else setFailure(error instanceof Error ? error.message : 'Não foi possível registrar.')
    }
  })
  return (
    <form className={styles.action} onSubmit={submit} noValidate aria-labelledby="acao-cnpj">
      <h3 id="acao-cnpj">{company.cnpj ? 'Corrigir o CNPJ' : 'Registrar o CNPJ'}</h3>
      <p className="muted">
        {company.cnpj
          ? `CNPJ registrado: ${formatCnpjValue(company.cnpj)}. O cliente confere os dados da Receita e confirma; até lá, dá para corrigir.`
          : 'O CNPJ que a Receita Federal emitiu (numérico ou alfanumérico). O cliente passa a ver os dados da Receita para conferir.'}
      </p>
      {failure && (
        <Alert tone="danger" title="O CNPJ não foi registrado">
          {failure}
        </Alert>
      )}
      <div className={styles.formGrid}>
        <MaskedFormField
          control={form.control}
          name="cnpj"
          label="CNPJ"
          mask="cnpj"
          placeholder="00.000.000/0000-00"
          required
        />
      </div>
      <div className="row">
        <Button type="submit" loading={record.isPending}>
          {company.cnpj ? 'Corrigir CNPJ' : 'Registrar CNPJ'}
        </Button>
      </div>
    </form>
  )
}
