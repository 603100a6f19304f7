import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  companySizeLabels,
  companySizes,
  companyTypeLabels,
  companyTypes,
  type Company,
} from '@/schemas/company'
import { useUpdateCompany } from '@/services/back-office'
import { Button } from '@/ui/Button'
import { ErrorSummary } from '@/ui/ErrorSummary'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { notify } from '@/ui/notify'
import { AddressFields } from '@/screens/address'
import {
  companyFieldLabels,
  companyFormSchema,
  companyFormValuesOf,
  type CompanyFormOutput,
  type CompanyFormValues,
} from './company-form'
import { errorSummaryItems, saveFailureOf } from './form-errors'
import styles from './BackOffice.module.css'

const typeOptions = companyTypes.map((value) => ({ value, label: companyTypeLabels[value] }))
const sizeOptions = companySizes.map((value) => ({ value, label: companySizeLabels[value] }))
const fields = Object.keys(companyFieldLabels).map((key) => key.split('.')[0]!)

/**
 * "Editar" on a company: name, alias, CNPJ (check digits), address by CEP, type and size, saved
 * with PUT /companies/{id}. The server's messages land next to their fields; a CNPJ another
 * company has is said on the CNPJ. What was typed stays on any failure.
 */
export function CompanyEditForm({ company, onDone }: { company: Company; onDone: () => void }) {
  const update = useUpdateCompany()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: companyFormValuesOf(company),
  })
  const { errors, isSubmitting, submitCount } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await update.mutateAsync({ companyId: company.id, update: values })
      notify.success('Dados da empresa salvos.')
      onDone()
    } catch (error) {
      setFailure(saveFailureOf(form.setError, error, { fields, conflictField: 'cnpj' }))
    }
  })

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Editar dados da empresa">
      <ErrorSummary
        items={errorSummaryItems(errors, companyFieldLabels)}
        attempt={submitCount}
        onSelect={(key) => form.setFocus(key as keyof CompanyFormValues)}
      />
      {failure && (
        <Alert tone="danger" title="Não foi possível salvar">
          {failure}
        </Alert>
      )}
      <div className={styles.formGrid}>
        <TextField
          label="Razão social"
          required
          autoComplete="organization"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Nome fantasia"
          hint="Opcional."
          error={errors.alias?.message}
          {...form.register('alias')}
        />
        <MaskedFormField
          control={form.control}
          name="cnpj"
          label="CNPJ"
          mask="cnpj"
          placeholder="00.000.000/0000-00"
          hint="Numérico ou alfanumérico; em branco enquanto a empresa não tem CNPJ."
        />
        <SelectField
          label="Natureza jurídica"
          placeholder="Não informada"
          options={typeOptions}
          error={errors.type?.message}
          {...form.register('type')}
        />
        <SelectField
          label="Porte"
          placeholder="Não informado"
          options={sizeOptions}
          error={errors.size?.message}
          {...form.register('size')}
        />
      </div>
      <AddressFields control={form.control} name="address" legend="Endereço da empresa" />
      <div className="row">
        <Button type="submit" loading={isSubmitting}>
          Salvar alterações
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancelar
        </Button>
      </div>
    </form>
  )
}
