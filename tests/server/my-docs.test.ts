import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompanyDocument } from '../../src/schemas/document'
import { startTestServer, type TestServer } from './harness'

// GET /documents?createdBy: a person's own documents in a company (/app/user/my-docs).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const ANA = 'ana@contabil.dev'

describe('GET /documents?createdBy', () => {
  it('lists only what that person sent, with the other filters', async () => {
    const all = server.store.data.documents.filter(
      (d: CompanyDocument) => d.companyId === 'cmp-ana-design',
    )
    const byAna = all.filter((d: CompanyDocument) => d.createdBy === 'uid-ana')
    expect(byAna.length).toBeGreaterThan(0)
    expect(byAna.length).toBeLessThan(all.length)
    const res = await server.call(
      'GET',
      '/documents?companyId=cmp-ana-design&createdBy=uid-ana&limit=100',
      { as: ANA },
    )
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(byAna.length)
    expect(res.body.data.every((d: CompanyDocument) => d.createdBy === 'uid-ana')).toBe(true)

    const personal = await server.call(
      'GET',
      '/documents?companyId=cmp-ana-design&createdBy=uid-ana&type=pessoal',
      { as: ANA },
    )
    expect(personal.body.total).toBe(byAna.filter((d) => d.type === 'pessoal').length)
    const nobody = await server.call(
      'GET',
      '/documents?companyId=cmp-ana-design&createdBy=uid-nobody',
      { as: ANA },
    )
    expect(nobody.body).toEqual({ data: [], total: 0 })
  })
})
