import { z } from 'zod'
import {
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidMobilePhone,
} from '@brazilian-utils/brazilian-utils'
import './locale'
import { missingOr } from './limit-messages'
import { messages } from './messages'

// Brazilian identifiers, checked by their check digits through @brazilian-utils.
// Values are kept as the user typed them trimmed; `digitsOnly` / `cnpjKey` give the canonical form.

export const digitsOnly = (value: string) => value.replace(/\D/g, '')

/** Canonical CNPJ: 14 characters, uppercase, no mask (numeric or alphanumeric). */
export const cnpjKey = (value: string) => value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase()

export const cnpjSchema = z
  .string({ error: messages.cnpjRequired })
  .trim()
  .min(1, { error: messages.cnpjRequired })
  .refine((value) => isValidCnpj(value, { version: 2 }), { error: messages.cnpjInvalid })
  .transform(cnpjKey)

const cpfMessage = missingOr(messages.cpfRequired, messages.cpfInvalid)
export const cpfSchema = z
  .string({ error: cpfMessage })
  .trim()
  .refine((value) => isValidCpf(value), { error: cpfMessage })
  .transform(digitsOnly)

/** The lowest CEP the Correios give (São Paulo's centre): none starts with 00. */
export const LOWEST_CEP = '01000000'

const cepMessage = missingOr(messages.cepRequired, messages.cepInvalid)
export const cepSchema = z
  .string({ error: cepMessage })
  .trim()
  .refine((value) => isValidCep(value), { error: cepMessage })
  .transform(digitsOnly)
  .refine((cep) => cep >= LOWEST_CEP, { error: messages.cepBelowRange })

/** A 7-digit CNAE subclass code, typed with or without its mask (`6201-5/01`). */
export const cnaeCodeSchema = z
  .string({ error: 'Código CNAE inválido' })
  .trim()
  .transform((value) => value.replace(/[\s./-]/g, ''))
  .pipe(z.string().regex(/^\d{7}$/, { error: 'Código CNAE inválido' }))

/** A Brazilian mobile, stored formatted as `+55 (11) 91234-5678`. */
export const mobilePhoneSchema = z
  .string({ error: messages.phoneInvalid })
  .trim()
  .refine((value) => isValidMobilePhone(value), { error: messages.phoneInvalid })
  .transform(formatMobile)

export function formatMobile(value: string): string {
  let digits = digitsOnly(value)
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2)
  return `+55 (${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`
}

export const ufs = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const
export const ufSchema = z.enum(ufs, { error: missingOr(messages.ufRequired, messages.ufInvalid) })
export type Uf = z.infer<typeof ufSchema>
