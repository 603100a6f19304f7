import { companySizes, companyTypes, type Company } from '@/schemas/company'
import type { AddressFormValues } from '@/screens/address'
import { addressLabel, addressValues, choice, list, record, text } from '../form-values'

type CompanyType = NonNullable<Company['type']>
type CompanySize = NonNullable<Company['size']>

/** A chosen activity: its code, and its text and MEI rule when known (a stored step has codes). */
export type ActivityValue = { code: string; text: string; isAllowedMei: boolean | null }

export type PreRegistrationValues = {
  /** Three options in order of preference (the 2nd and 3rd may stay empty). */
  names: string[]
  alias: string
  /** The main activity first, then up to 19 secondary ones. */
  activities: ActivityValue[]
  address: AddressFormValues
  type: CompanyType | ''
  size: CompanySize | ''
}

export const MAX_NAMES = 3
export const MAX_ACTIVITIES = 20

export function preRegistrationValuesOf(
  payload: Record<string, unknown> | null,
): PreRegistrationValues {
  const stored = record(payload)
  const names = list(stored.names).map(text).slice(0, MAX_NAMES)
  while (names.length < MAX_NAMES) names.push('')
  return {
    names,
    alias: text(stored.alias),
    activities: list(stored.activities).map((item) => {
      if (typeof item === 'string') return { code: item, text: '', isAllowedMei: null }
      const activity = record(item)
      return {
        code: text(activity.code),
        text: text(activity.text),
        isAllowedMei: typeof activity.isAllowedMei === 'boolean' ? activity.isAllowedMei : null,
      }
    }),
    address: addressValues(stored.address),
    type: choice(stored.type, companyTypes),
    size: choice(stored.size, companySizes),
  }
}

export const preRegistrationPayloadOf = (values: PreRegistrationValues) => ({
  names: values.names.map((name) => name.trim()).filter(Boolean),
  alias: values.alias,
  activities: values.activities.map((activity) => activity.code),
  address: values.address,
  type: values.type || undefined,
  size: values.size || undefined,
})

export function preRegistrationLabelOf(path: string): string {
  const [field, part] = path.split('.')
  switch (field) {
    case 'names':
      return part === undefined ? 'Nomes desejados' : `${Number(part) + 1}ª opção de nome`
    case 'alias':
      return 'Nome fantasia'
    case 'activities':
      return part === undefined
        ? 'Atividades'
        : Number(part) === 0
          ? 'Atividade principal'
          : `Atividade secundária ${Number(part)}`
    case 'address':
      return addressLabel(part, 'Endereço da empresa')
    case 'type':
      return 'Natureza jurídica'
    case 'size':
      return 'Porte'
    default:
      return path
  }
}
