import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useController, type Control } from 'react-hook-form'
import type { Address } from '@/schemas/address'
import { municipalitiesQueryOptions, useMunicipalities } from '@/services/invoices'
import { Combobox } from '@/ui/Combobox'
import type { InvoiceFormValues } from './invoice-form'

const MIN_SEARCH = 2

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()

/**
 * "Município da prestação" (the DPS `cLocPrestacao`): a search over the 5,571 municipalities
 * that keeps the IBGE code of the one chosen. A new form starts with the company's own
 * municipality; typing over a chosen name drops the code until another is chosen.
 */
export function MunicipalityField<Output>({
  control,
  companyAddress,
  initialName,
  disabled,
}: {
  control: Control<InvoiceFormValues, unknown, Output>
  companyAddress: Address | null
  /** The name of the municipality the form starts with ("São Paulo/SP"), when editing. */
  initialName?: string
  disabled?: boolean
}) {
  const { field, fieldState } = useController({ control, name: 'municipalityCode' })
  const [text, setText] = useState(initialName ?? '')
  const queryClient = useQueryClient()
  const searching = fold(text).length >= MIN_SEARCH
  const results = useMunicipalities(text, searching)
  const defaulted = useRef(Boolean(initialName) || Boolean(field.value))

  // A new invoice is provided where the company is, unless the person says otherwise.
  useEffect(() => {
    if (defaulted.current || !companyAddress) return
    defaulted.current = true
    const { city, state } = companyAddress
    void queryClient
      .fetchQuery(municipalitiesQueryOptions(city))
      .then((found) => {
        const own = found.find((m) => m.state === state && fold(m.name) === fold(city))
        if (!own || field.value) return
        field.onChange(own.ibgeCode)
        setText(`${own.name}/${own.state}`)
      })
      .catch(() => {
        // Without the default the person picks the municipality; the field says so if empty.
      })
  }, [companyAddress, field, queryClient])

  return (
    <Combobox
      label="Município da prestação"
      name={field.name}
      inputRef={field.ref}
      inputValue={text}
      onInputChange={(next) => {
        setText(next)
        if (field.value) field.onChange('')
      }}
      onBlur={field.onBlur}
      options={(results.data ?? []).map((m) => ({
        value: m.ibgeCode,
        label: `${m.name}/${m.state}`,
      }))}
      onSelect={(option) => {
        setText(option.label)
        field.onChange(option.value)
      }}
      searching={searching}
      loading={results.isFetching}
      idleText="Digite ao menos 2 letras do município."
      emptyText="Nenhum município com esse nome."
      hint="Onde o serviço foi prestado."
      error={fieldState.error?.message}
      disabled={disabled}
    />
  )
}
