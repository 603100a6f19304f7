import { readFileSync } from 'node:fs'
import { z } from 'zod'
import * as addressSchemas from '../src/schemas/address'
import * as areaSchemas from '../src/schemas/area'
import * as assistantSchemas from '../src/schemas/assistant'
import * as bankSchemas from '../src/schemas/bank'
import * as billingSchemas from '../src/schemas/billing'
import * as brazilSchemas from '../src/schemas/brazil'
import * as citySchemas from '../src/schemas/city'
import * as claimsSchemas from '../src/schemas/claims'
import * as cnaeSchemas from '../src/schemas/cnae'
import * as commonSchemas from '../src/schemas/common'
import { apiErrorBodySchema, type ApiErrorBody } from '../src/schemas/common'
import * as companySchemas from '../src/schemas/company'
import { companyMessages } from '../src/schemas/company'
import * as contentDeliverySchemas from '../src/schemas/content-delivery'
import * as documentSchemas from '../src/schemas/document'
import * as engagementSchemas from '../src/schemas/engagement'
import * as fileSchemas from '../src/schemas/files'
import { fileMessages } from '../src/schemas/files'
import * as financeCommonSchemas from '../src/schemas/finance-common'
import * as invoiceSchemas from '../src/schemas/invoice'
import * as leadSchemas from '../src/schemas/lead'
import * as linkSchemas from '../src/schemas/link'
import * as orderSchemas from '../src/schemas/order'
import * as peopleSchemas from '../src/schemas/people'
import * as profileSchemas from '../src/schemas/profile'
import * as registrySchemas from '../src/schemas/registry'
import * as reportSchemas from '../src/schemas/report'
import * as simplesSchemas from '../src/schemas/simples/api'
import * as stepSchemas from '../src/schemas/steps'
import * as trackSchemas from '../src/schemas/track'
import * as userSchemas from '../src/schemas/user'
import { accessMessages } from './access'
import type { Access, Answers, Endpoint, ErrorStatus, Media, MediaAnswer } from './api'
import { authMessages } from './auth'
import { httpMessages, parseIssues } from './http'
import { queryMessages, queryRuleOf } from './query-rules'
import { resourceFile, resources, type ResourceName } from './routes/index'

// The API's contract as an OpenAPI 3.1 document, generated from the route table
// (mock-server/routes, one file per resource) and the zod schemas its rows name, through zod's own
// JSON Schema output (`z.toJSONSchema`, draft 2020-12, which OpenAPI 3.1 speaks): the rows the
// server mounts, so nothing is described that is not served and the other way round
// (tests/server/openapi.test.ts). `npm run docs:api` writes it to docs/openapi.json and the
// endpoint tables of docs/api.md from it; the mock serves it at /openapi.json and browses it at
// /docs; the server suites check every answer they receive against it
// (tests/server/response-validator.ts).
//
// Every schema is rendered as its side that parses (zod's `input`): a request is what the server's
// parse accepts, an answer what the client's fetcher, parsing with the same schema, accepts.

export type JsonSchema = { [keyword: string]: unknown }
export type Parameter = {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: JsonSchema
}
export type MediaContent = { [type: string]: { schema: JsonSchema; examples?: object } }
export type Response = {
  description: string
  content?: MediaContent
  headers?: { [name: string]: { schema: JsonSchema; required?: boolean } }
}
export type Operation = {
  operationId: string
  tags: [ResourceName]
  summary: string
  description: string
  security: { [scheme: string]: string[] }[]
  'x-access': Access
  'x-spec-section'?: 7
  parameters?: Parameter[]
  requestBody?: { required: true; content: MediaContent }
  responses: { [status: string]: Response }
}
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string; description: string }[]
  tags: { name: ResourceName; description: string }[]
  'x-tagGroups': { name: string; tags: ResourceName[] }[]
  paths: { [path: string]: { [method in HttpMethod]?: Operation } }
  components: {
    schemas: { [name: string]: JsonSchema }
    securitySchemes: { [name: string]: object }
  }
}

/** Who may call, as the document and docs/api.md say it (api.ts `Access`). */
export const accessRules: Record<Access, { who: string; token: boolean }> = {
  public: { who: 'anyone, no token', token: false },
  'signed-link': { who: 'anyone holding a link the API signed (no token)', token: false },
  'signed-in': { who: 'any signed-in user', token: true },
  company: {
    who: 'a company-admin of the company the request targets (`companyId` or the path), or a system admin',
    token: true,
  },
  'system-admin': { who: 'system admins only', token: true },
  self: { who: 'the user the request is about, or a system admin', token: true },
  recipient: {
    who: 'only the user the record is addressed to (an invite: its e-mail)',
    token: true,
  },
}

/** How docs/api.md and the docs page group the resources (routes/index.ts keeps their order). */
export const resourceGroups: { name: string; resources: ResourceName[] }[] = [
  {
    name: "The app's own API",
    resources: [
      'users',
      'companies',
      'certificates',
      'invites',
      'referrals',
      'plans',
      'subscriptions',
      'payments',
      'partners',
      'nfs-requests',
      'nfs-schedulers',
      'documents',
      'bank-connections',
      'bank-accounts',
      'bank-transactions',
      'reconciliation',
      'reports',
      'simples',
      'payroll',
      'revenue-history',
      'selic',
      'year-end',
      'luca',
      'files',
    ],
  },
  { name: "The public site's data", resources: ['cnaes', 'cities', 'areas', 'links', 'leads'] },
  {
    name: 'Stand-ins of external services',
    resources: ['content', 'viacep', 'cnpj', 'cora', 'checkout', 'banco-central'],
  },
]

/** What each resource's file serves (its tag's description). */
export const resourceDescriptions: Record<ResourceName, string> = {
  users: "Sign-up, the caller's profile and its photo, and the back office's users.",
  companies:
    'Every `/companies*` endpoint but the certificate: the session, the wizards and the back office.',
  certificates: "A company's A1 certificate (`/companies/{id}/certificate`): sent, read, removed.",
  invites: "Invites to a company's team, sent and received.",
  referrals: "The caller's referral code and the people it brought.",
  plans: 'The plans and their prices.',
  subscriptions: "A company's subscriptions: paying a charge, changing the plan.",
  payments: "A company's payments.",
  partners: 'The Duca partner programme and its review by the back office.',
  'nfs-requests': 'NFS-e requests and the services invoiced before.',
  'nfs-schedulers': 'NFS-e schedules (a request every month).',
  documents: "A company's documents.",
  'bank-connections': 'Cora OAuth and the bank connections.',
  'bank-accounts': 'Bank accounts, OFX imports and statement exports.',
  'bank-transactions': 'Bank transactions and their tax categories.',
  reconciliation:
    'Bank reconciliation: credits beside the invoices they pay, tax debits beside their guides.',
  reports: "The panel's reports.",
  simples:
    'The Simples Nacional month (PGDAS-D): its calculation and close, the month-close queue, the guides to pay and their late-payment recalculation.',
  payroll:
    "A company's payroll by month: each partner's pró-labore and each employee's salary, their INSS, IRRF, FGTS and net, the CPP, the DCTFWeb DARF and the FGTS guide; receipts and payslips; the company's RAT and FAP.",
  'revenue-history':
    "The revenue of a company's months before its data here (from the previous accountant's PGDAS-D), which RBT12 counts.",
  selic:
    'The monthly Selic the late-payment juros use: the months the product has and their source, read from the Banco Central or added by the accountant.',
  'year-end':
    "A company's year: the profits its partners may take tax-free and the distributions (with the 10 % withheld from 2026 and its DARF 1841), the partners' income reports, the DEFIS and the DASN-SIMEI, and the accountant's year-end queue.",
  luca: 'The assistant: CNAE activities and trade names from a description.',
  files: 'Signed upload and download links, and the files behind them.',
  cnaes: 'The CNAE 2.3 subclasses.',
  cities: 'The IBGE municipalities: search and city pages.',
  areas: 'The areas of activity of the site.',
  links: 'Referral and campaign links.',
  leads: "The site's contact form.",
  content: "Storyblok's content delivery API (stand-in), read by storyblok-js-client.",
  viacep: 'ViaCEP (stand-in): the address of a CEP.',
  'banco-central':
    "The Banco Central's open-data time series, SGS (stand-in): series 4390, the Selic accumulated in each month.",
  cnpj: "The Receita's CNPJ registry (stand-in).",
  cora: "Cora's consent page (stand-in).",
  checkout: 'The payment checkout (stand-in).',
}

/**
 * The calls docs/product.md §7 lists; docs/api.md marks them (the others were added for what the
 * spec's screens need, for the public site and for the stand-ins).
 */
export const specCalls: ReadonlySet<string> = new Set([
  'POST /nfs/requests',
  'GET /nfs/requests',
  'GET /nfs/requests/search',
  'DELETE /nfs/requests/{id}',
  'PUT /nfs/requests/{id}/status/{status}',
  'POST /nfs/schedulers',
  'PUT /nfs/schedulers/{id}',
  'DELETE /nfs/schedulers/{id}',
  'GET /nfs/schedulers',
  'GET /nfs/schedulers/active',
  'GET /companies/orders/opening-requests',
  'GET /companies/orders/migration-requests',
  'PUT /companies/{id}',
  'POST /companies',
  'GET /companies/{id}',
  'GET /companies/{id}/steps',
  'POST /companies/{id}/steps/{stepId}',
  'PUT /companies/{id}/status/{status}',
  'GET /companies',
  'GET /companies/me',
  'PUT /companies/{id}/track/{track}',
  'GET /api/cnpj-exists',
  'GET /documents',
  'PUT /documents/{id}/status/{status}',
  'DELETE /documents/{id}',
  'GET /admin/users',
  'POST /users',
  'POST /admin/users',
  'PATCH /users/{id}',
  'DELETE /users/{id}',
  'GET /admin/users/{id}',
  'GET /bank-statements/connections/oauth/cora',
  'POST /bank-statements/connections/oauth/cora',
  'GET /bank-statements/connections',
  'GET /bank-statements/connections/{id}',
  'GET /bank-statements/accounts',
  'DELETE /bank-statements/accounts/{id}',
  'POST /bank-statements/ofx/upload',
  'GET /bank-statements/accounts/{id}/exports/{type}',
  'GET /bank-statements/accounts/{id}/exports',
  'GET /bank-statements/tax-categories',
  'PUT /bank-statements/transactions/{id}/tax-category',
  'GET /bank-statements/transactions',
  'GET /upload/{filename}',
  'GET /download/{filename}',
  'POST /subscriptions/{id}',
  'GET /cnaes',
  'GET /links/{alias}',
  'GET /areas/{slug}',
  'GET /ws/{zip}/json/',
  'GET /api/city-search',
  'POST /leads',
  'POST /luca/cnaes/match',
  'POST /luca/companies/alias-suggest',
  'GET /reports/anual-billing-by-company',
  'GET /reports/billing-by-category',
  'GET /v1/ecommerce/payments',
])

export const BEARER = 'bearerAuth'

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  302: 'Found: a redirect',
  400: 'Bad input: the first message, and every issue with its path (the same zod schemas as the forms)',
  401: 'No valid token',
  403: 'Not for this caller',
  404: 'Unknown record',
  409: "A change the record's state does not allow",
  413: 'Too large',
  429: 'Over the rate limit',
  502: 'A service the endpoint calls did not answer as it should (the national NFS-e system, Cora, the payment checkout)',
}

const mediaTypes: Record<Media, string[]> = {
  'application/pdf': ['application/pdf'],
  'application/xml': ['application/xml'],
  'text/html': ['text/html'],
  'text/plain': ['text/plain'],
  'text/csv': ['text/csv'],
  image: ['image/jpeg', 'image/png', 'image/webp'],
  // A stored file, with the type its name says.
  file: ['*/*'],
  // Express's note beside the Location, as the request's Accept asks.
  redirect: ['text/plain', 'text/html'],
}

const isMedia = (answer: Answers[keyof Answers]): answer is MediaAnswer =>
  answer !== null && answer !== undefined && 'media' in answer

const mediaOf = (answer: MediaAnswer) => [answer.media].flat()

/** A body that is not JSON: `format: binary` is what tools (Swagger UI's file input) look for. */
const binary = (type: string): JsonSchema => ({
  type: 'string',
  format: 'binary',
  ...(type.includes('*') ? {} : { contentMediaType: type }),
})

/** Whether the endpoint is a page a browser shows (its own errors are pages too). */
const isPage = (spec: Endpoint) =>
  Boolean(spec.errorPage) ||
  Object.values(spec.answers).some(
    (answer) =>
      isMedia(answer) && mediaOf(answer).some((m) => m === 'text/html' || m === 'redirect'),
  )

/**
 * The error statuses an endpoint answers: its input's 400 (every endpoint: a query parameter it
 * does not declare is refused, query-rules.ts), its access's 401 and 403, its own.
 */
export function errorStatusesOf(spec: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(spec.errors ?? [])
  statuses.add(400)
  if (accessRules[spec.access].token) statuses.add(401)
  if (spec.access !== 'public' && spec.access !== 'signed-in') statuses.add(403)
  // The company gate (access.ts requireCompany): someone else's company, or none such.
  if (spec.access === 'company' || spec.company) {
    statuses.add(403)
    statuses.add(404)
  }
  return [...statuses].sort((a, b) => a - b)
}

/** The pt-BR messages a 400 of this endpoint's input says, from its own schemas (an empty input). */
function badInputExample(spec: Endpoint): ApiErrorBody | undefined {
  for (const schema of [spec.body, spec.query, spec.params]) {
    const result = schema?.safeParse({})
    if (!result || result.success) continue
    const issues = parseIssues(result.error)
    return { message: issues[0]!.message, issues }
  }
  return spec.body ? { message: httpMessages.badJson } : undefined
}

/** What a query the endpoint does not declare answers (query-rules.ts), by name. */
function queryExamples(spec: Endpoint): Record<string, ApiErrorBody> {
  const rule = queryRuleOf(spec.query)
  const named = (name: string, message: string) => ({
    message,
    issues: [{ path: [name], message }],
  })
  const single = [...rule.names].find((name) => !rule.lists.has(name))
  return {
    ...(rule.loose
      ? {}
      : { 'parâmetro desconhecido': named('limt', queryMessages.unknown('limt')) }),
    'chave com colchetes': named('limit[]', queryMessages.unknown('limit[]')),
    ...(single ? { 'parâmetro repetido': named(single, queryMessages.repeated(single)) } : {}),
  }
}

/** Examples of the pt-BR messages of an error status of this endpoint, by name. */
function errorExamples(spec: Endpoint, status: ErrorStatus): Record<string, ApiErrorBody> {
  const own = spec.messages?.[status]
  switch (status) {
    case 400: {
      const input = badInputExample(spec)
      return { ...(input ? { 'entrada inválida': input } : {}), ...queryExamples(spec) }
    }
    case 401:
      return {
        'sem token': { message: authMessages.signIn },
        'token inválido ou expirado': { message: httpMessages.unauthorized },
      }
    case 403: {
      if (own) return { recusado: { message: own } }
      if (spec.company) return { recusado: { message: accessMessages.company } }
      const byAccess: Partial<Record<Access, string>> = {
        company: accessMessages.company,
        'system-admin': authMessages.systemAdmin,
        self: accessMessages.self,
        'signed-link': fileMessages.linkInvalid,
      }
      return { recusado: { message: byAccess[spec.access] ?? httpMessages.forbidden } }
    }
    case 404: {
      const gated = spec.access === 'company' || spec.company
      const message = own ?? (gated ? companyMessages.notFound : httpMessages.notFound)
      return { 'não encontrado': { message } }
    }
    case 413:
      return { 'grande demais': { message: own ?? httpMessages.tooLarge } }
    default:
      return own ? { recusado: { message: own } } : {}
  }
}

/** Builds the document's operations; schemas are collected and rendered together at the end. */
class DocumentBuilder {
  private readonly registry = z.registry<{ id: string }>()
  private readonly ids = new Map<z.ZodType, string>()
  private inlineCount = 0

  constructor(named: Iterable<[string, z.ZodType]>) {
    for (const [id, schema] of named) {
      if (this.ids.has(schema)) continue
      this.registry.add(schema, { id })
      this.ids.set(schema, id)
    }
  }

  /** A reference to a schema, rendered later: a named component, or inlined where it is used. */
  ref(schema: z.ZodType): JsonSchema {
    let id = this.ids.get(schema)
    if (!id) {
      id = `${INLINE}${this.inlineCount++}`
      this.registry.add(schema, { id })
      this.ids.set(schema, id)
    }
    return { $ref: `#/components/schemas/${id}` }
  }

  /** Every schema, zod's input side, the inline ones put back where they are used. */
  render(
    document: Omit<OpenApiDocument, 'components'>,
    securitySchemes: OpenApiDocument['components']['securitySchemes'],
  ): OpenApiDocument {
    const { schemas } = z.toJSONSchema(this.registry, {
      io: 'input',
      unrepresentable: 'any',
      uri: (id) => `#/components/schemas/${id}`,
    }) as { schemas: Record<string, JsonSchema> }
    if ('__shared' in schemas) throw new Error('a recursive schema: give it a name')
    // Each schema as it reads where it is used: no `$schema` or `$id` of its own, and the inline
    // ones in place of their references.
    const inline = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(inline)
      if (!value || typeof value !== 'object') return value
      const ref = (value as JsonSchema).$ref
      if (typeof ref === 'string' && ref.startsWith(`#/components/schemas/${INLINE}`))
        return inline(schemas[ref.slice('#/components/schemas/'.length)])
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== '$schema' && key !== '$id')
          .map(([key, item]) => [key, inline(item)]),
      )
    }
    const paths = inline(document.paths) as OpenApiDocument['paths']
    // The named schemas the operations use, and those they use in turn.
    const used = new Set<string>()
    const visit = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(visit)
      if (!value || typeof value !== 'object') return
      const ref = (value as JsonSchema).$ref
      if (typeof ref === 'string') {
        const name = ref.slice('#/components/schemas/'.length)
        if (!used.has(name)) {
          used.add(name)
          visit(schemas[name])
        }
      }
      Object.values(value).forEach(visit)
    }
    visit(paths)
    const components = Object.fromEntries(
      [...used].sort().map((name) => [name, inline(schemas[name]) as JsonSchema]),
    )
    return { ...document, paths, components: { schemas: components, securitySchemes } }
  }
}

const INLINE = '__inline'

/**
 * The named schemas: every zod schema `src/schemas` exports as `<name>Schema`, as the component
 * `<Name>` (companySchema → Company), so the document names the entities as the code does.
 */
function namedSchemas(): [string, z.ZodType][] {
  const modules = [
    addressSchemas,
    areaSchemas,
    assistantSchemas,
    bankSchemas,
    billingSchemas,
    brazilSchemas,
    citySchemas,
    claimsSchemas,
    cnaeSchemas,
    commonSchemas,
    companySchemas,
    contentDeliverySchemas,
    documentSchemas,
    engagementSchemas,
    fileSchemas,
    financeCommonSchemas,
    invoiceSchemas,
    leadSchemas,
    linkSchemas,
    orderSchemas,
    peopleSchemas,
    profileSchemas,
    registrySchemas,
    reportSchemas,
    simplesSchemas,
    stepSchemas,
    trackSchemas,
    userSchemas,
  ]
  const named = new Map<string, z.ZodType>()
  for (const module of modules)
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || !name.endsWith('Schema')) continue
      const id = name[0]!.toUpperCase() + name.slice(1, -'Schema'.length)
      if (named.has(id) && named.get(id) !== value) throw new Error(`two schemas named ${name}`)
      named.set(id, value)
    }
  return [...named]
}

/** The object schema of a query or path (through a refinement or a pipe to its input). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  let current: z.ZodType = schema
  while (current instanceof z.ZodPipe) current = current.in as z.ZodType
  if (!(current instanceof z.ZodObject)) throw new Error('a query or path schema is not an object')
  return current.shape as Record<string, z.ZodType>
}

/** A unique operationId: the handler's name (a search for it finds the handler). */
function operationIds(endpoints: readonly Endpoint[]) {
  const seen = new Set<string>()
  return endpoints.map((spec) => {
    let id = spec.handler.name
    if (!id || seen.has(id))
      id =
        spec.method.toLowerCase() +
        spec.path
          .split('/')
          .filter((part) => part && !part.startsWith('{'))
          .map((part) => part.replace(/(?:^|[-_.])(\w)/g, (_m, c: string) => c.toUpperCase()))
          .join('')
    if (seen.has(id)) throw new Error(`two operations ${id}`)
    seen.add(id)
    return id
  })
}

function operationOf(
  builder: DocumentBuilder,
  resource: ResourceName,
  spec: Endpoint,
  operationId: string,
): Operation {
  const rule = accessRules[spec.access]
  const page = isPage(spec)
  const responses: Operation['responses'] = {}
  for (const [status, answer] of Object.entries(spec.answers)) {
    const description = statusText[Number(status)]!
    if (answer === null || answer === undefined) responses[status] = { description }
    else if (!isMedia(answer))
      responses[status] = {
        description,
        content: { 'application/json': { schema: builder.ref(answer) } },
      }
    else
      responses[status] = {
        description,
        ...(mediaOf(answer).includes('redirect')
          ? { headers: { Location: { schema: { type: 'string' }, required: true } } }
          : {}),
        content: Object.fromEntries(
          mediaOf(answer)
            .flatMap((media) => mediaTypes[media])
            .map((type) => [type, { schema: binary(type) }]),
        ),
      }
  }
  for (const status of errorStatusesOf(spec)) {
    const own = spec.errorBodies?.[status]
    const examples = Object.entries(errorExamples(spec, status))
    const content: MediaContent = {
      'application/json': {
        schema: builder.ref(own ?? apiErrorBodySchema),
        ...(own || examples.length === 0
          ? {}
          : { examples: Object.fromEntries(examples.map(([name, value]) => [name, { value }])) }),
      },
    }
    // A page's own errors are pages; its input is checked before it runs, and answered in JSON.
    if (page) content['text/html'] = { schema: binary('text/html') }
    responses[String(status)] = { description: statusText[status]!, content }
  }

  const parameters: Parameter[] = []
  for (const [where, schema] of [
    ['path', spec.params],
    ['query', spec.query],
  ] as const) {
    if (!schema) continue
    for (const [name, field] of Object.entries(shapeOf(schema)))
      parameters.push({
        name,
        in: where,
        required: where === 'path' || !field.safeParse(undefined).success,
        schema: builder.ref(field),
      })
  }

  let requestBody: Operation['requestBody']
  if (spec.body)
    requestBody = {
      required: true,
      content: {
        'application/json': { schema: builder.ref(spec.body) },
        // A page's form posts it.
        ...(page
          ? { 'application/x-www-form-urlencoded': { schema: builder.ref(spec.body) } }
          : {}),
      },
    }
  if (spec.multipart)
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [spec.multipart.field]: binary('application/octet-stream') },
            required: [spec.multipart.field],
            // The form's other fields (a certificate's password), as the body's schema says.
            ...(spec.body ? { allOf: [builder.ref(spec.body)] } : {}),
          },
        },
      },
    }
  // A raw body with a schema is JSON the endpoint reads itself (a stand-in answering as its service).
  if (spec.rawBody && !spec.body)
    requestBody = {
      required: true,
      content: { 'application/octet-stream': { schema: binary('application/octet-stream') } },
    }

  return {
    operationId,
    tags: [resource],
    summary: spec.summary,
    description: `**Who may call:** ${spec.access} — ${rule.who}.\n\nServed by \`mock-server/${resourceFile(resource)}\`${spec.handler.name ? ` (\`${spec.handler.name}\`)` : ''}.`,
    security: rule.token ? [{ [BEARER]: [] }] : [],
    'x-access': spec.access,
    ...(specCalls.has(`${spec.method} ${spec.path}`) ? { 'x-spec-section': 7 as const } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  }
}

const packageVersion = () =>
  (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
  ).version

/** The OpenAPI 3.1 document of the API the mock serves. */
export function openApiDocument(): OpenApiDocument {
  const builder = new DocumentBuilder(namedSchemas())
  const entries = Object.entries(resources).flatMap(([resource, endpoints]) =>
    endpoints.map((spec) => ({ resource: resource as ResourceName, spec })),
  )
  const ids = operationIds(entries.map((entry) => entry.spec))
  const paths: OpenApiDocument['paths'] = {}
  entries.forEach(({ resource, spec }, index) => {
    const item = (paths[spec.path] ??= {})
    item[spec.method.toLowerCase() as HttpMethod] = operationOf(
      builder,
      resource,
      spec,
      ids[index]!,
    )
  })
  return builder.render(
    {
      openapi: '3.1.0',
      info: {
        title: 'Contabil — API simulada',
        version: packageVersion(),
        description: [
          'The mock backend of Contabil (`mock-server/`), generated from its route table and the zod schemas of `src/schemas`, which the forms, the client and the server share.',
          '',
          'Lists answer `200 { data, total }` (paged by `limit` and `offset`), records `200 { data }`, creations `201 { data }`; errors `{ message, issues? }` with the message in Portuguese.',
          '',
          'Queries are flat and strict: an operation reads only the query parameters it lists. A parameter it does not list (`?limt=5`), any bracketed key (`limit[]=1`, `offset[$ne]=0`) and a parameter given twice where it takes one value (`?limit=1&limit=2`) are refused with `400` naming the parameter: `Parâmetro desconhecido: limit[].`, `Informe limit uma vez só.`. A parameter whose schema is a list may repeat (`/documents?type=guia&type=extrato`). The content delivery stand-in (`/v2/cdn/stories`) lets unknown flat parameters through, as the service it stands in for does, and still refuses bracketed keys.',
          '',
          'Every JSON answer of a GET carries a weak `ETag`; a GET that sends it back in `If-None-Match` (without `Cache-Control: no-cache`) is answered `304 Not Modified`, without a body, while the answer is the same.',
          '',
          "Every request names this server by its own address in `Host`: `localhost`, `127.0.0.1` or `[::1]` on its port, or the host of `MOCK_PUBLIC_URL`. Any other name is answered `421 Misdirected Request` with `{ message }` before any route (a web page that rebinds its own name to this machine reaches nothing), and a browser request from another origin than the app's own `403`.",
          '',
          'A token is a Firebase ID token of the Auth emulator: sign in with a demo account (README, "Demo accounts") through its REST API, `POST http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any` with `{ "email", "password", "returnSecureToken": true }`, and send its `idToken` as `Authorization: Bearer <idToken>`.',
        ].join('\n'),
      },
      // Relative: the server that serves the document (`npm start`: http://localhost:3000).
      servers: [{ url: '/', description: 'this mock server' }],
      tags: resourceGroups.flatMap((group) =>
        group.resources.map((name) => ({ name, description: resourceDescriptions[name] })),
      ),
      'x-tagGroups': resourceGroups.map((group) => ({ name: group.name, tags: group.resources })),
      paths,
    },
    {
      [BEARER]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          "A Firebase ID token of the Auth emulator. The caller's roles and companies are read from the identity service's record of the user, not from the token's claims.",
      },
    },
  )
}
