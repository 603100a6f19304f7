import { existsSync, readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import type { Express } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpMethod, OpenApiDocument } from '../../mock-server/openapi'
import { startTestServer, type TestServer } from './harness'
import { infrastructure, servedEndpoints, type ServedEndpoint } from './served-endpoints'

// The OpenAPI document the mock serves at /openapi.json: a valid OpenAPI 3.1 document, the same as
// docs/openapi.json, describing exactly the routes Express serves (nothing served undocumented,
// nothing documented missing); and its docs page with the files it loads, all from this server.

let server: TestServer
let document: OpenApiDocument
let served: ServedEndpoint[]
beforeAll(async () => {
  server = await startTestServer()
  const res = await server.call('GET', '/openapi.json')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  document = res.body as OpenApiDocument
  served = servedEndpoints(server.app as unknown as Express).filter(
    (route) => !infrastructure.has(`${route.method} ${route.path}`),
  )
})
afterAll(() => server.close())

/** "METHOD /path" of every operation of the document. */
const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    (Object.keys(item) as HttpMethod[]).map((method) => `${method.toUpperCase()} ${path}`),
  )

/** A documented path as a request path: every `{param}` a sample segment. */
const sampleOf = (path: string) => path.replace(/\{\w+\}/g, 'x1')

describe('GET /openapi.json', () => {
  it('passes an OpenAPI 3.1 validator', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('is the document in docs/openapi.json', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
    ) as unknown
    expect(document).toEqual(committed)
  })

  it('names, for every operation, a file of the repository that serves it', () => {
    const files = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map(
        (operation) => /Served by `([^`]+)`/.exec(operation.description ?? '')?.[1],
      ),
    )
    expect(files.length).toBeGreaterThan(100)
    const missing = files.filter(
      (file) => !file || !existsSync(new URL(`../../${file}`, import.meta.url)),
    )
    expect(missing).toEqual([])
    expect(files).toContain('mock-server/stand-ins/cora/routes.ts')
  })
})

describe('the document and the routes Express serves', () => {
  /** A route Express matches by a pattern (a story's full slug), not by a path of its own. */
  const isPattern = (route: ServedEndpoint) => route.path.startsWith('/^')
  const serves = (route: ServedEndpoint, operation: string) => {
    const [method, path] = operation.split(' ') as [string, string]
    return (
      route.method === method &&
      (route.path === path || (isPattern(route) && route.matches(sampleOf(path))))
    )
  }

  it('documents every route served', () => {
    const operations = operationsOf(document)
    const undocumented = served.filter(
      (route) => !operations.some((operation) => serves(route, operation)),
    )
    expect(undocumented.map((route) => `${route.method} ${route.path}`)).toEqual([])
  })

  it('serves every route documented', () => {
    const missing = operationsOf(document).filter(
      (operation) => !served.some((route) => serves(route, operation)),
    )
    expect(missing).toEqual([])
  })

  it('says who may call each one, and asks for the bearer token exactly where the access does', () => {
    const wrong = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) => {
        const needsToken = !['public', 'signed-link'].includes(operation['x-access'])
        const asksToken = operation.security.some((requirement) => 'bearerAuth' in requirement)
        return needsToken === asksToken && (!needsToken || '401' in operation.responses)
          ? []
          : [`${method.toUpperCase()} ${path}`]
      }),
    )
    expect(wrong).toEqual([])
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
  })
})

describe('GET /docs', () => {
  it('is a page that loads Swagger UI and the document from this server only', async () => {
    const res = await server.call('GET', '/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain(`connect-src 'self' http://${server.config.authEmulatorHost}`)
    const sources = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!)
    expect(sources.filter((source) => /^(https?:)?\/\//.test(source))).toEqual([])
    for (const source of sources.filter((s) => s.startsWith('/docs/assets/'))) {
      const asset = await server.call('GET', source)
      expect(asset.status, source).toBe(200)
    }
    // The sign-in the page offers is the Auth emulator's (the demo accounts are listed only under
    // `npm start`'s development environment: tests/server/docs-page.test.ts).
    expect(res.text).toContain(
      `http://${server.config.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword`,
    )
  })

  it('serves no other file than the ones it loads', async () => {
    const res = await server.call('GET', '/docs/assets/package.json')
    expect(res.status).toBe(404)
  })
})
