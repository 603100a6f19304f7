import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContract } from './contracts'
import { contracts } from './contracts'
import { allowedCaller, callContract, messageOf, type CallOptions } from './contract-calls'
import { startTestServer, type TestServer } from './harness'

// The bad-input sweep: every registered endpoint that takes input, called by a caller it allows
// with broken variants of its own example — malformed JSON, a body that is not an object, no
// fields, an extra field, each field of the wrong type, each text huge, unknown ids in the path
// and the query, query values of the wrong type and huge ones. Every variant answers 4xx with a
// message, and the data is exactly as it was.

type Variant = { name: string } & CallOptions

const HUGE_BODY_TEXT = 'x'.repeat(100_000)
// Long enough to break any sane limit, short enough for a URL (Node's header limit is 16 KB).
const HUGE_QUERY_TEXT = 'x'.repeat(5_000)
const UNKNOWN = 'nao-existe-0000'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function wrongTypeOf(value: unknown): unknown {
  if (typeof value === 'string') return 12345
  if (typeof value === 'number') return 'não é número'
  if (typeof value === 'boolean') return 'talvez'
  if (Array.isArray(value)) return 'lista'
  if (isObject(value)) return 'objeto'
  return 12345
}

/** Every string inside a value, with its path. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]))
  if (isObject(value))
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]))
  return []
}

function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >
  copy[head!] = withValueAt(copy[head!], rest, replacement)
  return copy
}

/** Paging variants, for lists (answers with `total`): limit and offset out of range. */
function pagingVariants(contract: EndpointContract): Variant[] {
  const [pathname, query = ''] = contract.example.split('?') as [string, string?]
  return [
    ['limit', '-1'],
    ['limit', '0'],
    ['limit', '100000'],
    ['offset', '-1'],
    ['offset', '1.5'],
  ].map(([key, value]) => {
    const params = new URLSearchParams(query)
    params.set(key!, value!)
    return { name: `query ${key}=${value}`, path: `${pathname}?${params}` }
  })
}

function variantsOf(contract: EndpointContract): Variant[] {
  const variants: Variant[] = []
  const [pathname, query = ''] = contract.example.split('?') as [string, string?]
  const params = new URLSearchParams(query)
  const withQuery = (next: URLSearchParams) => `${pathname}${next.size ? `?${next}` : ''}`

  const body = contract.body
  if (isObject(body)) {
    variants.push(
      {
        name: 'malformed JSON',
        raw: '{"campo": ',
        headers: { 'Content-Type': 'application/json' },
      },
      { name: 'body is a list', body: [body] },
      { name: 'body is a text', body: 'texto' },
      { name: 'no fields', body: {} },
      { name: 'an extra field', body: { ...body, campoQueNaoExiste: 'x' } },
    )
    for (const [key, value] of Object.entries(body))
      variants.push({
        name: `${key} of the wrong type`,
        body: { ...body, [key]: wrongTypeOf(value) },
      })
    for (const path of stringPaths(body))
      variants.push({
        name: `${path.join('.')} huge`,
        body: withValueAt(body, path, HUGE_BODY_TEXT),
      })
  }

  // Unknown ids in the path ({filename} is not an id: a name that leaves the folder instead).
  const routeParts = contract.route.split('/')
  const exampleParts = pathname.split('/')
  routeParts.forEach((part, i) => {
    const param = /^\{(\w+)\}$/.exec(part)?.[1]
    if (!param) return
    const parts = [...exampleParts]
    parts[i] = param === 'filename' ? '..%2Fsegredo.txt' : UNKNOWN
    const path = parts.join('/')
    variants.push({ name: `unknown ${param}`, path: query ? `${path}?${query}` : path })
  })

  for (const [key, value] of params) {
    const huge = new URLSearchParams(params)
    huge.set(key, HUGE_QUERY_TEXT)
    variants.push({ name: `query ${key} huge`, path: withQuery(huge) })
    if (/^-?\d+(\.\d+)?$/.test(value)) {
      const wrong = new URLSearchParams(params)
      wrong.set(key, 'abc')
      variants.push({ name: `query ${key} not a number`, path: withQuery(wrong) })
    }
    if (/id$/i.test(key)) {
      const unknown = new URLSearchParams(params)
      unknown.set(key, UNKNOWN)
      variants.push({ name: `unknown ${key}`, path: withQuery(unknown) })
    }
  }
  return variants
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const swept = contracts.filter((contract) => contract.takesInput)

describe.each(swept.map((c) => [`${c.method} ${c.route}`, c] as const))('%s', (_name, contract) => {
  it('answers every broken variant with 4xx and a message, and changes nothing', async () => {
    await server.call('POST', '/__reset')
    const who = allowedCaller(contract)
    const variants = variantsOf(contract)
    if (contract.method === 'GET') {
      const plain = await callContract(server, contract, who)
      if (typeof (plain.body as { total?: unknown } | undefined)?.total === 'number')
        variants.push(...pagingVariants(contract))
    }
    expect(variants.length).toBeGreaterThan(0)
    for (const variant of variants) {
      const before = server.store.snapshot()
      const res = await callContract(server, contract, who, variant)
      const label = `${variant.name}: ${res.status} ${res.text.slice(0, 200)}`
      expect(res.status, label).toBeGreaterThanOrEqual(400)
      expect(res.status, label).toBeLessThan(500)
      expect(messageOf(res), label).not.toBe('')
      expect(server.store.snapshot(), `${variant.name}: changed data`).toEqual(before)
    }
  })
})
