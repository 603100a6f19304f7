import { ACCESS_KEY_PATTERN } from '../../../src/schemas/nfse'

// The identifiers of the national NFS-e layout 1.01, as the schemas of 27/07/2026 take them
// (tiposSimples_v1.01 in fixtures/reference/nfse-v1.01-20260727, types TSIdDPS and TSIdNFSe; see
// fixtures/reference/SOURCES.md), where a CNPJ may carry letters (IN RFB 2.229/2024: 12 characters
// of 0-9A-Z and two numeric check digits, `TSCNPJ` `[0-9A-Z]{14}`):
// - the DPS `Id` (`TSIdDPS`): "DPS" + IBGE code of the issuing municipality (7) + type of federal
//   registration (1: 1 CPF, 2 CNPJ) + CPF/CNPJ zero-padded (14) + série (5) + DPS number (15) —
//   45 characters, `DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}`;
// - the NFS-e's access key (`TSIdNFSe` after "NFS"): municipality (7) + environment that generated
//   it (1) + type of federal registration (1) + CPF/CNPJ (14) + NFS-e number (13) + year and month
//   of issue, `AAMM` (4) + a random numeric code (9) + check digit (1) — 50 characters,
//   `[0-9]{9}[0-9A-Z]{14}[0-9]{27}` (ACCESS_KEY_PATTERN).

/** `tpInsc` of an identifier: 1 for a CPF, 2 for a CNPJ. */
export const registrationTypeOf = (document: string) => (document.length === 11 ? '1' : '2')

const digits = (value: string | number, length: number, what: string) => {
  const text = String(value)
  if (!/^\d+$/.test(text) || text.length > length)
    throw new Error(`${what}: ${text} does not fit ${length} digits`)
  return text.padStart(length, '0')
}

/**
 * The federal registration in an Id or key: a CPF zero-padded to 14 digits; a CNPJ as it is,
 * 14 characters of which the first 12 may be letters (uppercase) and the last two are digits.
 */
const registration = (document: string) => {
  if (document.length === 11) return digits(document, 14, 'CPF')
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(document))
    throw new Error(`CNPJ: ${document} is not 14 characters of 0-9A-Z ending in two digits`)
  return document
}

/** The DPS's `Id` (`TSIdDPS`), 45 characters. */
export function dpsId(input: {
  municipalityCode: string
  document: string
  series: string
  number: number
}): string {
  return [
    'DPS',
    digits(input.municipalityCode, 7, 'cLocEmi'),
    registrationTypeOf(input.document),
    registration(input.document),
    digits(input.series, 5, 'série'),
    digits(input.number, 15, 'nDPS'),
  ].join('')
}

/**
 * The check digit of the access key: modulo 11 of its first 49 characters weighted 2, 3, …, 9, 2,
 * 3, … from the right; 11 minus the remainder, and 0 when the remainder is 0 or 1. The layout gives
 * the key a check digit (`DV`) without spelling its rule; this is the modulo-11 rule of the fiscal
 * documents' access keys (Manual de Orientação do Contribuinte da NF-e, "Visão Geral", item 5.4:
 * "módulo 11 (base 2,9)"), which the national NFS-e's keys follow (the real keys in
 * tests/unit/nfse-rules.test.ts check it). A letter of an alphanumeric CNPJ counts as its ASCII
 * code less 48 (A = 17 … Z = 42), as in the CNPJ's own check digits (IN RFB 2.229/2024), so a
 * digit keeps its value and every numeric key keeps its check digit. Neither the schemas of
 * 27/07/2026 nor the rest of fixtures/nfse-real spell the key's rule over letters.
 */
export function accessKeyCheckDigit(first49: string): string {
  if (!ACCESS_KEY_PATTERN.test(`${first49}0`))
    throw new Error('the check digit is of the 49 first characters of an access key')
  let sum = 0
  let weight = 2
  for (let i = first49.length - 1; i >= 0; i--) {
    sum += (first49.charCodeAt(i) - 48) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const remainder = sum % 11
  return String(remainder < 2 ? 0 : 11 - remainder)
}

/** The environment that generated an NFS-e (`ambGer`): 1 a municipality's own, 2 Sefin Nacional. */
export type GeneratingEnvironment = '1' | '2'

/** The 50-character access key of an NFS-e (`TSIdNFSe` without its "NFS"). */
export function composeAccessKey(input: {
  municipalityCode: string
  environment: GeneratingEnvironment
  document: string
  nfseNumber: number
  /** `YYYY-MM` of the issue. */
  issueMonth: string
  /** The random numeric code, 9 digits. */
  code: string
}): string {
  const first49 = [
    digits(input.municipalityCode, 7, 'cLocEmi'),
    input.environment,
    registrationTypeOf(input.document),
    registration(input.document),
    digits(input.nfseNumber, 13, 'nNFSe'),
    `${input.issueMonth.slice(2, 4)}${input.issueMonth.slice(5, 7)}`,
    digits(input.code, 9, 'código numérico'),
  ].join('')
  return first49 + accessKeyCheckDigit(first49)
}

/** Whether a text is an access key: ACCESS_KEY_PATTERN, its last digit that of the others. */
export const isAccessKey = (key: string) =>
  ACCESS_KEY_PATTERN.test(key) && accessKeyCheckDigit(key.slice(0, 49)) === key[49]
