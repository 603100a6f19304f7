import { useId, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type Path,
} from 'react-hook-form'
import type { Address } from '@/schemas/address'
import { ufs, type Uf } from '@/schemas/brazil'
import { stateNames } from '@/schemas/city'
import { formatCepValue } from '@/lib/format'
import { cepQueryOptions, lookupCepInputSchema } from '@/services/address'
import { SelectField, TextField } from '@/ui/Field'
import { MaskedField } from '@/ui/MaskedField'
import styles from './AddressFields.module.css'

/** An address as a form holds it: text as typed (the CEP with its mask), the state a UF or ''. */
export type AddressFormValues = {
  zipCode: string
  street: string
  number: string
  complement: string
  neighborhood: string
  city: string
  state: Uf | ''
}

export const emptyAddressValues = (): AddressFormValues => ({
  zipCode: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
})

/** A stored address as the form holds it (the CEP with its mask). */
export const addressValuesOf = (address: Address | null | undefined): AddressFormValues =>
  address
    ? {
        zipCode: formatCepValue(address.zipCode),
        street: address.street,
        number: address.number,
        complement: address.complement,
        neighborhood: address.neighborhood,
        city: address.city,
        state: address.state,
      }
    : emptyAddressValues()

const ufOptions = ufs.map((uf) => ({ value: uf, label: `${uf} – ${stateNames[uf]}` }))

/** One part of the address: a field of its own, under the address's path. */
function useAddressPart<T extends FieldValues, Output>(
  control: Control<T, unknown, Output>,
  name: string,
  key: keyof AddressFormValues,
  disabled: boolean,
) {
  return useController({ control, name: `${name}.${key}` as Path<T>, disabled })
}

type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found' }
  | { state: 'unknown' }
  | { state: 'failed' }

const lookupText: Record<Lookup['state'], string> = {
  idle: 'Digite o CEP: preenchemos rua, bairro, cidade e estado.',
  loading: 'Buscando o endereço do CEP…',
  found: 'Endereço encontrado. Confira e informe o número.',
  unknown: 'CEP não encontrado. Confira o número ou preencha o endereço abaixo.',
  failed: 'Não foi possível buscar o CEP agora. Preencha o endereço abaixo.',
}

/**
 * The address of any form (react-hook-form), under `name`: the CEP looks the address up in the
 * ViaCEP stand-in and fills street, neighbourhood, city and state; an unknown CEP says so and
 * leaves every field open to type. Number and complement are the person's. Validation messages
 * come from the form's schema (`addressSchema`).
 */
export function AddressFields<T extends FieldValues, Output = T>({
  control,
  name,
  legend = 'Endereço',
  disabled = false,
}: {
  /** Any form's control, also one whose schema transforms the values (`Output`). */
  control: Control<T, unknown, Output>
  name: FieldPathByValue<T, AddressFormValues>
  legend?: string
  disabled?: boolean
}) {
  const queryClient = useQueryClient()
  const legendId = useId()
  const zipCode = useAddressPart(control, name, 'zipCode', disabled)
  const street = useAddressPart(control, name, 'street', disabled)
  const number = useAddressPart(control, name, 'number', disabled)
  const complement = useAddressPart(control, name, 'complement', disabled)
  const neighborhood = useAddressPart(control, name, 'neighborhood', disabled)
  const city = useAddressPart(control, name, 'city', disabled)
  const state = useAddressPart(control, name, 'state', disabled)
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' })
  const requested = useRef('')
  const numberRef = useRef<HTMLInputElement | null>(null)

  /** Looks a CEP up once it is complete, when the person typed it (never on a restored value). */
  const onCepChange = (value: string) => {
    // The mask also reports the value it was given (a restored draft): only a change is typing.
    if (value === zipCode.field.value) return
    zipCode.field.onChange(value)
    const parsed = lookupCepInputSchema.safeParse(value)
    if (!parsed.success) {
      requested.current = ''
      setLookup({ state: 'idle' })
      return
    }
    if (requested.current === parsed.data) return
    requested.current = parsed.data
    setLookup({ state: 'loading' })
    queryClient.fetchQuery(cepQueryOptions(parsed.data)).then(
      (address) => {
        if (requested.current !== parsed.data) return
        if (!address) {
          setLookup({ state: 'unknown' })
          return
        }
        street.field.onChange(address.street)
        neighborhood.field.onChange(address.neighborhood)
        city.field.onChange(address.city)
        state.field.onChange(address.state)
        setLookup({ state: 'found' })
        numberRef.current?.focus()
      },
      () => {
        if (requested.current === parsed.data) setLookup({ state: 'failed' })
      },
    )
  }

  return (
    <fieldset className={styles.fieldset} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        {legend}
      </legend>
      <div className={styles.grid}>
        <div className={styles.cep}>
          <MaskedField
            label="CEP"
            mask="cep"
            name={zipCode.field.name}
            value={String(zipCode.field.value ?? '')}
            onChange={onCepChange}
            onBlur={zipCode.field.onBlur}
            inputRef={zipCode.field.ref}
            autoComplete="postal-code"
            placeholder="00000-000"
            required
            disabled={disabled}
            error={zipCode.fieldState.error?.message}
          />
        </div>
        <p
          className={styles.lookup}
          role="status"
          aria-live="polite"
          data-tone={
            lookup.state === 'unknown' || lookup.state === 'failed' ? 'warning' : undefined
          }
        >
          {lookupText[lookup.state]}
        </p>
        <TextField
          className={styles.street}
          label="Rua"
          autoComplete="address-line1"
          required
          {...street.field}
          value={String(street.field.value ?? '')}
          error={street.fieldState.error?.message}
        />
        <TextField
          className={styles.number}
          label="Número"
          autoComplete="off"
          inputMode="text"
          required
          {...number.field}
          ref={(element) => {
            number.field.ref(element)
            numberRef.current = element
          }}
          value={String(number.field.value ?? '')}
          error={number.fieldState.error?.message}
        />
        <TextField
          className={styles.complement}
          label="Complemento"
          autoComplete="address-line2"
          hint="Opcional: sala, apartamento, bloco."
          {...complement.field}
          value={String(complement.field.value ?? '')}
          error={complement.fieldState.error?.message}
        />
        <TextField
          className={styles.neighborhood}
          label="Bairro"
          autoComplete="address-level3"
          required
          {...neighborhood.field}
          value={String(neighborhood.field.value ?? '')}
          error={neighborhood.fieldState.error?.message}
        />
        <TextField
          className={styles.city}
          label="Cidade"
          autoComplete="address-level2"
          required
          {...city.field}
          value={String(city.field.value ?? '')}
          error={city.fieldState.error?.message}
        />
        <SelectField
          className={styles.state}
          label="Estado"
          autoComplete="address-level1"
          required
          placeholder="Selecione"
          options={ufOptions}
          {...state.field}
          value={String(state.field.value ?? '')}
          error={state.fieldState.error?.message}
        />
      </div>
    </fieldset>
  )
}
