import type { Control, UseFormReturn } from 'react-hook-form'
import {
  maritalStatusLabels,
  maritalStatuses,
  propertyRegimeLabels,
  propertyRegimes,
} from '@/schemas/people'
import { AddressFields, type AddressFormValues } from '@/screens/address'
import { Button } from '@/ui/Button'
import { CheckboxField, SelectField, TextField } from '@/ui/Field'
import { MaskedFormField } from '@/ui/MaskedFormField'
import type { PartnersValues, PartnerValues, PartnerVariant } from './partner-values'
import styles from './Partners.module.css'

const maritalOptions = maritalStatuses.map((value) => ({
  value,
  label: maritalStatusLabels[value],
}))
const regimeOptions = propertyRegimes.map((value) => ({
  value,
  label: propertyRegimeLabels[value],
}))

/**
 * One partner's fields, for both partner steps: name, CPF, e-mail and share; the opening's
 * (`full`) also the birth date, mobile, marital status (and property regime when married),
 * whether they administer the company, and their home address (or the company's, with a click).
 */
export function PartnerFields({
  form,
  index,
  variant,
  companyAddress,
}: {
  form: UseFormReturn<PartnersValues, unknown, Record<string, unknown>>
  index: number
  variant: PartnerVariant
  /** The address given in the pre-registration, to copy into the partner's. */
  companyAddress: AddressFormValues | null
}) {
  const full = variant === 'full'
  const { errors, submitCount } = form.formState
  const partnerErrors = errors.partners?.[index]
  const married = form.watch(`partners.${index}.maritalStatus`) === 'married'
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
        {full && (
          <MaskedFormField
            control={form.control}
            name={`partners.${index}.birthDate`}
            label="Data de nascimento"
            mask="date"
            placeholder="dd/mm/aaaa"
            hint="O sócio precisa ter 18 anos ou mais."
            required
          />
        )}
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          required
          autoComplete={index === 0 ? 'email' : 'off'}
          error={partnerErrors?.email?.message}
          {...form.register(`partners.${index}.email`)}
        />
        {full && (
          <>
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
          </>
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
      {full && (
        <>
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
            // The opening's partners hold every field, their address included (emptyPartner).
            control={
              form.control as unknown as Control<
                { partners: Required<PartnerValues>[] },
                unknown,
                Record<string, unknown>
              >
            }
            name={`partners.${index}.address`}
            legend={`Endereço residencial do sócio ${index + 1}`}
          />
        </>
      )}
    </>
  )
}
