// A CNAE subclass code as people type it and as it is printed. In the kernel, beside money and
// dates, because the tax rules name an activity by its code in their messages
// (src/kernel/tax/month.ts) and the slugs of the CNAE pages build on it (src/schemas/slug.ts).

/** The 7 digits of a subclass code, whatever punctuation it was typed with ("6201-5/01"). */
export const cnaeDigits = (value: string) => value.replace(/\D/g, '')

/** "6201501" → "6201-5/01" (the way IBGE and the CNPJ card print it). */
export function formatCnaeCode(code: string): string {
  const digits = cnaeDigits(code)
  if (digits.length !== 7) return code
  return `${digits.slice(0, 4)}-${digits.slice(4, 5)}/${digits.slice(5)}`
}
