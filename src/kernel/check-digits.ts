// The check digits of the slips people pay (FEBRABAN): the modulo 10 and the modulo 11 of a
// collection slip (arrecadação) and of a bank boleto's barcode. The tax kernel computes them for
// the guides it issues (src/kernel/tax/collection-line.ts); src/schemas/payment-line.ts names,
// in pt-BR, the rule a typed line breaks.

/** Modulo-10 check digit (FEBRABAN): weights 2, 1 from the right, two-digit products summed. */
export function mod10(digits: string): number {
  let sum = 0
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10
}

/** Weighted sum of the modulo-11 check digits: weights 2 to 9 from the right, then again. */
function mod11Sum(digits: string): number {
  let sum = 0
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1)
    sum += Number(digits[i]) * weight
  return sum
}

/** Modulo-11 check digit of a collection slip: remainder 0 or 1 gives 0, 10 gives 1. */
export function collectionMod11(digits: string): number {
  const rest = mod11Sum(digits) % 11
  return rest <= 1 ? 0 : 11 - rest
}

/** Modulo-11 general check digit of a bank boleto's barcode: 0, 10 and 11 become 1. */
export function bankMod11(digits: string): number {
  const digit = 11 - (mod11Sum(digits) % 11)
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit
}

/** The check digit a collection slip uses: its third digit says modulo 10 (6, 7) or 11 (8, 9). */
export const collectionCheckDigit = (valueKind: string, digits: string) =>
  valueKind === '6' || valueKind === '7' ? mod10(digits) : collectionMod11(digits)
