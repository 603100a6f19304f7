import { z } from 'zod'
import { isValidBoleto } from '@brazilian-utils/brazilian-utils'
import { bankMod11, collectionCheckDigit, mod10 } from '../kernel/check-digits'

// The linha digitável people type to pay a slip: a bank boleto (cobrança bancária, 47 digits;
// Carta-Circular BCB nº 2.926/2000) or a collection slip (arrecadação: DAS, DARF, DARE, utility
// bills, 48 digits; FEBRABAN "Layout Padrão de Arrecadação/Recebimento com Utilização do Código de
// Barras"). Whether a line is valid is `isValidBoleto`'s answer (@brazilian-utils); the checks
// below only name, in pt-BR, the rule a refused line breaks.

export const paymentLineMessages = {
  missing: 'Informe a linha digitável da guia (47 ou 48 números)',
  length: (count: number) =>
    `Linha digitável inválida: tem ${count} números; a de um boleto bancário tem 47 e a de uma guia de arrecadação, 48.`,
  collectionLength: (count: number) =>
    `Linha digitável inválida: tem ${count} números; a de uma guia de arrecadação tem 48, começando por 8.`,
  bankField: (field: number) =>
    `Linha digitável inválida: o dígito verificador do ${field}º campo do boleto não confere (módulo 10). Confira os números digitados.`,
  bankGeneral:
    'Linha digitável inválida: o dígito verificador geral do boleto (o número isolado, o 33º) não confere com o código de barras (módulo 11). Confira os números digitados.',
  collectionProduct:
    'Linha digitável inválida: uma guia de arrecadação de 48 números começa por 8.',
  collectionSegment:
    'Linha digitável inválida: o 2º número da guia (o segmento) precisa ser de 1 a 7 ou 9.',
  collectionValueKind:
    'Linha digitável inválida: o 3º número da guia (como o valor é informado) precisa ser 6, 7, 8 ou 9.',
  collectionBlock: (block: number, modulus: 10 | 11) =>
    `Linha digitável inválida: o dígito verificador do ${block}º bloco da guia não confere (módulo ${modulus}). Confira os números digitados.`,
  collectionGeneral: (modulus: 10 | 11) =>
    `Linha digitável inválida: o dígito verificador geral da guia (o 4º número) não confere com o código de barras (módulo ${modulus}). Confira os números digitados.`,
  characters:
    'Linha digitável inválida: use só os números da guia (espaços, pontos e traços são aceitos).',
  invalid:
    'Linha digitável inválida: os dígitos verificadores não conferem. Confira os números digitados.',
} as const

/** The kind of line, by its length and first digit. */
export type PaymentLineKind = 'bank' | 'collection'

/** The rule a 48-digit collection line breaks, or null. */
function collectionProblem(line: string): string | null {
  if (line[0] !== '8') return paymentLineMessages.collectionProduct
  if (line[1] === '0' || line[1] === '8') return paymentLineMessages.collectionSegment
  const valueKind = line[2]!
  if (!'6789'.includes(valueKind)) return paymentLineMessages.collectionValueKind
  const modulus = valueKind === '6' || valueKind === '7' ? 10 : 11
  const blocks = [0, 1, 2, 3].map((block) => line.slice(block * 12, block * 12 + 11))
  for (const [index, block] of blocks.entries())
    if (collectionCheckDigit(valueKind, block) !== Number(line[index * 12 + 11]))
      return paymentLineMessages.collectionBlock(index + 1, modulus)
  // The general digit is the barcode's 4th, computed over the other 43.
  const barcode = blocks.join('')
  if (
    collectionCheckDigit(valueKind, barcode.slice(0, 3) + barcode.slice(4)) !== Number(barcode[3])
  )
    return paymentLineMessages.collectionGeneral(modulus)
  return null
}

/** The rule a 47-digit bank boleto line breaks, or null. */
function bankProblem(line: string): string | null {
  const fields: [number, number][] = [
    [0, 9],
    [10, 20],
    [21, 31],
  ]
  for (const [index, [start, end]] of fields.entries())
    if (mod10(line.slice(start, end)) !== Number(line[end]))
      return paymentLineMessages.bankField(index + 1)
  // Barcode: bank and currency, the general digit, due factor and value, then the free field.
  const barcode =
    line.slice(0, 4) +
    line.slice(33, 47) +
    line.slice(4, 9) +
    line.slice(10, 20) +
    line.slice(21, 31)
  if (bankMod11(barcode) !== Number(line[32])) return paymentLineMessages.bankGeneral
  return null
}

/**
 * What is wrong with a typed linha digitável (spaces, dots and dashes allowed), in pt-BR naming
 * the rule; null when it is a valid bank boleto (47) or collection slip (48) — `accept` limits the
 * kinds (a guia of taxes is always a collection slip).
 */
export function paymentLineProblem(
  typed: string,
  accept: readonly PaymentLineKind[] = ['bank', 'collection'],
): string | null {
  if (/[^\d\s.-]/.test(typed)) return paymentLineMessages.characters
  const line = typed.replace(/\D/g, '')
  const collectionOnly = !accept.includes('bank')
  if (line.length !== 48 && (collectionOnly || line.length !== 47))
    return collectionOnly
      ? paymentLineMessages.collectionLength(line.length)
      : paymentLineMessages.length(line.length)
  if (isValidBoleto(line)) return null
  return (
    (line.length === 48 ? collectionProblem(line) : bankProblem(line)) ??
    paymentLineMessages.invalid
  )
}

/** The kind of a valid line (47 digits: bank boleto; 48: collection slip). */
export const paymentLineKindOf = (line: string): PaymentLineKind =>
  line.replace(/\D/g, '').length === 47 ? 'bank' : 'collection'

/**
 * A linha digitável typed in a form: kept as its digits, refused with the rule it breaks. Several
 * forms share it: the registration-fee guide (either kind), a guia of taxes (collection only).
 */
export const paymentLineSchema = (
  accept: readonly PaymentLineKind[] = ['bank', 'collection'],
  missing: string = paymentLineMessages.missing,
) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .superRefine((typed, context) => {
      const problem = paymentLineProblem(typed, accept)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    })
    .transform((typed) => typed.replace(/\D/g, ''))
