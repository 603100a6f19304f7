import { collectionCheckDigit } from '../check-digits'

// The linha digitável of a guide this product issues: a FEBRABAN collection slip (arrecadação,
// 48 digits): product 8, segment 5 (government), value kind 8 (the value in reais, modulo-11
// check digits), the general check digit, the value in cents (11 digits), the collector's code
// and a free field; then four blocks of 11 digits, each with its own check digit. The rest of the
// layout (the collector's code, the document number) is the issuer's: the Receita's DAS carries
// its own; this product's guides carry the collector code 0328 and a document number of their
// own, and pass every check digit.

/** Product (arrecadação), segment (government) and value kind (reais, modulo 11). */
const HEADER = { product: '8', segment: '5', valueKind: '8' } as const
/** The collector's code in the line (the Receita Federal's in the seeded lines). */
export const COLLECTOR_CODE = '0328'

/** 25 digits of a reference text, the same every time (FNV-1a, 64 bits, twice). */
export function referenceDigits(text: string, length = 25): string {
  let digits = ''
  let seed = 0
  while (digits.length < length) {
    let hash = 0xcbf29ce484222325n ^ BigInt(seed++)
    for (const char of text) {
      hash ^= BigInt(char.codePointAt(0)!)
      hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn
    }
    digits += hash.toString().padStart(20, '0')
  }
  return digits.slice(0, length)
}

/**
 * The 48-digit line of a guide of `cents` (at most R$ 999.999.999,99) with a free field made from
 * `reference` (the guide's own identity: company, competence, kind).
 */
export function collectionLine(cents: number, reference: string): string {
  if (!Number.isInteger(cents) || cents < 0 || cents > 99_999_999_999)
    throw new RangeError(`collectionLine: ${cents} cents do not fit the line's 11 digits`)
  const value = String(cents).padStart(11, '0')
  const { product, segment, valueKind } = HEADER
  const body = `${product}${segment}${valueKind}${value}${COLLECTOR_CODE}${referenceDigits(reference)}`
  const barcode = `${body.slice(0, 3)}${collectionCheckDigit(valueKind, body)}${body.slice(3)}`
  return [0, 1, 2, 3]
    .map((block) => barcode.slice(block * 11, block * 11 + 11))
    .map((part) => `${part}${collectionCheckDigit(valueKind, part)}`)
    .join('')
}

/** The value in cents a collection line carries (digits 5 to 15 of its barcode). */
export function centsOfLine(line: string): number {
  const digits = line.replace(/\D/g, '')
  const barcode = [0, 1, 2, 3].map((block) => digits.slice(block * 12, block * 12 + 11)).join('')
  return Number(barcode.slice(4, 15))
}

/** "85890000013 5 61800328123 4 …": the line in its four blocks, as printed on a guide. */
export const formatCollectionLine = (line: string) =>
  [0, 1, 2, 3]
    .map((block) => `${line.slice(block * 12, block * 12 + 11)}-${line[block * 12 + 11]}`)
    .join(' ')
