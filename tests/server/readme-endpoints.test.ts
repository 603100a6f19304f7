import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contracts } from '../../mock-server/routes/index'

// The README lists every endpoint of the mock API (documented and added): this keeps it true
// when an endpoint is added or removed.

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

/** "METHOD /path" for every row of the README's endpoint tables. */
function listedEndpoints(): Set<string> {
  const listed = new Set<string>()
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const [, method, paths] = cells
    if (!method || !/^(GET|POST|PUT|PATCH|DELETE)$/.test(method) || !paths) continue
    // "/a?x, /b — what it does": the paths come before the dash, each up to its query string.
    for (const entry of paths.split(' — ')[0]!.split(', '))
      listed.add(`${method} ${entry.split(/[\s?]/)[0]}`)
  }
  return listed
}

describe('README endpoint tables', () => {
  const listed = listedEndpoints()
  const served = new Set(contracts.map((c) => `${c.method} ${c.route}`))

  it('list every endpoint the mock server serves', () => {
    expect([...served].filter((endpoint) => !listed.has(endpoint))).toEqual([])
  })

  it('list nothing the mock server does not serve', () => {
    expect([...listed].filter((endpoint) => !served.has(endpoint))).toEqual([])
  })
})
