import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import type { BankAccountSummary } from '@/schemas/bank'
import { calendarDateSchema, monthOf, todayInBrazil } from '@/schemas/finance-common'
import { exportFileName, exportStatement, saveBlob } from '@/services/bank-statements'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { RadioCards } from '@/ui/RadioCards'
import { notify } from '@/ui/notify'
import { accountName } from './bank-format'
import styles from './Bank.module.css'

export const MONTH_REQUIRED = 'Escolha o mês do extrato.'
export const FROM_REQUIRED = 'Informe a data inicial.'
export const TO_REQUIRED = 'Informe a data final.'
export const RANGE_BACKWARDS = 'A data inicial precisa ser anterior à final'

/** The export form: a month, or a range of days; txt (accounting import) or csv. */
export const exportFormSchema = z
  .object({
    type: z.enum(['txt', 'csv']),
    period: z.enum(['month', 'range']),
    month: z.string(),
    from: z.string(),
    to: z.string(),
  })
  .superRefine((value, context) => {
    if (value.period === 'month') {
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value.month))
        context.addIssue({ code: 'custom', path: ['month'], message: MONTH_REQUIRED })
      return
    }
    const from = calendarDateSchema.safeParse(value.from)
    const to = calendarDateSchema.safeParse(value.to)
    if (!from.success) context.addIssue({ code: 'custom', path: ['from'], message: FROM_REQUIRED })
    if (!to.success) context.addIssue({ code: 'custom', path: ['to'], message: TO_REQUIRED })
    if (from.success && to.success && value.from > value.to)
      context.addIssue({ code: 'custom', path: ['from'], message: RANGE_BACKWARDS })
  })
type ExportFormValues = z.infer<typeof exportFormSchema>

const typeOptions = [
  { value: 'txt', label: 'TXT para a contabilidade (uma linha por movimentação)' },
  { value: 'csv', label: 'CSV para planilhas (Excel, Google Planilhas)' },
]

/** "Exportar": the statement of a month or a range, downloaded as `extrato-<conta>-<período>`. */
export function ExportDialog({
  companyId,
  account,
  open,
  onOpenChange,
}: {
  companyId: string
  account: BankAccountSummary
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const lastMonth = monthOf(account.lastTransactionDate ?? todayInBrazil())
  const form = useForm<ExportFormValues>({
    resolver: zodResolver(exportFormSchema),
    defaultValues: { type: 'txt', period: 'month', month: lastMonth, from: '', to: '' },
  })
  const { errors, isSubmitting } = form.formState
  const period = form.watch('period')

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    const range =
      values.period === 'month' ? { date: values.month } : { from: values.from, to: values.to }
    try {
      const blob = await exportStatement({
        companyId,
        accountId: account.id,
        type: values.type,
        ...range,
      })
      const fileName = exportFileName(account, { type: values.type, ...range })
      saveBlob(blob, fileName)
      notify.success(`Extrato exportado: ${fileName}.`)
      onOpenChange(false)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Não foi possível exportar.')
    }
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null)
        onOpenChange(next)
      }}
      title="Exportar extrato"
      description={accountName(account)}
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Exportar extrato">
        <SelectField label="Formato" options={typeOptions} {...form.register('type')} />
        <RadioCards
          legend="Período"
          name="period"
          value={period}
          onChange={(value) => form.setValue('period', value)}
          options={[
            { value: 'month' as const, label: 'Um mês' },
            { value: 'range' as const, label: 'Intervalo de datas' },
          ]}
        />
        {period === 'month' ? (
          <TextField
            label="Mês"
            type="month"
            required
            error={errors.month?.message}
            {...form.register('month')}
          />
        ) : (
          <div className={styles.filters}>
            <TextField
              label="De"
              type="date"
              required
              error={errors.from?.message}
              {...form.register('from')}
            />
            <TextField
              label="Até"
              type="date"
              required
              error={errors.to?.message}
              {...form.register('to')}
            />
          </div>
        )}
        {failure && (
          <Alert tone="danger" title="O extrato não foi exportado.">
            {failure}
          </Alert>
        )}
        <div className="row" style={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Baixar extrato
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
