import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../mock-server/routes/index'
import { queryMessages, queryRuleOf } from '../../mock-server/query-rules'
import { contracts, type EndpointContract } from './contracts'
import { allowedCaller, callContract, messageOf } from './contract-calls'
import { startTestServer, type TestServer } from './harness'

// Every endpoint's query holds only what its schema in the endpoint table declares
// (mock-server/query-rules.ts): each GET example of tests/server/contracts, called by a caller it
// allows, with an unknown parameter, a bracketed key and a parameter repeated where one value is
// expected, answers 400 naming the parameter — the lists first of all (their filters and paging
// are what a typo silently dropped). Parameters that repeat by design still may, and a loose
// schema (a stand-in of a service that ignores what it does not know) lets an unknown one pass.

const ruleOf = (contract: EndpointContract) => {
  const spec = endpoints.find(
    (row) => row.method === contract.method && row.path === contract.route,
  )
  if (!spec) throw new Error(`${contract.method} ${contract.route}: not in the endpoint table`)
  return queryRuleOf(spec.query)
}

const withParams = (example: string, extra: string) =>
  `${example}${example.includes('?') ? '&' : '?'}${extra}`

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await server.call('POST', '/__reset')
})
afterAll(() => server.close())

const reads = contracts.filter((contract) => contract.method === 'GET')

describe.each(reads.map((c) => [`${c.method} ${c.route}`, c] as const))('%s', (_name, contract) => {
  const rule = ruleOf(contract)
  const who = allowedCaller(contract)
  const example = new URLSearchParams(contract.example.split('?')[1] ?? '')
  // A parameter that takes one value: the list's limit where it has one.
  const single = rule.names.has('limit')
    ? 'limit'
    : [...rule.names].find((name) => !rule.lists.has(name))

  const refuses = async (extra: string, message: string) => {
    const res = await callContract(server, contract, who, {
      path: withParams(contract.example, extra),
    })
    expect(res.status, `${extra}: ${res.text.slice(0, 200)}`).toBe(400)
    expect(messageOf(res)).toContain(message)
  }

  it('refuses an unknown parameter, naming it (unless its schema is loose)', async () => {
    if (!rule.loose) return refuses('limt=5', queryMessages.unknown('limt'))
    const res = await callContract(server, contract, who, {
      path: withParams(contract.example, 'limt=5'),
    })
    expect(res.status).toBeLessThan(400)
  })

  it('refuses a bracketed key, naming it', async () => {
    const name = single ?? 'limit'
    await refuses(`${name}[]=1&${name}[]=2`, queryMessages.unknown(`${name}[]`))
    await refuses(`${name}[$gt]=0`, queryMessages.unknown(`${name}[$gt]`))
  })

  it.runIf(single)('refuses a parameter given twice where it takes one value', async () => {
    const value = example.get(single!) ?? '1'
    const query = new URLSearchParams(example)
    query.delete(single!)
    query.append(single!, value)
    query.append(single!, value)
    const res = await callContract(server, contract, who, {
      path: `${contract.example.split('?')[0]}?${query}`,
    })
    expect(res.status, res.text.slice(0, 200)).toBe(400)
    expect(messageOf(res)).toContain(queryMessages.repeated(single!))
  })

  it.runIf(rule.lists.size > 0)('lets a list parameter repeat', async () => {
    for (const name of rule.lists) {
      const value = example.get(name)
      if (value === null) continue
      const res = await callContract(server, contract, who, {
        path: withParams(contract.example, `${name}=${encodeURIComponent(value)}`),
      })
      expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBeLessThan(400)
    }
  })
})

describe('the stand-ins answer what their real clients send', () => {
  it("storyblok-js-client's parameters, known to the stand-in or not", async () => {
    const res = await server.call(
      'GET',
      '/v2/cdn/stories?token=local-public-token&version=published&cv=1700000000&per_page=2&page=1&language=default&fallback_lang=pt&excluding_fields=body&resolve_level=2',
    )
    expect(res.status, res.text.slice(0, 200)).toBe(200)
  })

  it("Cora's authorize link as the app writes it", async () => {
    const params = new URLSearchParams({
      client_id: 'contabil-local',
      response_type: 'code',
      scope: 'accounts.read statements.read',
      state: 'nao-existe',
      redirect_uri: 'http://localhost/app/bank-statements/cora/callback',
    })
    const res = await server.call('GET', `/cora/oauth/authorize?${params}`)
    // An unknown state is the page's own 400 ("link inválido"), not a refused parameter.
    expect(res.text).toContain('Este link de autorização não é válido')
  })

  it('documents repeat their type on purpose', async () => {
    const res = await server.call(
      'GET',
      '/documents?companyId=cmp-ana-design&type=guia&type=extrato&limit=5',
      { as: 'ana@contabil.dev' },
    )
    expect(res.status, res.text.slice(0, 200)).toBe(200)
  })
})
