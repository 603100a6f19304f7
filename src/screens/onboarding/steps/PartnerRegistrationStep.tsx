import { useFieldArray } from 'react-hook-form'
import { companyTypeLabels, type Company } from '@/schemas/company'
import {
  maritalStatusLabels,
  maritalStatuses,
  propertyRegimeLabels,
  propertyRegimes,
} from '@/schemas/people'
import { AddressFields } from '@/screens/shared'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { CheckboxField, SelectField, TextField } from '@/ui/Field'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { StepFormFrame } from '../StepFrame'
import { addressValues, record } from '../form-values'
import { useStepForm } from '../step-form'
import {
  emptyPartner,
  MAX_PARTNERS,
  partnerLabelOf,
  partnerRegistrationPayloadOf,
  partnerRegistrationValuesOf,
  type PartnerRegistrationValues,
} from './partner-values'
import { PartnerList } from './PartnerList'
import { useSignedInPerson } from './use-signed-in-person'
import { payloadOfStep, type StepContext } from './step-context'
import styles from './Partners.module.css'

type CompanyType = NonNullable<Company['type']>

const maritalOptions = maritalStatuses.map((value) => ({
  value,
  label: maritalStatusLabels[value],
}))
const regimeOptions = propertyRegimes.map((value) => ({
  value,
  label: propertyRegimeLabels[value],
}))

/**
 * What the partners make of the company: one owner for an empresário individual (and MEI); a
 * limited company is an SLU with one partner and a Sociedade limitada with two or more (the
 * server saves the type that way too).
 */
function typeNote(type: CompanyType | null, isMei: boolean, count: number): string | null {
  if (isMei || type === 'on_person')
    return `${isMei ? 'O MEI' : 'O empresário individual'} tem um único titular. Para ter sócios, volte ao pré-cadastro e escolha Sociedade limitada.`
  if (type === 'limited_liability' || type === 'private_limited') {
    const next: CompanyType = count === 1 ? 'limited_liability' : 'private_limited'
    const text =
      count === 1
        ? `Com um único sócio, a empresa será registrada como ${companyTypeLabels.limited_liability}.`
        : `Com ${count} sócios, a empresa será registrada como ${companyTypeLabels.private_limited}.`
    return next === type
      ? text
      : `${text} No pré-cadastro estava ${companyTypeLabels[type]}: ajustamos ao salvar.`
  }
  return null
}

/** Step 2 of the opening: the partners, their shares (100 % in all) and who administers. */
export function PartnerRegistrationStep({ context }: { context: StepContext }) {
  const person = useSignedInPerson()
  const registered = record(payloadOfStep(context.track, 'pre-registration'))
  const type = (context.company.type ?? registered.type ?? null) as CompanyType | null
  const isMei = (context.company.size ?? registered.size) === 'MEI'
  const single = isMei || type === 'on_person'
  const stepForm = useStepForm<PartnerRegistrationValues>({
    context,
    valuesOf: partnerRegistrationValuesOf(person),
    payloadOf: partnerRegistrationPayloadOf,
    labelOf: partnerLabelOf,
  })
  const { form } = stepForm
  const { errors, submitCount } = form.formState
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'partners' })
  const partners = form.watch('partners')
  const note = typeNote(type, isMei, fields.length)
  const companyAddress = registered.address ? addressValues(registered.address) : null

  return (
    <StepFormFrame
      stepForm={stepForm}
      context={context}
      title="Cadastro dos sócios"
      description="Quem é dono da empresa, com quanto cada um participa (somando 100%) e quem a administra."
    >
      {note && <Alert tone="info">{note}</Alert>}
      <PartnerList
        ids={fields.map((field) => field.id)}
        partners={partners}
        error={errors.partners?.message ?? errors.partners?.root?.message}
        canAdd={!single && fields.length < MAX_PARTNERS}
        onAdd={(share) =>
          append(emptyPartner(undefined, share), {
            shouldFocus: true,
            focusName: `partners.${fields.length}.name`,
          })
        }
        onRemove={remove}
      >
        {(index) => {
          const married = partners[index]?.maritalStatus === 'married'
          const partnerErrors = errors.partners?.[index]
          return (
            <>
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
                <MaskedFormField
                  control={form.control}
                  name={`partners.${index}.birthDate`}
                  label="Data de nascimento"
                  mask="date"
                  placeholder="dd/mm/aaaa"
                  hint="O sócio precisa ter 18 anos ou mais."
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
                <MaskedFormField
                  control={form.control}
                  name={`partners.${index}.mobile`}
                  label="Celular"
                  mask="mobile"
                  placeholder="+55 (11) 91234-5678"
                  required
                />
                <SelectField
                  label="Estado civil"
                  required
                  placeholder="Selecione"
                  options={maritalOptions}
                  error={partnerErrors?.maritalStatus?.message}
                  {...form.register(`partners.${index}.maritalStatus`)}
                />
                {married && (
                  <SelectField
                    label="Regime de bens"
                    required
                    placeholder="Selecione"
                    options={regimeOptions}
                    error={partnerErrors?.propertyRegime?.message}
                    {...form.register(`partners.${index}.propertyRegime`)}
                  />
                )}
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
              <CheckboxField
                label="Sócio administrador: assina pela empresa e responde por ela"
                error={partnerErrors?.administrator?.message}
                {...form.register(`partners.${index}.administrator`)}
              />
              {companyAddress && (
                <div className="row">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() =>
                      form.setValue(`partners.${index}.address`, companyAddress, {
                        shouldDirty: true,
                        shouldValidate: submitCount > 0,
                      })
                    }
                  >
                    Usar o endereço da empresa
                  </Button>
                </div>
              )}
              <AddressFields
                control={form.control}
                name={`partners.${index}.address`}
                legend={`Endereço residencial do sócio ${index + 1}`}
              />
            </>
          )
        }}
      </PartnerList>
    </StepFormFrame>
  )
}
