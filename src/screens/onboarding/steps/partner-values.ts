import { formatMobile } from '@/schemas/brazil'
import type { StepId } from '@/schemas/track'
import {
  maritalStatuses,
  propertyRegimes,
  type MaritalStatus,
  type PropertyRegime,
} from '@/schemas/people'
import { emptyAddressValues, type AddressFormValues } from '@/screens/address'
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

/**
 * The two partner steps: the opening's asks everything the registration of the company needs
 * (`full`), the migration's only who the partners are and their shares (`basic`).
 */
export type PartnerVariant = 'full' | 'basic'

export const partnerVariantOf = (stepId: StepId): PartnerVariant =>
  stepId === 'partner-registration' ? 'full' : 'basic'

/**
 * A partner as the form holds it: what both steps ask, and what only the opening's asks (absent
 * in the migration's, so its drafts keep only its own fields).
 */
export type PartnerValues = {
  name: string
  cpf: string
  birthDate?: string
  email: string
  mobile?: string
  maritalStatus?: MaritalStatus | ''
  propertyRegime?: PropertyRegime | ''
  address?: AddressFormValues
  sharePercent: string
  administrator?: boolean
}
export type PartnersValues = { partners: PartnerValues[] }

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

/** A new partner card: the signed-in person's name and e-mail (and mobile), a suggested share. */
export function emptyPartner(variant: PartnerVariant, person?: Person, share = ''): PartnerValues {
  const name = person?.name ?? ''
  const email = person?.email ?? ''
  if (variant === 'basic') return { name, cpf: '', email, sharePercent: share }
  return {
    name,
    cpf: '',
    birthDate: '',
    email,
    mobile: mobileText(person?.phone ?? null),
    maritalStatus: '',
    propertyRegime: '',
    address: emptyAddressValues(),
    sharePercent: share,
    administrator: true,
  }
}

/** A stored partner (a draft as typed, or a done step's payload) as the form holds it. */
function partnerValues(variant: PartnerVariant, item: unknown): PartnerValues {
  const partner = record(item)
  const name = text(partner.name)
  const cpf = text(partner.cpf)
  const email = text(partner.email)
  const sharePercent = percentText(partner.sharePercent)
  if (variant === 'basic') return { name, cpf, email, sharePercent }
  return {
    name,
    cpf,
    birthDate: dateText(partner.birthDate),
    email,
    mobile: text(partner.mobile),
    maritalStatus: choice(partner.maritalStatus, maritalStatuses),
    propertyRegime: choice(partner.propertyRegime, propertyRegimes),
    address: addressValues(partner.address),
    sharePercent,
    administrator: partner.administrator !== false,
  }
}

/** The step's form values from its stored payload; nothing stored starts with the person at 100%. */
export const partnersValuesOf =
  (variant: PartnerVariant, person: Person) =>
  (payload: Record<string, unknown> | null): PartnersValues => {
    const stored = list(record(payload).partners).map((item) => partnerValues(variant, item))
    return { partners: stored.length > 0 ? stored : [emptyPartner(variant, person, '100')] }
  }

/** What the step's schema reads, from the form's values. */
export const partnersPayloadOf =
  (variant: PartnerVariant) =>
  ({ partners }: PartnersValues) => ({
    partners: partners.map((partner) =>
      variant === 'basic'
        ? {
            name: partner.name,
            cpf: partner.cpf,
            email: partner.email,
            sharePercent: percentNumber(partner.sharePercent),
          }
        : {
            name: partner.name,
            cpf: partner.cpf,
            birthDate: isoDate(partner.birthDate ?? ''),
            email: partner.email,
            mobile: partner.mobile,
            maritalStatus: partner.maritalStatus || undefined,
            propertyRegime:
              partner.maritalStatus === 'married' ? partner.propertyRegime || undefined : null,
            address: partner.address,
            sharePercent: percentNumber(partner.sharePercent),
            administrator: partner.administrator,
          },
    ),
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
