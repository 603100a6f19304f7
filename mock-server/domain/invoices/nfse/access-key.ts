// The identifiers of the national NFS-e layout 1.01 (tiposSimples_v1.01.xsd):
// - the DPS `Id` (`TSIdDPS`): "DPS" + IBGE code of the issuing municipality (7) + type of federal
//   registration (1: 1 CPF, 2 CNPJ) + CPF/CNPJ zero-padded (14) + série (5) + DPS number (15) —
//   45 characters, `DPS[0-9]{42}`;
// - the NFS-e's access key (`TSIdNFSe` after "NFS", `TSChaveNFSe`): municipality (7) + environment
//   that generated it (1) + type of federal registration (1) + CPF/CNPJ (14) + NFS-e number (13) +
//   year and month of issue, `AAMM` (4) + a random numeric code (9) + check digit (1) — 50 digits.

/** `tpInsc` of an identifier: 1 for a CPF, 2 for a CNPJ. */
export const registrationTypeOf = (document: string) => (document.length === 11 ? '1' : '2')

const digits = (value: string | number, length: number, what: string) => {
  const text = String(value)
  if (!/^\d+$/.test(text) || text.length > length)
    throw new Error(`${what}: ${text} does not fit ${length} digits`)
  return text.padStart(length, '0')
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
    digits(input.document, 14, 'CPF/CNPJ'),
    digits(input.series, 5, 'série'),
    digits(input.number, 15, 'nDPS'),
  ].join('')
}

/**
 * The check digit of the access key: modulo 11 of its first 49 digits weighted 2, 3, …, 9, 2, 3, …
 * from the right; 11 minus the remainder, and 0 when the remainder is 0 or 1. The layout gives the
 * key a check digit (`DV`) without spelling its rule; this is the modulo-11 rule of the fiscal
 * documents' access keys (Manual de Orientação do Contribuinte da NF-e, "Visão Geral", item 5.4:
 * "módulo 11 (base 2,9)"), which the national NFS-e's keys follow.
 */
export function accessKeyCheckDigit(first49: string): string {
  if (!/^\d{49}$/.test(first49)) throw new Error('the check digit is of 49 digits')
  let sum = 0
  let weight = 2
  for (let i = first49.length - 1; i >= 0; i--) {
    sum += Number(first49[i]) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const remainder = sum % 11
  return String(remainder < 2 ? 0 : 11 - remainder)
}

/** The environment that generated an NFS-e (`ambGer`): 1 a municipality's own, 2 Sefin Nacional. */
export type GeneratingEnvironment = '1' | '2'

/** The 50-digit access key of an NFS-e (`TSIdNFSe` without its "NFS"). */
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
    digits(input.document, 14, 'CPF/CNPJ'),
    digits(input.nfseNumber, 13, 'nNFSe'),
    `${input.issueMonth.slice(2, 4)}${input.issueMonth.slice(5, 7)}`,
    digits(input.code, 9, 'código numérico'),
  ].join('')
  return first49 + accessKeyCheckDigit(first49)
}

/** Whether a text is an access key: 50 digits whose last is the check digit of the others. */
export const isAccessKey = (key: string) =>
  /^\d{50}$/.test(key) && accessKeyCheckDigit(key.slice(0, 49)) === key[49]
