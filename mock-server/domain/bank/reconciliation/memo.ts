import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils'
import { cnpjKey } from '../../../../src/schemas/brazil'
import { ACCESS_KEY_SHAPE } from '../../../../src/schemas/nfse'

// What a statement line's memo (OFX MEMO/NAME, Cora's description) says that reconciliation can
// use: the CPF or CNPJ of whoever paid, an NFS-e number or access key, a tax's name, a guide's
// linha digitável. Banks print it upper case, often without accents, punctuation optional.

export type MemoFacts = {
  /** CPFs (11 digits) and CNPJs (14 characters, alphanumeric upper case) with valid check digits. */
  documents: string[]
  /** NFS-e numbers named after "NF", "NFS-e", "NFSE", "NOTA" or "NOTA FISCAL" (leading zeros gone). */
  numbers: number[]
  /** 50-digit runs: NFS-e access keys (the national `chaveAcesso`). */
  accessKeys: string[]
  /** Digits of a 48-digit linha digitável or a 44-digit barcode of a collection slip. */
  slipDigits: string[]
  /** The memo's words, upper case without accents. */
  words: Set<string>
  /** The memo upper case without accents, its punctuation as spaces, a space at each end. */
  plain: string
}

/** Upper case, no accents, `º`/`°` as `O` (as in "NF Nº 12"). */
export const bankFold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[º°]/g, 'O')
    .toUpperCase()

// A CNPJ with or without its mask (numeric or alphanumeric, IN RFB 2.229/2024: 12 characters of
// 0-9A-Z and two check digits), or a CPF with or without its mask, standing on their own.
const CNPJ =
  /(?<![0-9A-Z])([0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2})(?![0-9A-Z])/g
const CPF = /(?<![0-9A-Z])(\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?![0-9A-Z])/g
// "NF 123", "NFS-E 123", "NFSE Nº 00123", "NOTA FISCAL 123", "NF: 123", "NF123".
const NUMBER =
  /(?<![0-9A-Z])(?:NFS-?E|NFS|NF|NOTA(?: FISCAL)?)\s*(?:NO?\.?\s*)?[:#-]?\s*(\d{1,15})(?!\d)/g
// An NFS-e access key (ACCESS_KEY_SHAPE: 50 characters, an alphanumeric CNPJ's letters inside).
const ACCESS_KEY = new RegExp(`(?<!\\d)(${ACCESS_KEY_SHAPE})(?!\\d)`, 'g')
// A linha digitável or a barcode typed with spaces, dots or dashes between its blocks.
const SLIP = /(?<!\d)(\d[\d .-]{42,62}\d)(?!\d)/g

/** Whether a CNPJ-shaped run is a CNPJ: 14 characters, a letter or a digit, valid check digits. */
const validCnpj = (key: string) => /\d/.test(key) && isValidCnpj(key, { version: 2 })

/** What a memo names (see MemoFacts). */
export function readMemo(memo: string): MemoFacts {
  const text = bankFold(memo)
  const digits = text.replace(/\D/g, '').length
  const documents: string[] = []
  const numbers: number[] = []
  const accessKeys: string[] = []
  const slipDigits: string[] = []
  // A CPF has 11 digits, a CNPJ at least its 2 check digits (an alphanumeric one may have no more).
  if (digits >= 2) {
    for (const [, run] of text.matchAll(CNPJ)) {
      const key = cnpjKey(run!)
      if (key.length === 14 && validCnpj(key)) documents.push(key)
    }
    for (const [, run] of text.matchAll(CPF)) {
      const key = run!.replace(/\D/g, '')
      if (isValidCpf(key)) documents.push(key)
    }
  }
  // An access key has at least 38 digits (12 of its CNPJ may be letters), a slip 44.
  if (digits >= 38) {
    for (const [, run] of text.matchAll(ACCESS_KEY)) accessKeys.push(run!)
    for (const [, run] of text.matchAll(SLIP)) {
      const slip = run!.replace(/\D/g, '')
      if (slip.length === 48 || slip.length === 44) slipDigits.push(slip)
    }
  }
  if (digits > 0 && /N(?:F|OTA)/.test(text))
    for (const [, run] of text.matchAll(NUMBER)) {
      const number = Number(run)
      if (number > 0) numbers.push(number)
    }
  return {
    documents: [...new Set(documents)],
    numbers: [...new Set(numbers)],
    accessKeys: [...new Set(accessKeys)],
    slipDigits: [...new Set(slipDigits)],
    words: new Set(text.split(/[^0-9A-Z]+/).filter(Boolean)),
    plain: ` ${text.replace(/[^0-9A-Z]+/g, ' ').trim()} `,
  }
}

/** The 44-digit barcode inside a 48-digit linha digitável of a collection slip (FEBRABAN). */
export const barcodeOfSlipLine = (line: string) =>
  [0, 1, 2, 3].map((block) => line.slice(block * 12, block * 12 + 11)).join('')

/** What opens a memo before the payer's name: the kind of transfer ("PIX RECEBIDO", "TED"). */
const TRANSFER_WORDS =
  /^(?:(?:PIX|TED|DOC|TEV|TRANSF|TRANSFERENCIA|CREDITO|CRED|RECEBIMENTO|DEPOSITO|RECEBIDO|RECEBIDA|QR|CODE)\b\s*)+/

/**
 * The payer's name a memo gives beside a CPF or CNPJ ("PIX RECEBIDO - ESTUDIO NOVA LUZ LTDA -
 * 11.444.777/0001-61" → "ESTUDIO NOVA LUZ LTDA"), to prefill an invoice's taker; null when the
 * memo names no document or no name.
 */
export function memoNameOf(memo: string): string | null {
  if (readMemo(memo).documents.length === 0) return null
  const withoutDocuments = bankFold(memo).replace(CNPJ, ' ').replace(CPF, ' ')
  for (const part of withoutDocuments.split(/\s+[-–|]\s+|\s{2,}/)) {
    const name = part
      .replace(TRANSFER_WORDS, '')
      .replace(/[\s-]+$/, '')
      .trim()
    if (/[A-Z]{2}/.test(name) && !/\d{3}/.test(name)) return name
  }
  return null
}
