import {
  Router,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express'
import jsonServer from 'json-server'
import type { z } from 'zod'
import { companyMessages, type Company } from '../src/schemas/company'
import { requireCompany, requireSelf, requireSystemAdmin } from './access'
import type { AuthService, Caller } from './auth'
import type { ServerConfig } from './config'
import { httpErrorOf, httpMessages, notFound, parse, unauthorized } from './http'
import type { OfxReader } from './ofx/reader'
import type { NfseEngine } from './domain/invoices/nfse/engine'
import type { SefinGateway } from './domain/invoices/sefin-gateway'
import type { WritableCnpjRegistry } from './domain/companies/registry'
import type { CoraClient } from './domain/bank/cora'
import { checkQuery, queryRuleOf } from './query-rules'
import type { Store } from './store/database'
import { JsonText } from './store/table'

// The API as a table: every endpoint is a row — method, path, who may call it, the zod schemas
// of its parameters, query, body and answers, and its named handler. The server mounts the rows
// (mountEndpoints); the OpenAPI document is generated from the same rows (openapi.ts), and the
// endpoint tables of docs/api.md from the document.

/** What every handler gets besides its request. */
export type AppDeps = {
  store: Store
  auth: AuthService
  config: ServerConfig
  ofx: OfxReader
  /** The national NFS-e's worker: schemas, signatures, DANFSe (nfse/engine.ts). */
  nfse: NfseEngine
  /** The national NFS-e API, over mutual TLS (domain/invoices/sefin-gateway.ts). */
  sefin: SefinGateway
  /**
   * The Receita's CNPJ registry, read and registered with (domain/companies/registry.ts; the
   * stand-in here).
   */
  registry: WritableCnpjRegistry
  /** The Cora bank's API (domain/bank/cora.ts; the stand-in's answers here). */
  cora: CoraClient
}

/**
 * Who may call (tests/server/contracts/types.ts says the same for the examples):
 * - `public`: anyone, no token; `signed-link`: anyone holding a link the API signed;
 * - `signed-in`: any valid token;
 * - `company`: a company-admin of the company the request targets, or a system admin;
 * - `system-admin`: system admins only;
 * - `self`: the user the request is about, or a system admin;
 * - `recipient`: only the user the record is addressed to (an invite's e-mail; a Cora code: who
 *   started its authorization).
 */
export type Access =
  'public' | 'signed-link' | 'signed-in' | 'company' | 'system-admin' | 'self' | 'recipient'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502

export type Media =
  | 'application/pdf'
  | 'application/xml'
  | 'text/html'
  | 'text/plain'
  | 'text/csv'
  | 'image'
  | 'file'
  | 'redirect'
/** An answer that is not JSON: a file, a page, a redirect (or one of several kinds). */
export type MediaAnswer = { media: Media | readonly Media[] }
/** Each success status an endpoint answers, with its body's schema (null: no body). */
export type Answers = Partial<Record<200 | 201 | 204 | 302, z.ZodType | MediaAnswer | null>>

type Input = { params?: unknown; query?: unknown; body?: unknown }
type Part<I extends Input, K extends keyof Input> = I extends { [P in K]: infer T } ? T : unknown

/** A request as a handler sees it: its validated input, the caller, the company, the services. */
export type Call<I extends Input = Input> = AppDeps & {
  req: Request
  res: Response
  params: Part<I, 'params'>
  query: Part<I, 'query'>
  body: Part<I, 'body'>
  /** Who calls (endpoints that need a token). */
  readonly caller: Caller
  /** The id of the company the request targets (company endpoints, after requireCompany). */
  readonly companyId: string
  /** The same, or undefined where the endpoint lets a caller leave the company out. */
  readonly optionalCompanyId: string | undefined
  /** That company's record, read on first use. */
  readonly company: Company
}

/** Where a company endpoint finds the company's id. */
export type CompanySource = 'query.companyId' | 'params.id' | ((call: Call) => string | undefined)

export type Endpoint = {
  method: Method
  /** The path as docs/api.md and the OpenAPI document write it: `/companies/{id}/steps`. */
  path: string
  /** What it does, in a line. */
  summary: string
  access: Access
  /** `company` access: where the company id is (default `query.companyId`). */
  company?: CompanySource
  /** `company` access: a system admin may leave the company out (then `call.company` throws). */
  companyOptional?: 'for-admins' | 'always'
  /** `self` access: whose account (default: the `{id}` of the path). */
  self?: (call: Call) => string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /**
   * The handler parses the body itself, with the schema the target needs (`body` documents them
   * all): a status change whose body depends on the status, checked after the state allows it.
   */
  bodyParsedBy?: 'handler'
  /** Reads a multipart body into `req.file` (after the access check, before the handler). */
  multipart?: { field: string; read: RequestHandler }
  /** Reads the request body itself (a file upload): mounted before the JSON and form parsers. */
  rawBody?: boolean
  answers: Answers
  /** Error statuses it answers besides 401/403 of its access and 400 of its input. */
  errors?: readonly ErrorStatus[]
  /** The pt-BR message of an error status, as the OpenAPI document's example (mock-server/openapi.ts). */
  messages?: Partial<Record<ErrorStatus, string>>
  /** An error status whose body is not `{ message, issues? }` (a stand-in answers as its service). */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>
  /** A page a browser shows: a string the handler returns is HTML, and errors are this page. */
  errorPage?: (message: string) => string
  /** Express's own path when `{param}` cannot say it (a slug with slashes). */
  expressPath?: string | RegExp
  handler: (call: Call) => unknown
}

/**
 * An endpoint of the table, its handler typed by the schemas of its input. A handler answers by
 * returning the body (JSON, a JsonText, or the HTML of a page), or through `call.res`.
 */
export function endpoint<P = unknown, Q = unknown, B = unknown>(
  spec: Omit<Endpoint, 'params' | 'query' | 'body' | 'handler' | 'self'> & {
    params?: z.ZodType<P>
    query?: z.ZodType<Q>
    body?: z.ZodType<B>
    self?: (call: Call<{ params: P; query: Q; body: B }>) => string
    handler: (call: Call<{ params: P; query: Q; body: B }>) => unknown
  },
): Endpoint {
  if ((spec.access === 'company' || spec.company) && typeof spec.company !== 'function') {
    const [part, field] = (spec.company ?? 'query.companyId').split('.') as [
      'query' | 'params',
      string,
    ]
    const shape = (spec[part] as { shape?: Record<string, unknown> } | undefined)?.shape
    if (!shape?.[field])
      throw new Error(`${spec.method} ${spec.path}: its ${part} schema must hold ${field}`)
  }
  return spec as Endpoint
}

const expressPathOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

/** The success status an endpoint answers unless its handler says otherwise. */
const successOf = (answers: Answers) => Number(Object.keys(answers).sort()[0] ?? 200)

/**
 * A request as its stages and its handler see it (see Call). What the stages learn (the caller,
 * the input, the company) is kept here, in fields every request has from the start, rather than
 * added to Express's request object one by one.
 */
class RequestCall implements Call {
  readonly store: Store
  readonly auth: AuthService
  readonly config: ServerConfig
  readonly ofx: OfxReader
  readonly nfse: NfseEngine
  readonly sefin: SefinGateway
  readonly registry: WritableCnpjRegistry
  readonly cora: CoraClient
  params: unknown = undefined
  query: unknown = undefined
  body: unknown = undefined
  knownCaller: Caller | undefined = undefined
  optionalCompanyId: string | undefined = undefined
  private record: Company | undefined = undefined
  constructor(
    deps: AppDeps,
    readonly req: Request,
    readonly res: Response,
  ) {
    this.store = deps.store
    this.auth = deps.auth
    this.config = deps.config
    this.ofx = deps.ofx
    this.nfse = deps.nfse
    this.sefin = deps.sefin
    this.registry = deps.registry
    this.cora = deps.cora
  }
  get caller() {
    if (!this.knownCaller) throw unauthorized()
    return this.knownCaller
  }
  get companyId() {
    const id = this.optionalCompanyId
    if (id === undefined)
      throw new Error(`${this.req.method} ${this.req.path}: no company on this request`)
    return id
  }
  get company() {
    const company = (this.record ??= this.store.companies.get(this.companyId))
    // It was there when requireCompany looked (a request may have removed it since).
    if (!company) throw notFound(companyMessages.notFound)
    return company
  }
}

/**
 * One stage of serving a request. A stage that has to wait (the identity service, reading a
 * body) returns a promise; the others run at once, so a call whose token and caller are known is
 * answered without waiting on anything (`serve`).
 */
type Stage = (call: RequestCall) => void | Promise<void>

/** A middleware (a body or multipart reader) as a stage. */
const stageOf =
  (middleware: RequestHandler): Stage =>
  ({ req, res }) =>
    new Promise<void>((resolve, reject) =>
      middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    )

/** Who calls: 401 without a valid bearer token. */
const authenticate =
  (deps: AppDeps): Stage =>
  (call) => {
    const caller = deps.auth.callerFor(call.req)
    if (!(caller instanceof Promise)) call.knownCaller = caller
    else
      return caller.then((known) => {
        call.knownCaller = known
      })
  }

/**
 * Validates the path parameters and the query (400 with every issue). The query holds only what
 * its schema declares (query-rules.ts): an unknown, bracketed or repeated parameter is refused
 * by name before the schema reads it.
 */
const parseInput = (spec: Endpoint): Stage => {
  const rule = queryRuleOf(spec.query, `${spec.method} ${spec.path}`)
  return (call) => {
    call.params = spec.params ? parse(spec.params, call.req.params) : call.req.params
    checkQuery(rule, call.req.query)
    if (spec.query) call.query = parse(spec.query, call.req.query)
  }
}

/** The checks of an endpoint's access, after the token (if any) and the input are read. */
function accessChecks(deps: AppDeps, spec: Endpoint): Stage[] {
  const checks: Stage[] = []
  if (spec.access === 'system-admin') checks.push((call) => requireSystemAdmin(call.caller))
  // Named by the body (POST /companies): checked once the body is read.
  if (spec.access === 'self' && !(spec.body && spec.self))
    checks.push((call) =>
      requireSelf(call.caller, spec.self ? spec.self(call) : (call.params as { id: string }).id),
    )
  if (spec.access === 'company' || spec.company) {
    const source = spec.company ?? 'query.companyId'
    const idOf =
      typeof source === 'function'
        ? source
        : source === 'params.id'
          ? (call: Call) => (call.params as { id?: string }).id
          : (call: Call) => (call.query as { companyId?: string }).companyId
    checks.push((call) => {
      call.optionalCompanyId = requireCompany(
        deps.store,
        call.caller,
        idOf(call),
        spec.companyOptional,
      )
    })
  }
  return checks
}

/** Methods whose requests may carry a body. */
const withBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Validates the body, runs the handler and answers (an answer that waits for nothing, at once). */
function run(deps: AppDeps, spec: Endpoint): Stage {
  const status = successOf(spec.answers)
  const answer = (res: Response, result: unknown) => {
    if (res.headersSent) return
    if (result === undefined && res.statusCode === 204) res.end()
    else if (result instanceof JsonText) {
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      // Express's weak ETag format (length and hash); res.send hashes the bytes when none is set.
      if (result.tag)
        res.setHeader('ETag', `W/"${Buffer.byteLength(result.text).toString(16)}-${result.tag}"`)
      res.send(result.text)
    } else if (spec.errorPage && typeof result === 'string') res.type('html').send(result)
    else if (result !== undefined) res.json(result)
  }
  return (call) => {
    const { req, res } = call
    call.body = spec.body && !spec.bodyParsedBy ? parse(spec.body, req.body) : req.body
    if (spec.access === 'self' && spec.body && spec.self) requireSelf(call.caller, spec.self(call))
    res.statusCode = status
    const commits = deps.store.commitCount
    const result = spec.handler(call)
    // A request that wrote is answered once its writes are on disk (the store's group commit).
    const wrote = () => deps.store.commitCount !== commits
    if (!(result instanceof Promise) && !wrote()) return answer(res, result)
    return Promise.resolve(result).then(async (value) => {
      if (wrote()) await deps.store.durable()
      answer(res, value)
    })
  }
}

/** An endpoint's stages: token, input, access checks, multipart, body, handler. */
function stagesOf(deps: AppDeps, spec: Endpoint): Stage[] {
  return [
    ...(spec.access === 'public' || spec.access === 'signed-link' ? [] : [authenticate(deps)]),
    parseInput(spec),
    ...accessChecks(deps, spec),
    ...(spec.multipart ? [stageOf(spec.multipart.read)] : []),
    // The JSON and form bodies (an upload that reads its own body is left alone).
    ...(spec.rawBody || !withBody.has(spec.method) ? [] : jsonServer.bodyParser.map(stageOf)),
    run(deps, spec),
  ]
}

/** An endpoint as one request handler: its stages in turn, its errors answered as it says. */
function serve(deps: AppDeps, spec: Endpoint): RequestHandler {
  const stages = stagesOf(deps, spec)
  const { errorPage } = spec
  const fail = (res: Response, next: NextFunction, error: unknown) => {
    if (!errorPage || res.headersSent) return next(error)
    // A page a browser shows answers its errors as a page too.
    const known = httpErrorOf(error)
    if (!known) console.error(`[${spec.method} ${spec.path}]`, error)
    res
      .status(known?.status ?? 500)
      .type('html')
      .send(errorPage(known?.message ?? httpMessages.internal))
  }
  const from = (index: number, call: RequestCall, next: NextFunction): void => {
    try {
      for (let i = index; i < stages.length; i++) {
        const waiting = stages[i]!(call)
        if (waiting) {
          waiting.then(
            () => from(i + 1, call, next),
            (error: unknown) => fail(call.res, next, error),
          )
          return
        }
      }
    } catch (error) {
      fail(call.res, next, error)
    }
  }
  return function endpointHandler(req, res, next) {
    from(0, new RequestCall(deps, req, res), next)
  }
}

/** An endpoint's first path segment (`companies` of `/companies/{id}`), if it is a fixed one. */
const fixedSegmentOf = (spec: Endpoint) =>
  spec.expressPath === undefined ? /^\/([\w.-]+)(?:\/|$)/.exec(spec.path)?.[1] : undefined

/** A route of Express's router (its path matcher), as its stack holds it. */
type RouteLayer = {
  match(path: string): boolean
  params: Record<string, string>
  route: { methods: Record<string, boolean> }
}

/**
 * The endpoints as one router, in their order. A request meets only the endpoints of its method
 * and first path segment (one lookup), not all ~100 routes in turn: Express tries a router's
 * routes one by one, and a list near the end of the table paid that walk on every call. Each
 * endpoint is matched by its route in Express's own router (the same paths and parameters), and
 * its handler is called at once, without a router per group around it. Endpoints without a fixed
 * first segment (a path of their own) are in every group, in their place, so each request meets
 * the endpoints that can match it in the table's order; a request no group takes meets only
 * those.
 */
export function endpointRouter(deps: AppDeps, endpoints: readonly Endpoint[]) {
  const routes = Router()
  type Candidate = { method: Method; layer: RouteLayer; handler: RequestHandler }
  const groups = new Map<string, Candidate[]>()
  const unfixed: Candidate[] = []
  const keyOf = (method: string, segment: string) => `${method} ${segment}`
  for (const spec of endpoints) {
    const segment = fixedSegmentOf(spec)
    if (segment !== undefined) groups.set(keyOf(spec.method, segment), [])
  }
  for (const spec of endpoints) {
    const handler = serve(deps, spec)
    const method = spec.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
    routes[method](spec.expressPath ?? expressPathOf(spec.path), handler)
    const layer = routes.stack.at(-1) as unknown as RouteLayer
    const candidate = { method: spec.method, layer, handler }
    const segment = fixedSegmentOf(spec)
    if (segment === undefined) unfixed.push(candidate)
    for (const [key, group] of groups)
      if (
        segment === undefined
          ? key.startsWith(`${spec.method} `)
          : key === keyOf(spec.method, segment)
      )
        group.push(candidate)
  }
  // Named `router` and holding the whole table in order as its `stack`, like Express's own
  // Router: what reads the routing table (tests/server/served-endpoints.ts) still sees every route.
  return Object.assign(
    function router(req: Request, res: Response, next: NextFunction) {
      // HEAD is answered by the GET routes; other methods (OPTIONS) walk every route, as before.
      const method = req.method === 'HEAD' ? 'GET' : req.method
      if (method === 'OPTIONS') return routes(req, res, next)
      const path = req.path
      const end = path.indexOf('/', 1)
      const candidates =
        groups.get(keyOf(method, path.slice(1, end === -1 ? undefined : end))) ?? unfixed
      // The candidates from the i-th on; a handler that calls next() passes to the following one.
      const from = (i: number, error?: unknown): void => {
        if (error) return next(error)
        for (; i < candidates.length; i++) {
          const { layer, handler } = candidates[i]!
          if (candidates[i]!.method !== method) continue // an unfixed endpoint of another method
          let matched: boolean
          try {
            matched = layer.match(path)
          } catch (decodeError) {
            // A parameter that is not valid percent-encoding: Express's 400.
            return next(decodeError)
          }
          if (!matched) continue
          req.params = layer.params
          const after = i + 1
          const onward = (error?: unknown) => from(after, error)
          try {
            return handler(req, res, onward)
          } catch (error) {
            return onward(error)
          }
        }
        next()
      }
      from(0)
    },
    { stack: routes.stack },
  )
}
