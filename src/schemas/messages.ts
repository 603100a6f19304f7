// The user-facing messages of SPEC section 8, word for word, plus the product's own.
// Forms, the API client and the mock server all read them from here.
export const messages = {
  cnpjRequired: 'CNPJ precisa ser definido.',
  // Deliberate change (PRODUCT.md "Invoices"): the enforced range is 1..31.
  dayOfMonth: 'Dia do mês precisa ser entre 1 e 31.',
  totalValueMin: 'Valor precisa ser maior ou igual a 1 real.',
  emailInvalid: 'E-mail inválido',
  passwordMin: 'A senha deve conter no mínimo 8 caracteres',
  phoneInvalid: 'Celular inválido',
  cnpjNotFound: 'CNPJ não existe.',
  cnpjInvalid: 'CNPJ inválido',
  cpfInvalid: 'CPF inválido',
  cepInvalid: 'CEP inválido',
  required: 'Campo obrigatório',
  pageNotFound: (path: string) => `Page not found: ${path}`,
} as const
