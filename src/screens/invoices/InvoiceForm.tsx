import { useRef, useState } from 'react'
import { Controller, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { formatInteger } from '@/lib/format'
import type { Company } from '@/schemas/company'
import { showServerIssues } from '@/services/api'
import { useServices } from '@/services/invoices'
import { AddressFields } from '@/screens/address'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/ui/Field'
import { ErrorSummary, type ErrorSummaryItem } from '@/ui/ErrorSummary'
import { MoneyField } from '@/ui/MoneyField'
import { RadioCards } from '@/ui/RadioCards'
import {
  SERVICE_REQUIRED,
  fieldLabels,
  requestFormSchema,
  scheduleFormSchema,
  type InvoiceFormMode,
  type InvoiceFormValues,
} from './invoice-form'
import { MunicipalityField } from './MunicipalityField'
import { TaxEstimate } from './TaxEstimate'
import { issTaxationLabels, issTaxations } from '@/schemas/invoice'
import styles from './Invoices.module.css'

export type RequestFormOutput = z.output<typeof requestFormSchema>
export type ScheduleFormOutput = z.output<typeof scheduleFormSchema>
type FormOutput = RequestFormOutput | ScheduleFormOutput

const DESCRIPTION_MAX = 2000
const OTHER_CODE = 'outro'

/** Every message of the form, in the order of the fields, for the summary above it. */
function summaryOf(errors: FieldErrors<InvoiceFormValues>): ErrorSummaryItem[] {
  const found = new Map<string, string>()
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return
    const { message } = node as { message?: unknown }
    if (typeof message === 'string' && path.length > 0) found.set(path.join('.'), message)
    for (const [key, child] of Object.entries(node))
      if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child, [...path, key])
  }
  walk(errors, [])
  return Object.keys(fieldLabels)
    .filter((key) => found.has(key))
    .map((key) => ({ key, label: fieldLabels[key]!, message: found.get(key)! }))
}

const shorten = (text: string, max = 70) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text

/**
 * The national NFS-e (DPS) fields a small company fills, for a request or a monthly schedule:
 * the issuer's CNPJ, the taker (optional), the service (taxation code from the company's services,
 * description, municipality, ISS withholding), the value with its tax estimate; a schedule adds
 * its day of the month. Messages come from the shared schema; a summary takes focus on a failed
 * submit; what was typed stays when the server refuses.
 */
export function InvoiceForm<Mode extends InvoiceFormMode>({
  mode,
  company,
  initialValues,
  initialMunicipalityName,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  mode: Mode
  company: Company
  initialValues: InvoiceFormValues
  initialMunicipalityName?: string
  submitLabel: string
  onSubmit: (
    values: Mode extends 'request' ? RequestFormOutput : ScheduleFormOutput,
  ) => Promise<unknown>
  onCancel: () => void
}) {
  const services = useServices(company.id)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<InvoiceFormValues, unknown, FormOutput>({
    resolver: zodResolver(mode === 'request' ? requestFormSchema : scheduleFormSchema) as never,
    defaultValues: initialValues,
  })
  const { errors, isSubmitting, submitCount } = form.formState
  const [takerEnabled, description, taxationCode, totalValue, issTaxation, issWithheld] = useWatch({
    control: form.control,
    name: [
      'taker.enabled',
      'serviceDescription',
      'taxationCode',
      'totalValue',
      'issTaxation',
      'issWithheld',
    ],
  })
  const known = services.data?.data ?? []
  // "Outro código": a code typed by hand instead of one of the company's services.
  const [otherCode, setOtherCode] = useState(false)
  const codeChoice =
    otherCode || (taxationCode !== '' && !known.some((s) => s.taxationCode === taxationCode))
      ? OTHER_CODE
      : taxationCode
  // The code is chosen as one of the company's services: its message names that field.
  const byService = known.length > 0 && codeChoice !== OTHER_CODE
  const serviceSelect = useRef<HTMLSelectElement>(null)
  const serviceError =
    errors.taxationCode && (taxationCode ? errors.taxationCode.message : SERVICE_REQUIRED)

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await onSubmit(values as never)
    } catch (error) {
      // The server's field messages go next to their fields; the rest above the buttons.
      const placed = showServerIssues(
        form.setError,
        error,
        (path) => (path in fieldLabels ? path : undefined),
        { focus: false },
      )
      if (!placed)
        setFailure(
          error instanceof Error ? error.message : 'Não foi possível salvar. Tente de novo.',
        )
    }
  })

  const summary = summaryOf(errors).map((item) =>
    item.key === 'taxationCode' && byService
      ? { ...item, label: fieldLabels.service!, message: serviceError ?? item.message }
      : item,
  )
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={mode === 'request' ? 'Nova solicitação de NFS-e' : 'Agendamento de NFS-e'}
    >
      <ErrorSummary
        items={summary}
        attempt={submitCount}
        onSelect={(key) =>
          key === 'taxationCode' && byService
            ? serviceSelect.current?.focus()
            : form.setFocus(key as Path<InvoiceFormValues>)
        }
      />

      <fieldset className={styles.group}>
        <legend>Prestador</legend>
        <TextField
          label="CNPJ do prestador"
          readOnly
          hint={company.alias ?? company.name}
          error={errors.cnpj?.message}
          {...form.register('cnpj')}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Tomador</legend>
        <CheckboxField
          label="Informar o tomador do serviço (pode ficar sem, como permite a NFS-e nacional)"
          {...form.register('taker.enabled')}
        />
        {takerEnabled && (
          <>
            <div className={styles.row}>
              <TextField
                label="CPF ou CNPJ"
                required
                inputMode="text"
                autoComplete="off"
                maxLength={18}
                hint="Numérico ou alfanumérico, com os dígitos verificadores."
                error={errors.taker?.document?.message}
                {...form.register('taker.document')}
              />
              <TextField
                label="Nome ou razão social"
                required
                maxLength={150}
                error={errors.taker?.name?.message}
                {...form.register('taker.name')}
              />
            </div>
            <TextField
              label="E-mail do tomador"
              type="email"
              required
              maxLength={254}
              error={errors.taker?.email?.message}
              {...form.register('taker.email')}
            />
            <AddressFields
              control={form.control}
              name="taker.address"
              legend="Endereço do tomador"
            />
          </>
        )}
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Serviço</legend>
        {known.length > 0 && (
          <SelectField
            ref={serviceSelect}
            label="Serviço da empresa"
            required
            hint="Os usados por último aparecem primeiro."
            error={byService ? serviceError : undefined}
            value={codeChoice}
            options={[
              ...known.map((service) => ({
                value: service.taxationCode,
                label: `${service.taxationCode} · ${shorten(service.description)}`,
              })),
              { value: OTHER_CODE, label: 'Outro código de tributação…' },
            ]}
            placeholder="Escolha o serviço"
            onChange={(event) => {
              const choice = event.target.value
              if (choice === OTHER_CODE) {
                setOtherCode(true)
                form.setValue('taxationCode', '')
                return
              }
              setOtherCode(false)
              form.setValue('taxationCode', choice, { shouldValidate: submitCount > 0 })
              const service = known.find((s) => s.taxationCode === choice)
              if (service && !form.getValues('serviceDescription').trim())
                form.setValue('serviceDescription', service.description, {
                  shouldValidate: submitCount > 0,
                })
            }}
          />
        )}
        {(known.length === 0 || codeChoice === OTHER_CODE) && (
          <TextField
            label="Código de tributação nacional"
            required
            inputMode="numeric"
            maxLength={6}
            placeholder="Ex.: 170601"
            hint="6 dígitos: item e subitem da LC 116 e o desdobramento nacional (o cTribNac da NFS-e nacional)."
            error={errors.taxationCode?.message}
            {...form.register('taxationCode')}
          />
        )}
        <TextAreaField
          label="Descrição do serviço"
          required
          rows={4}
          maxLength={DESCRIPTION_MAX}
          hint={`${formatInteger(description.length)} de ${formatInteger(DESCRIPTION_MAX)} caracteres`}
          error={errors.serviceDescription?.message}
          {...form.register('serviceDescription')}
        />
        <MunicipalityField
          control={form.control}
          companyAddress={company.address}
          initialName={initialMunicipalityName}
        />
        <SelectField
          label="Tributação do ISS"
          required
          hint="Quase sempre operação tributável; as outras só quando a lei afasta o ISS deste serviço."
          options={issTaxations.map((value) => ({ value, label: issTaxationLabels[value] }))}
          error={errors.issTaxation?.message}
          {...form.register('issTaxation')}
        />
        <Controller
          control={form.control}
          name="issWithheld"
          render={({ field, fieldState }) => (
            <RadioCards
              legend="ISS retido pelo tomador?"
              name={field.name}
              value={field.value || undefined}
              onChange={field.onChange}
              error={fieldState.error?.message}
              options={[
                { value: 'no' as const, label: 'Não', description: 'A empresa recolhe o ISS.' },
                { value: 'yes' as const, label: 'Sim', description: 'O tomador retém e recolhe.' },
              ]}
            />
          )}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{mode === 'request' ? 'Valor e data' : 'Valor e dia'}</legend>
        <div className={styles.row}>
          <Controller
            control={form.control}
            name="totalValue"
            render={({ field, fieldState }) => (
              <MoneyField
                label="Valor total"
                required
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          {mode === 'request' ? (
            <TextField
              label="Data de competência"
              type="date"
              required
              error={errors.date?.message}
              {...form.register('date')}
            />
          ) : (
            <TextField
              label="Dia do mês"
              required
              inputMode="numeric"
              maxLength={2}
              hint="De 1 a 31; nos meses mais curtos, o último dia."
              error={errors.dayOfMonth?.message}
              {...form.register('dayOfMonth')}
            />
          )}
        </div>
        {mode === 'schedule' && (
          <CheckboxField label="Ativo (desmarque para pausar)" {...form.register('active')} />
        )}
        <TaxEstimate
          company={company}
          value={totalValue}
          taxationCode={taxationCode}
          issWithheld={issWithheld === 'yes'}
          issTaxation={issTaxation}
        />
      </fieldset>

      {failure && (
        <Alert tone="danger" title="Não foi possível salvar.">
          {failure} O que você preencheu continua aqui.
        </Alert>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
