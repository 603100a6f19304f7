// Input masks with the spec's tokens (docs/product.md §5): # digit, @ letter, * alphanumeric.
export const maskDefinitions = {
  '#': /[0-9]/,
  '@': /[a-zA-Z]/,
  '*': /[0-9a-zA-Z]/,
} as const

export const masks = {
  /** A Brazilian mobile, 19 characters formatted (a lead's phone needs at least 17). */
  mobile: '+55 (##) #####-####',
  cpf: '###.###.###-##',
  /** Numeric and alphanumeric CNPJ (the check digits stay numeric). */
  cnpj: '**.***.***/****-##',
  cep: '#####-###',
  date: '##/##/####',
} as const

export type MaskName = keyof typeof masks
