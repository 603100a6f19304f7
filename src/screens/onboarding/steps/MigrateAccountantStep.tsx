import { useState } from 'react'
import { monthOf, shiftMonth, todayInBrazil } from '@/schemas/finance-common'
import { SelectField, TextAreaField, TextField } from '@/ui/Field'
import { StepFormFrame, StepSection, frameStyles } from '../StepFrame'
import { record, text } from '../form-values'
import { useStepForm } from '../step-form'
import { formatMonth } from '../views/step-details'
import type { StepContext } from './step-context'

type AccountantValues = {
  name: string
  email: string
  phone: string
  crc: string
  reason: string
  takeOverMonth: string
}

const labels: Record<string, string> = {
  name: 'Nome do contador atual',
  email: 'E-mail do contador',
  phone: 'Telefone do contador',
  crc: 'CRC',
  reason: 'Motivo da troca',
  takeOverMonth: 'Mês em que assumimos',
}

const valuesOf = (payload: Record<string, unknown> | null): AccountantValues => {
  const stored = record(payload)
  return {
    name: text(stored.name),
    email: text(stored.email),
    phone: text(stored.phone),
    crc: text(stored.crc),
    reason: text(stored.reason),
    takeOverMonth: text(stored.takeOverMonth),
  }
}

const payloadOf = (values: AccountantValues) => ({
  ...values,
  takeOverMonth: values.takeOverMonth || undefined,
})

/** This month and the next five, `YYYY-MM` in Brazil's calendar. */
function takeOverMonths(now = new Date()): string[] {
  const month = monthOf(todayInBrazil(now))
  return Array.from({ length: 6 }, (_, offset) => shiftMonth(month, offset))
}

/**
 * Step 2 of the migration: the current accountant and when we take over. Saving it produces the
 * transfer letter (CFC Resolução 1.590/2020) the client sends to the accountant.
 */
export function MigrateAccountantStep({ context }: { context: StepContext }) {
  const stepForm = useStepForm<AccountantValues>({
    context,
    valuesOf,
    payloadOf,
    labelOf: (path) => labels[path] ?? path,
  })
  const { form } = stepForm
  const { errors } = form.formState
  const stored = form.getValues('takeOverMonth')
  const [months] = useState(() => {
    const next = takeOverMonths()
    return stored && !next.includes(stored) ? [stored, ...next] : next
  })

  return (
    <StepFormFrame stepForm={stepForm} context={context}>
      <StepSection title="Contador atual">
        <div className={frameStyles.row}>
          <TextField
            label="Nome do contador ou do escritório"
            required
            autoComplete="off"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label="CRC"
            required
            autoComplete="off"
            placeholder="SP-123456/O-5"
            hint="Registro no Conselho Regional de Contabilidade: UF-000000/O-0."
            error={errors.crc?.message}
            {...form.register('crc')}
          />
          <TextField
            label="E-mail"
            type="email"
            inputMode="email"
            required
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Telefone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="off"
            placeholder="(11) 3222-4455"
            hint="Fixo ou celular, com DDD."
            error={errors.phone?.message}
            {...form.register('phone')}
          />
        </div>
      </StepSection>
      <StepSection title="A troca">
        <SelectField
          label="Mês em que assumimos a contabilidade"
          required
          placeholder="Selecione"
          hint="As competências a partir deste mês ficam com a Contabil; as anteriores, com o contador atual."
          options={months.map((month) => ({ value: month, label: formatMonth(month) }))}
          error={errors.takeOverMonth?.message}
          {...form.register('takeOverMonth')}
        />
        <TextAreaField
          label="Por que você quer trocar de contador?"
          required
          rows={3}
          maxLength={1000}
          hint="Pelo menos 10 caracteres. Fica só entre você e a Contabil: não vai na carta."
          error={errors.reason?.message}
          {...form.register('reason')}
        />
      </StepSection>
    </StepFormFrame>
  )
}
