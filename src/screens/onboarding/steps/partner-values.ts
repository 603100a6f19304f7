import { formatMobile } from '@/schemas/brazil'
import {
  maritalStatuses,
  propertyRegimes,
  type MaritalStatus,
  type PropertyRegime,
} from '@/schemas/people'
import { emptyAddressValues, type AddressFormValues } from '@/screens/shared'
import {
  addressLabel,
  addressValues,
  choice,
  dateText,
  isoDate,
  list,
  percentNumber,
  percentText,
  record,
  text,
} from '../form-values'

/** A partner of the opening's partner registration, as the form holds it. */
export type PartnerValues = {
  name: string
  cpf: string
  birthDate: string
  email: string
  mobile: string
  maritalStatus: MaritalStatus | ''
  propertyRegime: PropertyRegime | ''
  address: AddressFormValues
  sharePercent: string
  administrator: boolean
}
export type PartnerRegistrationValues = { partners: PartnerValues[] }

/** A partner of the migration's basic partner list. */
export type PartnerBasicValues = { name: string; cpf: string; email: string; sharePercent: string }
export type PartnerRegistrationBasicValues = { partners: PartnerBasicValues[] }

export const MAX_PARTNERS = 20

/** Who is signed in, to start the list with them (they are usually a partner). */
export type Person = { name: string; email: string; phone: string | null }

const mobileText = (phone: string | null) => {
  if (!phone) return ''
  try {
    return formatMobile(phone)
  } catch {
    return ''
  }
}

export const emptyPartner = (person?: Person, share = ''): PartnerValues => ({
  name: person?.name ?? '',
  cpf: '',
  birthDate: '',
  email: person?.email ?? '',
  mobile: mobileText(person?.phone ?? null),
  maritalStatus: '',
  propertyRegime: '',
  address: emptyAddressValues(),
  sharePercent: share,
  administrator: true,
})

export const emptyBasicPartner = (person?: Person, share = ''): PartnerBasicValues => ({
  name: person?.name ?? '',
  cpf: '',
  email: person?.email ?? '',
  sharePercent: share,
})

export const partnerRegistrationValuesOf =
  (person: Person) =>
  (payload: Record<string, unknown> | null): PartnerRegistrationValues => {
    const stored = list(record(payload).partners).map((item): PartnerValues => {
      const partner = record(item)
      return {
        name: text(partner.name),
        cpf: text(partner.cpf),
        birthDate: dateText(partner.birthDate),
        email: text(partner.email),
        mobile: text(partner.mobile),
        maritalStatus: choice(partner.maritalStatus, maritalStatuses),
        propertyRegime: choice(partner.propertyRegime, propertyRegimes),
        address: addressValues(partner.address),
        sharePercent: percentText(partner.sharePercent),
        administrator: partner.administrator !== false,
      }
    })
    return { partners: stored.length > 0 ? stored : [emptyPartner(person, '100')] }
  }

export const partnerRegistrationPayloadOf = ({ partners }: PartnerRegistrationValues) => ({
  partners: partners.map((partner) => ({
    name: partner.name,
    cpf: partner.cpf,
    birthDate: isoDate(partner.birthDate),
    email: partner.email,
    mobile: partner.mobile,
    maritalStatus: partner.maritalStatus || undefined,
    propertyRegime:
      partner.maritalStatus === 'married' ? partner.propertyRegime || undefined : null,
    address: partner.address,
    sharePercent: percentNumber(partner.sharePercent),
    administrator: partner.administrator,
  })),
})

export const partnerBasicValuesOf =
  (person: Person) =>
  (payload: Record<string, unknown> | null): PartnerRegistrationBasicValues => {
    const stored = list(record(payload).partners).map((item): PartnerBasicValues => {
      const partner = record(item)
      return {
        name: text(partner.name),
        cpf: text(partner.cpf),
        email: text(partner.email),
        sharePercent: percentText(partner.sharePercent),
      }
    })
    return { partners: stored.length > 0 ? stored : [emptyBasicPartner(person, '100')] }
  }

export const partnerBasicPayloadOf = ({ partners }: PartnerRegistrationBasicValues) => ({
  partners: partners.map((partner) => ({
    name: partner.name,
    cpf: partner.cpf,
    email: partner.email,
    sharePercent: percentNumber(partner.sharePercent),
  })),
})

const partnerFieldLabels: Record<string, string> = {
  name: 'Nome completo',
  cpf: 'CPF',
  birthDate: 'Data de nascimento',
  email: 'E-mail',
  mobile: 'Celular',
  maritalStatus: 'Estado civil',
  propertyRegime: 'Regime de bens',
  sharePercent: 'Participação',
  administrator: 'Administrador',
}

export function partnerLabelOf(path: string): string {
  const [, index, field, part] = path.split('.')
  if (index === undefined) return 'Sócios'
  const who = `Sócio ${Number(index) + 1}`
  if (field === 'address') return addressLabel(part, `${who}: endereço`)
  return field ? `${who}: ${partnerFieldLabels[field] ?? field}` : who
}

/** The shares as typed, summed in hundredths (as the schema sums them). */
export function sharesTotal(shares: readonly string[]): number {
  const cents = shares.reduce(
    (sum, share) => sum + Math.round((percentNumber(share) ?? 0) * 100),
    0,
  )
  return cents / 100
}
