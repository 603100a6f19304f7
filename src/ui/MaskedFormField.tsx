import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { MaskedField, type MaskedFieldProps } from './MaskedField'

export type MaskedFormFieldProps<Values extends FieldValues, Output = Values> = Omit<
  MaskedFieldProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef' | 'error'
> & {
  /** Any form's control, also one whose schema transforms the values (`Output`). */
  control: Control<Values, unknown, Output>
  name: FieldPath<Values>
}

/**
 * The one wiring of a masked input to a react-hook-form form: value, change, blur, focus on error
 * (the field's ref) and the field's own message, for every form that has a CPF, CNPJ, CEP, phone
 * or date.
 */
export function MaskedFormField<Values extends FieldValues, Output = Values>({
  control,
  name,
  ...field
}: MaskedFormFieldProps<Values, Output>) {
  const { field: bound, fieldState } = useController({ control, name })
  return (
    <MaskedField
      {...field}
      name={bound.name}
      value={(bound.value as string | null | undefined) ?? ''}
      onChange={bound.onChange}
      onBlur={bound.onBlur}
      inputRef={bound.ref}
      disabled={field.disabled ?? bound.disabled}
      error={fieldState.error?.message}
    />
  )
}
