import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Express } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../mock-server/app'
import { readConfig } from '../../mock-server/config'
import {
  endpoints,
  resourceFile,
  resources,
  type ResourceName,
} from '../../mock-server/routes/index'
import { contracts } from './contracts'
import { emulatorHost } from './harness'
import {
  infrastructure,
  servedEndpoints,
  servingRoute,
  type ServedEndpoint,
} from './served-endpoints'

// Four lists must agree: the routes the mock server serves (read from Express), the route table
// they are mounted from (mock-server/routes, one file per resource), the examples in
// tests/server/contracts (which the authorization matrix and the bad-input sweep call), and the
// endpoint tables of docs/api.md. A new route without an example, an example of a route nobody
// serves, a docs/api.md row out of step or naming the wrong file, or an access the table and the
// example disagree on fails here.

const apiPage = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')

/** Every row of docs/api.md's endpoint tables: method, paths, and the route file serving them. */
function tableRows() {
  const rows: { method: string; paths: string[]; file: string }[] = []
  for (const line of apiPage.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const [, method, paths] = cells
    if (!method || !/^(GET|POST|PUT|PATCH|DELETE)$/.test(method) || !paths) continue
    // "/a?x, /b — what it does": the paths come before the dash, each up to its query string.
    const entries = paths
      .split(' — ')[0]!
      .split(', ')
      .map((entry) => entry.split(/[\s?]/)[0]!)
    // The last column names the route file.
    rows.push({ method, paths: entries, file: (cells.at(-2) ?? '').replace(/`/g, '') })
  }
  return rows
}

/** "METHOD /path" for every row of docs/api.md's endpoint tables. */
const listedEndpoints = () =>
  new Set(tableRows().flatMap((row) => row.paths.map((path) => `${row.method} ${path}`)))

/** A documented route as a request path: every `{param}` a sample segment. */
const sampleOf = (route: string) => route.replace(/\{\w+\}/g, 'x1')

let served: ServedEndpoint[]
let dataDir: string
let close: () => Promise<void>
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-endpoints-'))
  const instance = createApp({
    ...readConfig({
      MOCK_DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      MOCK_VAULT_KEY_DIR: process.env.MOCK_VAULT_KEY_DIR,
    }),
    environment: 'test',
  })
  served = servedEndpoints(instance.app as unknown as Express).filter(
    (endpoint) => !infrastructure.has(`${endpoint.method} ${endpoint.path}`),
  )
  close = instance.close
})
afterAll(async () => {
  await close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('served endpoints and their examples', () => {
  it('every example is answered by the route its contract names', () => {
    const wrong = contracts.flatMap((contract) => {
      const pathname = contract.example.split('?')[0]!
      const route = servingRoute(served, contract.method, pathname)
      if (!route) return [`${contract.method} ${contract.example}: no route serves it`]
      if (!route.matches(sampleOf(contract.route)))
        return [`${contract.method} ${contract.route}: its example reaches ${route.path}`]
      return []
    })
    expect(wrong).toEqual([])
  })

  it('every served endpoint has an example in tests/server/contracts', () => {
    const reached = new Set(
      contracts.map((c) => servingRoute(served, c.method, c.example.split('?')[0]!)),
    )
    const missing = served
      .filter((endpoint) => !reached.has(endpoint))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    expect(missing).toEqual([])
  })
})

describe('the endpoint tables of docs/api.md', () => {
  const listed = listedEndpoints()
  const documented = new Set(contracts.map((c) => `${c.method} ${c.route}`))

  it('list every endpoint the mock server serves', () => {
    expect([...documented].filter((endpoint) => !listed.has(endpoint))).toEqual([])
  })

  it('list nothing the mock server does not serve', () => {
    const unserved = [...listed].filter((entry) => {
      const [method, route] = entry.split(' ') as [string, string]
      return !documented.has(entry) || !servingRoute(served, method, sampleOf(route))
    })
    expect(unserved).toEqual([])
  })
})

describe('the route table', () => {
  it('is what Express serves, each endpoint under its own path', () => {
    const table = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    const contracted = new Set(contracts.map((c) => `${c.method} ${c.route}`))
    expect(table.filter((endpoint) => !contracted.has(endpoint))).toEqual([])
    expect([...contracted].filter((endpoint) => !table.includes(endpoint))).toEqual([])
  })

  it("says who may call each endpoint as its example's contract does", () => {
    const accessOf = new Map(
      endpoints.map((endpoint) => [
        `${endpoint.method} ${endpoint.path}`,
        // A signed link needs no token: the authorization matrix calls it as public.
        endpoint.access === 'signed-link' ? 'public' : endpoint.access,
      ]),
    )
    const wrong = contracts
      .filter((c) => accessOf.get(`${c.method} ${c.route}`) !== c.access)
      .map((c) => `${c.method} ${c.route}: ${accessOf.get(`${c.method} ${c.route}`)} ≠ ${c.access}`)
    expect(wrong).toEqual([])
  })

  it("is found from docs/api.md: each row names the file whose table holds the row's paths", () => {
    const wrong = tableRows().flatMap(({ method, paths, file }) => {
      const name = (Object.keys(resources) as ResourceName[]).find(
        (resource) => resourceFile(resource) === file,
      )
      const table = name ? resources[name] : undefined
      if (!table) return [`${method} ${paths.join(', ')}: names no route file (${file})`]
      const source = readFileSync(new URL(`../../mock-server/${file}`, import.meta.url), 'utf8')
      return paths.flatMap((path) =>
        table.some((endpoint) => endpoint.method === method && endpoint.path === path) &&
        source.includes(`'${path}'`)
          ? []
          : [`${method} ${path}: not in ${file}`],
      )
    })
    expect(wrong).toEqual([])
  })
})
