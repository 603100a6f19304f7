import { z } from 'zod'
import { messages } from './messages'

// The message of a value past a limit (too long, too short, out of range), in pt-BR, naming the
// field and the limit: 'Nome pode ter no máximo 120 caracteres.'. locale.ts installs it as zod's
// custom error, so every `.max()`, `.min()`, `.length()`, `.gt()`… without a message of its own
// gets one, in every schema, for the forms and the API alike. A message set on the check itself
// (docs/product.md §8's, word for word, or a schema's own) still wins.

/** How fields are called on screen, by their key in the schemas (the last key of an issue path). */
export const fieldLabels: Record<string, string> = {
  accountId: 'Conta',
  accountNumber: 'Número da conta',
  activities: 'Atividades',
  address: 'Endereço',
  alias: 'Nome fantasia',
  amount: 'Valor',
  bankId: 'Código do banco',
  billingDay: 'Dia de cobrança',
  branch: 'Agência',
  checklist: 'Lista de verificação',
  city: 'Cidade',
  cnpj: 'CNPJ',
  code: 'Código',
  commissionRate: 'Comissão',
  commissionTotal: 'Comissão total',
  companies: 'Empresas',
  companyId: 'Empresa',
  complement: 'Complemento',
  cpf: 'CPF',
  crc: 'CRC',
  createdBy: 'Autor',
  currency: 'Moeda',
  dayOfMonth: 'Dia do mês',
  description: 'Descrição',
  discount: 'Desconto',
  document: 'Documento',
  email: 'E-mail',
  features: 'Recursos',
  file: 'Arquivo',
  fileName: 'Nome do arquivo',
  filename: 'Nome do arquivo',
  fitId: 'Identificador do lançamento',
  grossAmount: 'Valor bruto',
  group: 'Grupo',
  id: 'Identificador',
  intent: 'Descrição da atividade',
  limit: 'Limite',
  maxBytes: 'Tamanho máximo',
  monthlyFee: 'Mensalidade',
  monthlyPrice: 'Mensalidade',
  municipalityCode: 'Município',
  name: 'Nome',
  names: 'Nomes',
  neighborhood: 'Bairro',
  note: 'Observação',
  number: 'Número',
  offset: 'Posição inicial',
  paidTotal: 'Total pago',
  partners: 'Sócios',
  password: 'Senha',
  paymentId: 'Pagamento',
  phone: 'Telefone',
  pixKey: 'Chave Pix',
  planId: 'Plano',
  q: 'Busca',
  query: 'Busca',
  reason: 'Motivo',
  registrations: 'Registros',
  roles: 'Papéis',
  search: 'Busca',
  serviceCode: 'Código do serviço',
  serviceDescription: 'Descrição do serviço',
  sharePercent: 'Participação',
  size: 'Tamanho',
  sizes: 'Portes',
  slug: 'Identificador da página',
  source: 'Origem',
  state: 'UF',
  street: 'Rua',
  taxCategoryId: 'Categoria',
  taxationCode: 'Código de tributação',
  totalValue: 'Valor',
  transactionCount: 'Número de transações',
  transactionIds: 'Transações',
  uncategorizedCount: 'Transações sem categoria',
  userId: 'Usuário',
  zip: 'CEP',
  zipCode: 'CEP',
}

// Made on the first message, not when the schemas load (every signed-in page loads them first).
let numbers: Intl.NumberFormat | undefined
const show = (value: number | bigint) =>
  (numbers ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 })).format(value)

/** The field an issue is about: its label, or 'Item N de <label>' for an item of a list. */
function subjectOf(path: readonly PropertyKey[]): string {
  const last = path.at(-1)
  const key = [...path].reverse().find((part): part is string => typeof part === 'string')
  const label = key ? fieldLabels[key] : undefined
  if (typeof last === 'number' && label) return `Item ${last + 1} de ${label}`
  return label ?? 'Este campo'
}

const plural = (count: number | bigint, one: string, many: string) =>
  `${show(count)} ${Number(count) === 1 ? one : many}`

type SizeIssue = {
  code: 'too_big' | 'too_small'
  origin: string
  inclusive?: boolean
  exact?: boolean
  maximum?: number | bigint
  minimum?: number | bigint
  path?: PropertyKey[]
}

/** The message for a too_big / too_small issue, or undefined for anything else. */
export function limitMessage(issue: { code?: string; path?: PropertyKey[] }): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined
  const { code, origin, inclusive = true, exact, maximum, minimum } = issue as SizeIssue
  const subject = subjectOf(issue.path ?? [])
  const limit = (code === 'too_big' ? maximum : minimum) ?? 0
  switch (origin) {
    case 'string':
      if (exact) return `${subject} precisa ter ${plural(limit, 'caractere', 'caracteres')}.`
      if (code === 'too_big')
        return `${subject} pode ter no máximo ${plural(limit, 'caractere', 'caracteres')}.`
      // At least one character is what "required" means (docs/product.md §8's message).
      if (Number(limit) <= 1) return messages.required
      return `${subject} precisa ter pelo menos ${plural(limit, 'caractere', 'caracteres')}.`
    case 'array':
    case 'set':
      if (exact) return `${subject}: escolha exatamente ${plural(limit, 'item', 'itens')}.`
      if (code === 'too_big')
        return `${subject}: escolha no máximo ${plural(limit, 'item', 'itens')}.`
      return `${subject}: escolha pelo menos ${plural(limit, 'item', 'itens')}.`
    case 'number':
    case 'int':
    case 'bigint':
      if (code === 'too_big')
        return inclusive
          ? `${subject} pode ser no máximo ${show(limit)}.`
          : `${subject} precisa ser menor que ${show(limit)}.`
      return inclusive
        ? `${subject} precisa ser pelo menos ${show(limit)}.`
        : `${subject} precisa ser maior que ${show(limit)}.`
    case 'file':
      return code === 'too_big'
        ? `${subject} pode ter no máximo ${plural(limit, 'byte', 'bytes')}.`
        : `${subject} precisa ter pelo menos ${plural(limit, 'byte', 'bytes')}.`
    default:
      return undefined
  }
}

/**
 * The message for a missing value ('Campo obrigatório: Empresa.') or one that is not the number a
 * field takes ('Limite precisa ser um número inteiro.' for `?limit=abc` or `?limit=1.5`), or
 * undefined for anything else (zod's pt-BR message). A schema's own message still wins.
 */
export function typeMessage(issue: {
  code?: string
  expected?: string
  input?: unknown
  path?: PropertyKey[]
}): string | undefined {
  if (issue.code !== 'invalid_type') return undefined
  const path = issue.path ?? []
  const subject = subjectOf(path)
  // A whole input that is missing has no field to name: zod's message says what was expected.
  if (issue.input === undefined)
    return path.length > 0 ? `${messages.required}: ${subject}.` : undefined
  // A coerced text that is no number reaches the check as NaN; `.int()` says 'int'.
  if (issue.expected === 'int') return `${subject} precisa ser um número inteiro.`
  if (issue.expected === 'number') return `${subject} precisa ser um número.`
  return undefined
}

/**
 * A schema-level message that leaves length and range limits to their own messages:
 * `z.string({ error: fieldError('Informe o nome') }).max(120)`. A plain `{ error: '…' }` on the
 * schema answers every issue of it with that one message, a too-long text included ('Campo
 * obrigatório' for a 200-character name); this one still answers a missing, wrong-typed or
 * malformed value, and a blank text or an empty list (a minimum of one), as before.
 */
export const fieldError =
  (message: string) =>
  (issue: z.core.$ZodRawIssue): string | undefined => {
    if (issue.code === 'too_big') return undefined
    // Below a number's range; a text or list shorter than two (blank) stays this message.
    if (
      issue.code === 'too_small' &&
      ((issue.origin !== 'string' && issue.origin !== 'array') || Number(issue.minimum) > 1)
    )
      return undefined
    return message
  }

/**
 * A text that must be filled in, trimmed: `empty` when it is blank (or `missing` when it is not
 * there at all), then the limit messages past `min` and `max` ('Nome precisa ter pelo menos 2
 * caracteres.', 'Nome pode ter no máximo 120 caracteres.').
 */
export function filledText(
  empty: string,
  { min = 1, max, missing = empty }: { min?: number; max: number; missing?: string },
) {
  const filled = z
    .string({ error: fieldError(missing) })
    .trim()
    .min(1, { error: empty, abort: true })
  return (min > 1 ? filled.min(min) : filled).max(max)
}

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '')

/**
 * A check's message that tells an empty field from a wrong one: `missing` says what to give
 * ('Informe o CEP'), `invalid` why a value given is refused ('CEP inválido: são 8 dígitos…').
 */
export const missingOr =
  (missing: string, invalid: string) =>
  (issue: { input?: unknown }): string =>
    isBlank(issue.input) ? missing : invalid
