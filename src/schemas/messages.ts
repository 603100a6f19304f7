// The user-facing messages of docs/product.md §8, word for word, plus the product's own.
// Forms, the API client and the mock server all read them from here.
export const messages = {
  cnpjRequired: 'CNPJ precisa ser definido.',
  // Deliberate change (PRODUCT.md "Invoices"): the enforced range is 1..31.
  dayOfMonth: 'Dia do mês precisa ser entre 1 e 31.',
  totalValueMin: 'Valor precisa ser maior ou igual a 1 real.',
  emailInvalid: 'E-mail inválido',
  emailTooLong: 'E-mail pode ter no máximo 254 caracteres.',
  passwordMin: 'A senha deve conter no mínimo 8 caracteres',
  phoneInvalid: 'Celular inválido',
  cnpjNotFound: 'CNPJ não existe.',
  cnpjInvalid: 'CNPJ inválido',
  cpfInvalid: 'CPF inválido',
  cepInvalid: 'CEP inválido',
  cepBelowRange: 'CEP inválido: os CEPs vão de 01000-000 a 99999-999 (00000-000 não existe).',
  required: 'Campo obrigatório',
  pageNotFound: (path: string) => `Page not found: ${path}`,
  // Finance (invoices, documents, bank statements, reports, assistant).
  takerDocumentInvalid: 'CPF ou CNPJ do tomador inválido',
  serviceCodeInvalid: 'Código de serviço inválido (use o item da LC 116, ex.: 17.06)',
  dateInvalid: 'Data inválida (use AAAA-MM-DD)',
  periodInvalid: 'Período inválido (use AAAA-MM ou AAAA)',
  amountInvalid: 'Valor inválido',
  intentTooShort: 'Descreva a atividade com pelo menos 3 letras.',
  intentTooLong: 'Descreva a atividade em até 500 caracteres.',
} as const
