import { useFieldArray } from 'react-hook-form'
import { useSignedInPerson } from './use-signed-in-person'
import { TextField } from '@/ui/Field'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { StepFormFrame } from '../StepFrame'
import { useStepForm } from '../step-form'
import {
  emptyBasicPartner,
  MAX_PARTNERS,
  partnerBasicPayloadOf,
  partnerBasicValuesOf,
  partnerLabelOf,
  type PartnerRegistrationBasicValues,
} from './partner-values'
import { PartnerList } from './PartnerList'
import type { StepContext } from './step-context'
import styles from './Partners.module.css'

/** Step 1 of the migration: the partners of the existing company and their shares (100 %). */
export function PartnerBasicStep({ context }: { context: StepContext }) {
  const person = useSignedInPerson()
  const stepForm = useStepForm<PartnerRegistrationBasicValues>({
    context,
    valuesOf: partnerBasicValuesOf(person),
    payloadOf: partnerBasicPayloadOf,
    labelOf: partnerLabelOf,
  })
  const { form } = stepForm
  const { errors } = form.formState
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'partners' })
  const partners = form.watch('partners')

  return (
    <StepFormFrame
      stepForm={stepForm}
      context={context}
      title="Sócios"
      description="Os sócios da empresa hoje, como estão no contrato social, e a participação de cada um."
    >
      <PartnerList
        ids={fields.map((field) => field.id)}
        partners={partners}
        error={errors.partners?.message ?? errors.partners?.root?.message}
        canAdd={fields.length < MAX_PARTNERS}
        onAdd={(share) =>
          append(emptyBasicPartner(undefined, share), {
            shouldFocus: true,
            focusName: `partners.${fields.length}.name`,
          })
        }
        onRemove={remove}
      >
        {(index) => {
          const partnerErrors = errors.partners?.[index]
          return (
            <div className={styles.grid}>
              <TextField
                label="Nome completo"
                required
                autoComplete={index === 0 ? 'name' : 'off'}
                error={partnerErrors?.name?.message}
                {...form.register(`partners.${index}.name`)}
              />
              <MaskedFormField
                control={form.control}
                name={`partners.${index}.cpf`}
                label="CPF"
                mask="cpf"
                placeholder="000.000.000-00"
                required
              />
              <TextField
                label="E-mail"
                type="email"
                inputMode="email"
                required
                autoComplete={index === 0 ? 'email' : 'off'}
                error={partnerErrors?.email?.message}
                {...form.register(`partners.${index}.email`)}
              />
              <TextField
                label="Participação (%)"
                required
                inputMode="decimal"
                autoComplete="off"
                hint="Ex.: 50 ou 33,33."
                error={partnerErrors?.sharePercent?.message}
                {...form.register(`partners.${index}.sharePercent`)}
              />
            </div>
          )
        }}
      </PartnerList>
    </StepFormFrame>
  )
}
