import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import {
  openApiDocument,
  type HttpMethod,
  type OpenApiDocument,
  type Operation,
} from '../../mock-server/openapi'

// Checks an answer against the OpenAPI document (mock-server/openapi.ts): the operation its method
// and path reach, the status (one the operation declares), the media type (one that status
// declares) and, for JSON, the body against that status's schema (JSON Schema 2020-12, ajv; its
// objects closed, see `closed`). The
// server suites' request helper (harness.ts) runs it on every answer they receive, so a field
// renamed on one side of the contract, a status nobody documented or a body of the wrong shape
// fails the test that met it.

export type Answer = {
  method: string
  /** The request's path, without its query. */
  path: string
  status: number
  /** The Content-Type header, if any. */
  contentType: string | null
  /** The body as text (JSON is parsed here). */
  text: string
}

/** Where an answer breaks the contract, one line each; none when it keeps it. */
export type Verdict = { operation: string | null; problems: string[] }

const DOCUMENT = 'urn:contabil:openapi'

/** A JSON pointer into the document, as a schema reference. */
const pointer = (...parts: string[]) =>
  `${DOCUMENT}#/${parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`

type Route = {
  path: string
  method: HttpMethod
  operation: Operation
  pattern: RegExp
  segments: number
  literals: number
}

/** The document's paths as patterns, the most literal first (`/nfs/requests/search` before `{id}`). */
function routesOf(document: OpenApiDocument): Route[] {
  const routes: Route[] = []
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item) as [HttpMethod, Operation][]) {
      const segments = path.split('/')
      const params = segments.filter((segment) => /^\{\w+\}$/.test(segment)).length
      // The last parameter may hold slashes (a story's full slug), as Express's own route says.
      const source = path
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{\w+\}/g, '([^/]+)')
        .replace(/\(\[\^\/\]\+\)$/, '(.+)')
      routes.push({
        path,
        method,
        operation,
        pattern: new RegExp(`^${source}$`),
        literals: segments.length - params,
        segments: segments.length,
      })
    }
  // The most literal segments first; of as many, the longer path (`…/{year}/{partnerId}` before
  // `…/{year}`, whose last parameter would take the rest).
  return routes.sort((a, b) => b.literals - a.literals || b.segments - a.segments)
}

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((error) => {
    const where = error.instancePath || '(body)'
    const extra =
      error.keyword === 'additionalProperties'
        ? ` '${(error.params as { additionalProperty: string }).additionalProperty}'`
        : ''
    return `${where} ${error.message}${extra}`
  })

/**
 * The document with every object closed to fields it does not name. The document says what each
 * side's zod parse accepts, and a parse drops fields it does not know; the suites hold the server
 * to more: it sends no field the contract does not name, so a field renamed on either side (an
 * optional one too) fails the test that met the answer.
 */
function closed(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document)
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (!value || typeof value !== 'object') return
    const node = value as Record<string, unknown>
    if (node.type === 'object' && node.properties && node.additionalProperties === undefined)
      node.additionalProperties = false
    Object.values(node).forEach(visit)
  }
  visit(copy.components)
  visit(copy.paths)
  return copy
}

/** A validator of answers against the document. */
export function responseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(closed(document), DOCUMENT)
  const routes = routesOf(document)
  const compiled = new Map<string, ValidateFunction>()
  const schemaAt = (key: string) => {
    let validate = compiled.get(key)
    if (!validate) {
      validate = ajv.getSchema(key)
      if (!validate) throw new Error(`no schema at ${key}`)
      compiled.set(key, validate)
    }
    return validate
  }

  /** The operation an answer belongs to (none: not part of the API, e.g. a test hook). */
  const operationOf = (method: string, path: string) =>
    routes.find((route) => route.method === method.toLowerCase() && route.pattern.test(path))

  function check(answer: Answer): Verdict {
    const route = operationOf(answer.method, answer.path)
    if (!route) return { operation: null, problems: [] }
    const name = `${answer.method} ${route.path}`
    // A conditional GET answered from the caller's cache (the document's introduction): HTTP's
    // own answer to an ETag, with no body, for every GET alike.
    if (answer.status === 304 && answer.method === 'GET')
      return {
        operation: name,
        problems: answer.text === '' ? [] : ['status 304 has no body, it sent one'],
      }
    const response = route.operation.responses[String(answer.status)]
    if (!response)
      return {
        operation: name,
        problems: [
          `status ${answer.status} is not documented (it answers ${Object.keys(route.operation.responses).join(', ')})`,
        ],
      }
    const type = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase()
    const content = response.content ?? {}
    const declared = Object.keys(content)
    if (declared.length === 0)
      return {
        operation: name,
        problems: answer.text === '' ? [] : [`status ${answer.status} has no body, it sent one`],
      }
    const matches = (range: string) =>
      range === type ||
      range === '*/*' ||
      (range.endsWith('/*') && type.startsWith(range.slice(0, -1)))
    if (!declared.some(matches))
      return {
        operation: name,
        problems: [
          `status ${answer.status} sent ${type || 'no type'}, not ${declared.join(' or ')}`,
        ],
      }
    if (type !== 'application/json') return { operation: name, problems: [] }
    let body: unknown
    try {
      body = JSON.parse(answer.text)
    } catch {
      return { operation: name, problems: ['the body is not JSON'] }
    }
    const validate = schemaAt(
      pointer(
        'paths',
        route.path,
        route.method,
        'responses',
        String(answer.status),
        'content',
        type,
        'schema',
      ),
    )
    return { operation: name, problems: validate(body) ? [] : describe(validate.errors) }
  }

  return { check, operationOf }
}

export type ResponseValidator = ReturnType<typeof responseValidator>

/** An error naming the answer and where it breaks the contract. */
export class ContractError extends Error {
  constructor(answer: Answer, verdict: Verdict) {
    super(
      `${answer.method} ${answer.path} → ${answer.status} breaks the OpenAPI document (${verdict.operation}):\n  ` +
        verdict.problems.slice(0, 10).join('\n  ') +
        `\n  body: ${answer.text.slice(0, 500)}`,
    )
    this.name = 'ContractError'
  }
}

let apiContract: ResponseValidator | undefined

/**
 * Throws a ContractError when an answer breaks the document the mock server is generated with
 * (the one `GET /openapi.json` serves and docs/openapi.json holds).
 */
export function assertKeepsContract(answer: Answer) {
  apiContract ??= responseValidator(openApiDocument())
  const verdict = apiContract.check(answer)
  if (verdict.problems.length > 0) throw new ContractError(answer, verdict)
}

const checkedOrigins = new Set<string>()

/**
 * Checks every answer a test receives from this origin against the document, whoever asked: the
 * harness's `call` and a test's own `fetch` (a signed link's PUT, Cora's consent page). The
 * harness calls it for each server it starts; `fetch` is wrapped once.
 */
export function checkAnswersFrom(origin: string) {
  checkedOrigins.add(origin)
  if (checkedOrigins.size > 1) return
  const plainFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const response = await plainFetch(input, init)
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (!checkedOrigins.has(url.origin)) return response
    assertKeepsContract({
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      path: url.pathname,
      status: response.status,
      contentType: response.headers.get('content-type'),
      text: await response.clone().text(),
    })
    return response
  }
}
