import { z } from 'zod'
import {
  isValidPhone,
  isValidRegistroProfissional,
  removeAccents,
} from '@brazilian-utils/brazilian-utils'
import { digitsOnly, ufSchema } from './brazil'
import { messages } from './messages'
import { fieldError, filledText } from './limit-messages'

// Fields about people and professionals shared by the wizards, invites and the partner program.

export const maritalStatuses = ['married', 'single', 'divorced', 'widowed'] as const
export const maritalStatusSchema = z.enum(maritalStatuses, { error: 'Informe o estado civil' })
export type MaritalStatus = z.infer<typeof maritalStatusSchema>
export const maritalStatusLabels: Record<MaritalStatus, string> = {
  married: 'Casado(a)',
  single: 'Solteiro(a)',
  divorced: 'Divorciado(a)',
  widowed: 'Viúvo(a)',
}

export const propertyRegimes = [
  'community_property',
  'universal_community_property',
  'separation_of_property',
] as const
export const propertyRegimeSchema = z.enum(propertyRegimes, { error: 'Informe o regime de bens' })
export type PropertyRegime = z.infer<typeof propertyRegimeSchema>
export const propertyRegimeLabels: Record<PropertyRegime, string> = {
  community_property: 'Comunhão parcial de bens',
  universal_community_property: 'Comunhão universal de bens',
  separation_of_property: 'Separação de bens',
}

/** A full name: at least two words, letters only (accents, apostrophes and hyphens allowed). */
export const fullNameSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(120, { error: 'Nome muito longo (até 120 caracteres)' })
  .regex(/^[\p{L}'’.-]+(?:\s+[\p{L}'’.-]+)+$/u, { error: 'Informe o nome completo' })
  .transform((value) => value.replace(/\s+/g, ' '))

/** A Brazilian phone, mobile or landline, with area code; stored as digits with +55. */
export const phoneSchema = z
  .string({ error: 'Telefone inválido' })
  .trim()
  .refine((value) => isValidPhone(value), { error: 'Telefone inválido' })
  .transform((value) => {
    let digits = digitsOnly(value)
    if (digits.startsWith('55') && digits.length > 11) digits = digits.slice(2)
    const area = digits.slice(0, 2)
    const rest = digits.slice(2)
    const split = rest.length - 4
    return `+55 (${area}) ${rest.slice(0, split)}-${rest.slice(split)}`
  })

/**
 * A CRC registration (Conselho Regional de Contabilidade), typed loosely (`CRC-SP 123456/O-5`,
 * `SP123456O5`, `sp-123456/o-5`) and kept as `SP-123456/O-5`.
 */
export const crcSchema = z
  .string({ error: fieldError('CRC inválido') })
  .trim()
  .max(30)
  .transform((value, context) => {
    const compact = value
      .toUpperCase()
      .replace(/^CRC/, '')
      .replace(/[\s./-]/g, '')
    const match = /^([A-Z]{2})(\d{4,6})([OPST])(\d)$/.exec(compact)
    const formatted = match
      ? `${match[1]}-${match[2]!.padStart(6, '0')}/${match[3]}-${match[4]}`
      : ''
    if (!match || !isValidRegistroProfissional({ value: formatted, council: 'CRC' })) {
      context.addIssue({ code: 'custom', message: 'CRC inválido' })
      return z.NEVER
    }
    return formatted
  })

/**
 * Free text of a bounded size with its whitespace tidied: `empty` when blank, then the limits'
 * own messages ('Cidade precisa ter pelo menos 2 caracteres.').
 */
export const textSchema = (min: number, max: number, empty: string) =>
  filledText(empty, { min, max, missing: messages.required })

/** A city name with its state. */
export const cityStateSchema = z.object({
  city: textSchema(2, 120, 'Informe a cidade'),
  state: ufSchema,
})

/** Text compared without case or accents (searches). */
export const searchKey = (value: string) => removeAccents(value).toLowerCase().trim()
