import type { z } from 'zod'
import { badRequest, type Issue } from './http'

// What a query may hold, read from an endpoint's own zod schema (the endpoint table's `query`),
// so that every endpoint, a new one included, refuses what it does not declare:
// - a parameter the schema does not name (a typo: `?limt=5`), and any bracketed key
//   (`limit[]`, `limit[$gt]`, `filter[status]`): the server reads flat queries only, so such a
//   key never names a parameter → 400 "Parâmetro desconhecido: limit[]."
// - a parameter given twice where the schema takes one value (`?limit=1&limit=2`) → 400
//   "Informe limit uma vez só."; a field whose schema accepts a list (documents' `type`,
//   `status=a&status=b`) may repeat.
// A schema that lets unknown keys through on purpose (`z.looseObject`: a stand-in of a service
// that ignores what it does not know, as Storyblok's content API does) keeps only the second
// rule. An endpoint without a query schema takes no parameter at all.
// The OpenAPI description (mock-server/openapi.ts) says the same to the API's clients, and every
// operation's 400 shows these messages as examples.

export const queryMessages = {
  unknown: (name: string) => `Parâmetro desconhecido: ${name}.`,
  repeated: (name: string) => `Informe ${name} uma vez só.`,
} as const

export type QueryRule = {
  /** The parameters the schema names. */
  readonly names: ReadonlySet<string>
  /** Those that take a list (may repeat). */
  readonly lists: ReadonlySet<string>
  /** Unknown parameters are let through (the schema is a loose object). */
  readonly loose: boolean
}

type Def = {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: readonly z.ZodType[]
  getter?: () => z.ZodType
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** Wrappers whose inner schema says what the value is. */
const wrappers = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
])

/** The schema a wrapper, a pipe or a lazy schema stands for, on its input side. */
function inputSide(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema)
  if (wrappers.has(def.type) && def.innerType) return inputSide(def.innerType)
  if (def.type === 'lazy' && def.getter) return inputSide(def.getter())
  if (def.type === 'pipe' && def.in && def.out)
    // A preprocessing step takes anything: what it hands on says what the value is.
    return defOf(def.in).type === 'transform' ? inputSide(def.out) : inputSide(def.in)
  if (def.type === 'union' && def.options) return def.options.flatMap(inputSide)
  return [schema]
}

/** Whether a query field accepts a list (so the parameter may repeat). */
const acceptsList = (schema: z.ZodType) =>
  inputSide(schema).some((side) => defOf(side).type === 'array')

/** The object schema under an endpoint's query schema (a refined or transformed object). */
function objectOf(schema: z.ZodType): Def | undefined {
  const def = inputSide(schema)
    .map(defOf)
    .find((side) => side.type === 'object')
  return def?.shape ? def : undefined
}

const none: QueryRule = { names: new Set(), lists: new Set(), loose: false }

/**
 * What an endpoint's query may hold. Throws when the schema is not an object, so a row whose
 * query this cannot read fails when the table is built, not on a request.
 */
export function queryRuleOf(schema: z.ZodType | undefined, where = 'query'): QueryRule {
  if (!schema) return none
  const object = objectOf(schema)
  if (!object?.shape) throw new Error(`${where}: the query schema must be an object`)
  const names = Object.keys(object.shape)
  const catchall = object.catchall && defOf(object.catchall).type
  return {
    names: new Set(names),
    lists: new Set(names.filter((name) => acceptsList(object.shape![name]!))),
    loose: catchall !== undefined && catchall !== 'never',
  }
}

/**
 * The problems of a query (as Express's `simple` parser reads it: a repeated key is a list) under
 * a rule, each named; none when it is fine.
 */
export function queryIssues(rule: QueryRule, query: Record<string, unknown>): Issue[] {
  let issues: Issue[] | undefined
  for (const name in query) {
    let message: string | undefined
    if (!rule.names.has(name)) {
      if (!rule.loose || name.includes('[')) message = queryMessages.unknown(name)
    } else if (Array.isArray(query[name]) && !rule.lists.has(name))
      message = queryMessages.repeated(name)
    if (message) (issues ??= []).push({ path: [name], message })
  }
  return issues ?? []
}

/** Refuses a query that holds what the rule does not allow: 400 naming the first parameter. */
export function checkQuery(rule: QueryRule, query: Record<string, unknown>) {
  const issues = queryIssues(rule, query)
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues)
}
