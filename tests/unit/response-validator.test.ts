import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../../mock-server/openapi'
import {
  assertKeepsContract,
  ContractError,
  responseValidator,
  type Answer,
} from '../server/response-validator'
import { companyFixture } from './fixtures'

// The validator the server suites run on every answer (tests/server/harness.ts): an answer that
// keeps the document passes, and each way of breaking it is caught and named.

const validator = responseValidator(openApiDocument())
const json = 'application/json; charset=utf-8'
const answer = (overrides: Partial<Answer> & { body?: unknown }): Answer => {
  const { body, ...rest } = overrides
  return {
    method: 'GET',
    path: '/companies/me',
    status: 200,
    contentType: json,
    text: JSON.stringify(body ?? { data: [companyFixture()], total: 1 }),
    ...rest,
  }
}

describe('the response validator', () => {
  it('passes an answer that keeps the document', () => {
    expect(validator.check(answer({}))).toEqual({
      operation: 'GET /companies/me',
      problems: [],
    })
    expect(() => assertKeepsContract(answer({}))).not.toThrow()
  })

  it('catches a field renamed on one side (name → nome)', () => {
    const { name, ...rest } = companyFixture()
    const renamed = answer({ body: { data: [{ ...rest, nome: name }], total: 1 } })
    const verdict = validator.check(renamed)
    expect(verdict.problems).toContain("/data/0 must have required property 'name'")
    expect(() => assertKeepsContract(renamed)).toThrow(ContractError)
    expect(() => assertKeepsContract(renamed)).toThrow(/GET \/companies\/me → 200 breaks/)
  })

  it('catches a field the contract does not name', () => {
    const extra = answer({ body: { data: [{ ...companyFixture(), nome: 'Ana' }], total: 1 } })
    expect(validator.check(extra).problems).toEqual([
      "/data/0 must NOT have additional properties 'nome'",
    ])
  })

  it('catches a value of the wrong kind and a list without its total', () => {
    const wrongStatus = answer({
      body: { data: [{ ...companyFixture(), status: 'ativa' }], total: 1 },
    })
    expect(validator.check(wrongStatus).problems.join('\n')).toMatch(
      /\/data\/0\/status must be equal to one of the allowed values/,
    )
    const noTotal = answer({ body: { data: [] } })
    expect(validator.check(noTotal).problems).toEqual([
      "(body) must have required property 'total'",
    ])
  })

  it('catches a status the operation does not document', () => {
    const verdict = validator.check(answer({ status: 500, body: { message: 'Erro' } }))
    expect(verdict.problems).toEqual(['status 500 is not documented (it answers 200, 400, 401)'])
  })

  it('catches a media type the status does not declare, and a body where there is none', () => {
    expect(validator.check(answer({ contentType: 'text/html' })).problems).toEqual([
      'status 200 sent text/html, not application/json',
    ])
    const deleted = { method: 'DELETE', path: '/users/uid-ana', status: 204 }
    expect(validator.check(answer({ ...deleted, contentType: null, text: '' })).problems).toEqual(
      [],
    )
    expect(validator.check(answer({ ...deleted, text: '{}' })).problems).toEqual([
      'status 204 has no body, it sent one',
    ])
  })

  it('checks error bodies: the message and each issue with its path', () => {
    const refused = {
      method: 'POST',
      path: '/leads',
      status: 400,
    }
    const issues = [{ path: ['email'], message: 'E-mail inválido' }]
    expect(
      validator.check(answer({ ...refused, body: { message: 'E-mail inválido', issues } }))
        .problems,
    ).toEqual([])
    expect(
      validator.check(
        answer({ ...refused, body: { message: 'E-mail inválido', issues: [{ campo: 'email' }] } }),
      ).problems,
    ).toContain("/issues/0 must have required property 'path'")
    expect(validator.check(answer({ ...refused, body: { erro: 'x' } })).problems).toContain(
      "(body) must have required property 'message'",
    )
  })

  it('finds the operation as Express does: a literal path before a parameter, a slug with slashes', () => {
    expect(validator.operationOf('GET', '/nfs/requests/search')?.path).toBe('/nfs/requests/search')
    expect(validator.operationOf('GET', '/nfs/requests/req-1')?.path).toBe('/nfs/requests/{id}')
    expect(validator.operationOf('GET', '/v2/cdn/stories/blog/posts/um-post')?.path).toBe(
      '/v2/cdn/stories/{slug}',
    )
    // Not part of the API (a test hook): nothing to check.
    expect(
      validator.check(answer({ method: 'POST', path: '/__reset', body: { ok: true } })),
    ).toEqual({ operation: null, problems: [] })
  })
})
