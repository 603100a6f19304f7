// The user-facing messages of docs/product.md §8, word for word, plus the product's own.
// Forms, the API client and the mock server all read them from here.
export const messages = {
  cnpjRequired: 'CNPJ precisa ser definido.',
  // Deliberate change (docs/product.md §5, §10 "Invoices"): the enforced range is 1..31.
  dayOfMonth: 'Dia do mês precisa ser entre 1 e 31.',
  totalValueMin: 'Valor precisa ser maior ou igual a 1 real.',
  emailInvalid: 'E-mail inválido',
  emailTooLong: 'E-mail pode ter no máximo 254 caracteres.',
  passwordMin: 'A senha deve conter no mínimo 8 caracteres',
  phoneInvalid: 'Celular inválido',
  cnpjNotFound: 'CNPJ não existe.',
  // An empty field says what to give; a filled one that is refused says why.
  cnpjInvalid: 'CNPJ inválido: confira os 14 caracteres',
  cpfRequired: 'Informe o CPF',
  cpfInvalid: 'CPF inválido: confira os 11 dígitos',
  cepRequired: 'Informe o CEP',
  cepInvalid: 'CEP inválido: são 8 dígitos, como 01310-100',
  cepBelowRange: 'CEP inválido: os CEPs vão de 01000-000 a 99999-999 (00000-000 não existe).',
  ufRequired: 'Escolha o estado (UF)',
  ufInvalid: 'UF inválida: use a sigla do estado, como SP',
  cityRequired: 'Informe a cidade',
  streetRequired: 'Informe a rua',
  numberRequired: 'Informe o número (ou S/N)',
  neighborhoodRequired: 'Informe o bairro',
  required: 'Campo obrigatório',
  pageNotFound: (path: string) => `Page not found: ${path}`,
  /** The signed-in area's 404 (docs/product.md §2), in the person's language. */
  appPageNotFound: (path: string) => `Endereço não encontrado: ${path}`,
  // Finance (invoices, documents, bank statements, reports, assistant).
  takerDocumentRequired: 'Informe o CPF ou CNPJ do tomador',
  takerDocumentInvalid:
    'CPF ou CNPJ do tomador inválido: confira os 11 dígitos do CPF ou os 14 caracteres do CNPJ',
  serviceCodeInvalid: 'Código de serviço inválido (use o item da LC 116, ex.: 17.06)',
  dateInvalid: 'Data inválida (use AAAA-MM-DD)',
  periodInvalid: 'Período inválido (use AAAA-MM ou AAAA)',
  amountInvalid: 'Valor inválido',
  intentTooShort: 'Descreva a atividade com pelo menos 3 letras.',
  intentTooLong: 'Descreva a atividade em até 500 caracteres.',
} as const
