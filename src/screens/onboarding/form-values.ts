import { ufs } from '@/schemas/brazil'
import type { AddressFormValues } from '@/screens/address'

// Conversions between what a step's form holds (text as typed: dates dd/mm/aaaa, percentages with
// a comma) and the payload its schema reads. A stored payload is either a draft (the form's own
// shape, kept as typed) or a done step (the schema's output): reading one accepts both.

/** A stored value as text ('' for anything else). */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/** `2026-11-23` → `23/11/2026`; a value already typed as dd/mm/aaaa stays. */
export function dateText(value: unknown): string {
  const raw = text(value)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw)
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : raw
}

/** `23/11/2026` → `2026-11-23`; anything else goes as typed, for the schema to refuse. */
export function isoDate(value: string): string {
  const typed = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim())
  return typed ? `${typed[3]}-${typed[2]}-${typed[1]}` : value.trim()
}

const percentFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 })

/** 33.33 → `33,33%`. */
export const formatPercent = (value: number) => `${percentFormat.format(value)}%`

/** 33.33 → `33,33`; text stays as typed. */
export const percentText = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? percentFormat.format(value) : text(value)

/** `33,33` (or `33.33`) → 33.33; empty or not a number → undefined, for the schema to refuse. */
export function percentNumber(value: string): number | undefined {
  const cleaned = value.replace('%', '').trim()
  if (cleaned === '') return undefined
  const normalized = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned
  const number = Number(normalized)
  return Number.isFinite(number) ? number : undefined
}

/** A choice of a fixed list, or '' when the stored value is not one. */
export const choice = <T extends string>(value: unknown, options: readonly T[]): T | '' =>
  typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : ''

/** An object's fields, or an empty one. */
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** A stored address as the form holds it (a done step's CEP is 8 digits: the mask is put back). */
export function addressValues(value: unknown): AddressFormValues {
  const stored = record(value)
  const zip = text(stored.zipCode)
  return {
    zipCode: /^\d{8}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip,
    street: text(stored.street),
    number: text(stored.number),
    complement: text(stored.complement),
    neighborhood: text(stored.neighborhood),
    city: text(stored.city),
    state: choice(stored.state, ufs),
  }
}

const addressPartLabels: Record<string, string> = {
  zipCode: 'CEP',
  street: 'Rua',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
}

/** "Endereço: CEP" for `address.zipCode` (under any prefix). */
export const addressLabel = (part: string | undefined, prefix = 'Endereço') =>
  part ? `${prefix}: ${addressPartLabels[part] ?? part}` : prefix
