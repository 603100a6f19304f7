import { z } from 'zod'
import { addressSchema } from '@/schemas/address'
import {
  companyDataSchema,
  companySizeSchema,
  companyTypeSchema,
  type Company,
} from '@/schemas/company'
import { formatCnpjValue } from '@/lib/format'
import { addressValuesOf, type AddressFormValues } from '@/screens/address'

/** The registration data as the "Editar" form holds it: text as typed, '' for "not given". */
export type CompanyFormValues = {
  name: string
  alias: string
  cnpj: string
  address: AddressFormValues
  type: z.infer<typeof companyTypeSchema> | ''
  size: z.infer<typeof companySizeSchema> | ''
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value)
const isBlank = (address: AddressFormValues) =>
  Object.values(address).every((value) => value.trim() === '')

/**
 * The form's values checked by the company's own field rules (`companyDataSchema`, the same the
 * server applies, `addressSchema` for the address): a blank alias, CNPJ or address means "none";
 * a CNPJ is checked by its digits.
 */
export const companyFormSchema = z.object({
  name: companyDataSchema.shape.name,
  alias: z.string().transform(blankToNull).pipe(companyDataSchema.shape.alias),
  cnpj: z.string().transform(blankToNull).pipe(companyDataSchema.shape.cnpj),
  address: z.custom<AddressFormValues>().transform((address, context) => {
    if (isBlank(address)) return null
    const checked = addressSchema.safeParse(address)
    if (checked.success) return checked.data
    // Each part's message on its own field (`address.zipCode`, …).
    for (const issue of checked.error.issues)
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path })
    return z.NEVER
  }),
  type: z.union([z.literal(''), companyTypeSchema]).transform((type) => type || null),
  size: z.union([z.literal(''), companySizeSchema]).transform((size) => size || null),
})
export type CompanyFormOutput = z.output<typeof companyFormSchema>

export const companyFormValuesOf = (company: Company): CompanyFormValues => ({
  name: company.name,
  alias: company.alias ?? '',
  cnpj: company.cnpj ? formatCnpjValue(company.cnpj) : '',
  address: addressValuesOf(company.address),
  type: company.type ?? '',
  size: company.size ?? '',
})

/** Field labels, in the form's order: the error summary names fields by them. */
export const companyFieldLabels: Record<string, string> = {
  name: 'Razão social',
  alias: 'Nome fantasia',
  cnpj: 'CNPJ',
  'address.zipCode': 'CEP',
  'address.street': 'Rua',
  'address.number': 'Número',
  'address.complement': 'Complemento',
  'address.neighborhood': 'Bairro',
  'address.city': 'Cidade',
  'address.state': 'Estado',
  type: 'Natureza jurídica',
  size: 'Porte',
}
