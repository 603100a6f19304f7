import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldError } from '../../src/schemas/limit-messages'
import { messages } from '../../src/schemas/messages'
import { userCreateSchema } from '../../src/schemas/user'

// Every too-long, too-short or out-of-range value gets a pt-BR message that names its limit
// ('Nome pode ter no máximo 120 caracteres.'), in every schema of src/schemas (forms and the API
// share them). The messages SPEC section 8 writes word for word stay as they are.

type Check = { _zod: { def: Record<string, unknown> & { check: string; error?: unknown } } }
type Schema = z.ZodType & {
  _zod: {
    def: Record<string, unknown> & { type: string; checks?: Check[] }
  }
}

/** SPEC section 8's messages (messages.ts before its "Finance" part): never reworded. */
const specMessages = new Set<string>([
  messages.cnpjRequired,
  messages.dayOfMonth,
  messages.totalValueMin,
  messages.emailInvalid,
  messages.passwordMin,
  messages.phoneInvalid,
  messages.cnpjNotFound,
  messages.cnpjInvalid,
  messages.cpfInvalid,
  messages.cepInvalid,
  messages.required,
])

/** Messages that state their limit in other words. */
const statedOtherwise = new Set<string>([
  // nfsNumberSchema: at most 999,999,999,999,999, said as 15 digits.
  'Informe o número da NFS-e (só dígitos, até 15).',
])

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && 'def' in (value as Schema)._zod

type Limit = {
  kind: 'max' | 'min' | 'exact'
  value: number
  inclusive: boolean
  origin: 'string' | 'number' | 'array'
}

/** The length and range checks of a schema, through optional/nullable/default/pipe wrappers. */
function limitsOf(schema: Schema, seen = new Set<Schema>()): { base: Schema; limits: Limit[] }[] {
  if (seen.has(schema)) return []
  seen.add(schema)
  const def = schema._zod.def
  const inner = (def.innerType ?? def.in) as Schema | undefined
  if (inner && isSchema(inner)) return limitsOf(inner, seen)
  if (def.type === 'union')
    return (def.options as Schema[]).flatMap((option) => limitsOf(option, seen))
  const origin =
    def.type === 'string'
      ? 'string'
      : def.type === 'number'
        ? 'number'
        : def.type === 'array'
          ? 'array'
          : null
  if (!origin) return []
  const limits: Limit[] = []
  for (const check of def.checks ?? []) {
    const c = check._zod.def as Record<string, unknown>
    // A message of SPEC section 8 set on the check: exact, not ours to change.
    if (typeof c.error === 'function') {
      const message = (c.error as (issue: unknown) => unknown)({})
      if (typeof message === 'string' && specMessages.has(message)) continue
    }
    if (c.check === 'max_length')
      limits.push({ kind: 'max', value: c.maximum as number, inclusive: true, origin })
    else if (c.check === 'min_length')
      limits.push({ kind: 'min', value: c.minimum as number, inclusive: true, origin })
    else if (c.check === 'length_equals')
      limits.push({ kind: 'exact', value: c.length as number, inclusive: true, origin })
    else if (c.check === 'less_than')
      limits.push({ kind: 'max', value: Number(c.value), inclusive: Boolean(c.inclusive), origin })
    else if (c.check === 'greater_than')
      limits.push({ kind: 'min', value: Number(c.value), inclusive: Boolean(c.inclusive), origin })
  }
  return limits.length ? [{ base: schema, limits }] : []
}

/** A value of the schema's type just past the limit. */
function pastLimit(limit: Limit): unknown {
  const n =
    limit.kind === 'max'
      ? limit.inclusive
        ? limit.value + 1
        : limit.value
      : limit.kind === 'min'
        ? limit.inclusive
          ? limit.value - 1
          : limit.value
        : limit.value + 1
  if (limit.origin === 'string') return 'x'.repeat(Math.max(0, n))
  if (limit.origin === 'array') return Array.from({ length: Math.max(0, n) }, () => 'x')
  // Integers or not, one past the limit (a fraction past an exclusive bound).
  return limit.kind === 'min' ? (limit.inclusive ? limit.value - 1 : limit.value) : n
}

/** Every field with a limit, in every object schema a module of src/schemas exports. */
function fieldsWithLimits() {
  const modules = import.meta.glob('../../src/schemas/*.ts', { eager: true }) as Record<
    string,
    Record<string, unknown>
  >
  const found = new Map<string, { field: string; schema: Schema; limit: Limit }>()
  const visit = (schema: Schema, name: string, seen: Set<Schema>) => {
    if (seen.has(schema)) return
    seen.add(schema)
    const def = schema._zod.def
    const inner = (def.innerType ?? def.in) as Schema | undefined
    if (inner && isSchema(inner)) return visit(inner, name, seen)
    if (def.type === 'union')
      return (def.options as Schema[]).forEach((option) => visit(option, name, seen))
    if (def.type !== 'object') return
    for (const [field, fieldSchema] of Object.entries(def.shape as Record<string, Schema>)) {
      for (const { limits } of limitsOf(fieldSchema))
        for (const limit of limits)
          found.set(`${name}.${field} ${limit.kind} ${limit.value}`, {
            field,
            schema: fieldSchema,
            limit,
          })
      visit(fieldSchema, `${name}.${field}`, seen)
    }
  }
  for (const [file, exports] of Object.entries(modules))
    for (const [name, value] of Object.entries(exports))
      if (isSchema(value)) visit(value, `${file.split('/').pop()}:${name}`, new Set())
  return found
}

const numberIn = (message: string, value: number) =>
  message.includes(String(value)) || message.includes(value.toLocaleString('pt-BR'))

describe('limit messages', () => {
  it('name the field and its limit', () => {
    const name = userCreateSchema.safeParse({ name: 'A'.repeat(200) })
    expect(name.error?.issues.find((issue) => issue.path[0] === 'name')?.message).toBe(
      'Nome pode ter no máximo 120 caracteres.',
    )
    const schema = z.object({
      name: z.string({ error: fieldError(messages.required) }).max(5),
      limit: z.coerce.number().int().min(1).max(20),
      activities: z.array(z.string()).max(2),
      street: z.string().min(3),
    })
    const issues = schema.safeParse({
      name: 'abcdefg',
      limit: '50',
      activities: ['a', 'b', 'c'],
      street: 'ab',
    }).error!.issues
    expect(issues.map((issue) => issue.message)).toEqual([
      'Nome pode ter no máximo 5 caracteres.',
      'Limite pode ser no máximo 20.',
      'Atividades: escolha no máximo 2 itens.',
      'Rua precisa ter pelo menos 3 caracteres.',
    ])
    const low = schema.safeParse({ name: '', limit: 0, activities: [], street: 'abc' }).error!
      .issues
    expect(low.map((issue) => issue.message)).toEqual(['Limite precisa ser pelo menos 1.'])
  })

  it('name the field of a missing value or one that is not its number (a query text, a fraction)', () => {
    const query = z.object({
      limit: z.coerce.number().int().min(1),
      offset: z.coerce.number().int().min(0),
      amount: z.number(),
    })
    const issues = query.safeParse({ limit: 'abc', offset: '1.5', amount: 'dez' }).error!.issues
    expect(issues.map((issue) => issue.message)).toEqual([
      'Limite precisa ser um número.',
      'Posição inicial precisa ser um número inteiro.',
      'Valor precisa ser um número.',
    ])
    // A missing value names its field; a schema's own message still wins.
    expect(z.object({ amount: z.number() }).safeParse({}).error!.issues[0]!.message).toBe(
      'Campo obrigatório: Valor.',
    )
    expect(z.object({ companyId: z.string() }).safeParse({}).error!.issues[0]!.message).toBe(
      'Campo obrigatório: Empresa.',
    )
    expect(z.number({ error: 'Informe o valor.' }).safeParse('x').error!.issues[0]!.message).toBe(
      'Informe o valor.',
    )
  })

  it('reach past a schema-level message only through fieldError (zod answers a plain one first)', () => {
    const plain = z.string({ error: messages.required }).max(3)
    expect(plain.safeParse('abcdef').error?.issues[0]?.message).toBe(messages.required)
    const field = z.string({ error: fieldError(messages.required) }).max(3)
    expect(field.safeParse('abcdef').error?.issues[0]?.message).toBe(
      'Este campo pode ter no máximo 3 caracteres.',
    )
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe(messages.required)
  })

  it('keep SPEC section 8 messages word for word', () => {
    expect(
      z.string().max(3, { error: messages.phoneInvalid }).safeParse('12345').error?.issues[0]
        ?.message,
    ).toBe(messages.phoneInvalid)
    expect(
      z.string({ error: messages.required }).safeParse(undefined).error?.issues[0]?.message,
    ).toBe(messages.required)
  })

  const fields = [...fieldsWithLimits()]

  it('cover the schemas (the sweep finds their limits)', () => {
    expect(fields.length).toBeGreaterThan(100)
  })

  it.each(fields)('%s: a value past it gets a message that names the limit', (_name, field) => {
    const { limit } = field
    const result = z
      .object({ [field.field]: field.schema })
      .safeParse({ [field.field]: pastLimit(limit) })
    const issue = result.error?.issues.find(
      (i) =>
        i.code === (limit.kind === 'min' ? 'too_small' : 'too_big') ||
        (limit.kind === 'exact' && i.code === 'too_small'),
    )
    // Some values past a limit fail an earlier rule of the field instead (a format): fine, as long
    // as the limit itself, when it is the reason, is named.
    if (!issue) return
    const message = issue.message
    if (statedOtherwise.has(message)) return
    // "At least one" (a required text, a list to choose from) may say so in words.
    if (limit.kind === 'min' && limit.value <= 1 && limit.origin !== 'number') {
      expect(message).not.toBe('')
      return
    }
    expect(numberIn(message, limit.value), message).toBe(true)
    expect(message).not.toBe(messages.required)
    // A sentence for a person, not zod's generic "Grande demais: esperava que…".
    expect(message).not.toMatch(/^(Grande|Pequeno) demais/)
  })
})
