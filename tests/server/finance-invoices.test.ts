import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { listOf, recordOf } from '../../src/schemas/common'
import {
  invoiceMessages,
  nfsRequestSchema,
  nfsSchedulerSchema,
  type NfsRequest,
} from '../../src/schemas/invoice'
import { exampleInvoiceBody } from './contracts/invoices'
import { messages } from '../../src/schemas/messages'
import { ANA, EVA, BRUNO, ADMIN, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const anaRequests = () =>
  server.store.data.nfsRequests.filter((r: NfsRequest) => r.companyId === 'cmp-ana-design')
const newestFirst = (list: NfsRequest[]) =>
  [...list].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? 1 : -1))

describe('GET /nfs/requests', () => {
  beforeAll(() => server.store.reset())

  it("pages the company's requests, newest first, 10 by default", async () => {
    const res = await server.call('GET', `/nfs/requests?${OWN}`, { as: ANA })
    expect(res.status).toBe(200)
    const body = listOf(nfsRequestSchema).parse(res.body)
    const expected = newestFirst(anaRequests())
    expect(body.total).toBe(expected.length)
    expect(body.total).toBeGreaterThan(50)
    expect(body.data.map((r) => r.id)).toEqual(expected.slice(0, 10).map((r) => r.id))
    const page2 = await server.call('GET', `/nfs/requests?${OWN}&limit=7&offset=7`, { as: ANA })
    expect(page2.body.data.map((r: NfsRequest) => r.id)).toEqual(
      expected.slice(7, 14).map((r) => r.id),
    )
  })

  it('filters by status, date (year, month or day) and free text', async () => {
    const issued = await server.call('GET', `/nfs/requests?${OWN}&status=issued&limit=100`, {
      as: ANA,
    })
    expect(issued.body.total).toBe(anaRequests().filter((r) => r.status === 'issued').length)
    expect(issued.body.data.every((r: NfsRequest) => r.status === 'issued')).toBe(true)

    const month = anaRequests()[0]!.date.slice(0, 7)
    const inMonth = await server.call('GET', `/nfs/requests?${OWN}&date=${month}&limit=100`, {
      as: ANA,
    })
    expect(inMonth.body.total).toBe(anaRequests().filter((r) => r.date.startsWith(month)).length)
    expect(inMonth.body.data.every((r: NfsRequest) => r.date.startsWith(month))).toBe(true)

    const day = anaRequests()[0]!.date
    const onDay = await server.call('GET', `/nfs/requests?${OWN}&date=${day}`, { as: ANA })
    expect(onDay.body.total).toBe(anaRequests().filter((r) => r.date === day).length)

    // Accents and case do not matter; every word must appear.
    const text = await server.call('GET', `/nfs/requests?${OWN}&query=PAO dourado&limit=100`, {
      as: ANA,
    })
    const dourado = anaRequests().filter((r) => r.taker?.name === 'Padaria Pão Dourado Ltda')
    expect(text.body.total).toBe(dourado.length)
    expect(text.body.total).toBeGreaterThan(0)
    const byDocument = await server.call('GET', `/nfs/requests?${OWN}&query=30872299000135`, {
      as: ANA,
    })
    expect(byDocument.body.total).toBe(dourado.length)
  })

  it('refuses bad filters, other companies and anonymous callers', async () => {
    const bad = await server.call('GET', `/nfs/requests?${OWN}&status=paid`, { as: ANA })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('Status inválido')
    expect(
      (await server.call('GET', `/nfs/requests?${OWN}&date=2026-13`, { as: ANA })).status,
    ).toBe(400)
    expect((await server.call('GET', `/nfs/requests?${OWN}&limit=0`, { as: ANA })).status).toBe(400)
    expect((await server.call('GET', `/nfs/requests?${OWN}`, { as: BRUNO })).status).toBe(403)
    expect((await server.call('GET', `/nfs/requests?${OWN}`)).status).toBe(401)
    expect(
      (await server.call('GET', '/nfs/requests?companyId=cmp-nope', { as: ADMIN })).status,
    ).toBe(404)
  })
})

describe('GET /nfs/requests/search', () => {
  it('lets an admin search every company', async () => {
    const res = await server.call('GET', '/nfs/requests/search?status=pending&limit=100', {
      as: ADMIN,
    })
    expect(res.status).toBe(200)
    const pending = server.store.data.nfsRequests.filter((r: NfsRequest) => r.status === 'pending')
    expect(res.body.total).toBe(pending.length)
    expect(new Set(res.body.data.map((r: NfsRequest) => r.companyId)).size).toBeGreaterThan(1)
    const text = await server.call('GET', '/nfs/requests/search?query=revista sul', { as: ADMIN })
    expect(text.body.total).toBeGreaterThan(0)
    expect(text.body.data.every((r: NfsRequest) => r.companyId === 'cmp-eva-studio')).toBe(true)
    expect((await server.call('GET', '/nfs/requests/search', { as: ANA })).status).toBe(403)
  })
})

describe('POST /nfs/requests', () => {
  beforeEach(() => server.store.reset())

  it('creates a pending request in the name of the company', async () => {
    // The same search before and after: a cached answer must not hide the new request.
    const search = `/nfs/requests?${OWN}&query=cafes especiais`
    expect((await server.call('GET', search, { as: ANA })).body.total).toBe(0)
    const res = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: exampleInvoiceBody,
    })
    expect(res.status).toBe(201)
    const { data } = recordOf(nfsRequestSchema).parse(res.body)
    expect(data).toMatchObject({
      companyId: 'cmp-ana-design',
      cnpj: '45218739000102',
      totalValue: 1850.5,
      status: 'pending',
      number: null,
      taker: { document: '66769352000114', address: { zipCode: '05435000' } },
    })
    expect(server.store.data.nfsRequests.some((r: NfsRequest) => r.id === data.id)).toBe(true)
    const listed = await server.call('GET', `/nfs/requests?${OWN}&query=cafes especiais`, {
      as: ANA,
    })
    expect(listed.body.data.map((r: NfsRequest) => r.id)).toContain(data.id)
    // A taker with a CPF works too.
    const cpf = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ADMIN,
      body: {
        ...exampleInvoiceBody,
        taker: { ...exampleInvoiceBody.taker, document: '713.524.399-48' },
      },
    })
    expect(cpf.status).toBe(201)
    expect(cpf.body.data.taker.document).toBe('71352439948')
  })

  it('answers bad input with the exact messages and changes nothing', async () => {
    const before = server.store.data.nfsRequests.length
    const { cnpj: _cnpj, ...withoutCnpj } = exampleInvoiceBody
    const cases: [unknown, string][] = [
      [withoutCnpj, 'CNPJ precisa ser definido.'],
      [{ ...exampleInvoiceBody, cnpj: '' }, 'CNPJ precisa ser definido.'],
      [{ ...exampleInvoiceBody, totalValue: 0.99 }, 'Valor precisa ser maior ou igual a 1 real.'],
      [{ ...exampleInvoiceBody, totalValue: '100' }, 'Valor precisa ser maior ou igual a 1 real.'],
      [
        {
          ...exampleInvoiceBody,
          taker: { ...exampleInvoiceBody.taker, document: '111.111.111-11' },
        },
        messages.takerDocumentInvalid,
      ],
      [{ ...exampleInvoiceBody, taxationCode: '1701' }, invoiceMessages.taxationCodeInvalid],
      [{ ...exampleInvoiceBody, municipalityCode: '355030' }, invoiceMessages.municipalityInvalid],
      [{ ...exampleInvoiceBody, issWithheld: 'não' }, invoiceMessages.issWithheld],
      [{ ...exampleInvoiceBody, issTaxation: 'isento' }, invoiceMessages.issTaxation],
      [
        {
          ...exampleInvoiceBody,
          taker: {
            ...exampleInvoiceBody.taker,
            address: { ...exampleInvoiceBody.taker.address, zipCode: '00000-000' },
          },
        },
        messages.cepBelowRange,
      ],
      [
        { ...exampleInvoiceBody, taker: { ...exampleInvoiceBody.taker, email: 'x' } },
        'E-mail inválido',
      ],
    ]
    for (const [body, message] of cases) {
      const res = await server.call('POST', `/nfs/requests?${OWN}`, { as: ANA, body })
      expect(res.status).toBe(400)
      expect(res.body.issues.map((i: { message: string }) => i.message)).toContain(message)
    }
    const extra = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, status: 'issued' },
    })
    expect(extra.status).toBe(400)
    const malformed = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      raw: '{"cnpj":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    const otherCnpj = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, cnpj: '51.357.924/0001-80' },
    })
    expect(otherCnpj.status).toBe(400)
    expect(otherCnpj.body.message).toBe('O CNPJ informado não é o da empresa.')
    expect(
      (await server.call('POST', `/nfs/requests?${OWN}`, { as: BRUNO, body: exampleInvoiceBody }))
        .status,
    ).toBe(403)
    expect(server.store.data.nfsRequests.length).toBe(before)
  })
})

describe('DELETE /nfs/requests/{id}', () => {
  beforeEach(() => server.store.reset())

  it('deletes only a pending request', async () => {
    const res = await server.call('DELETE', `/nfs/requests/nfs-ana-rascunho?${OWN}`, { as: ANA })
    expect(res.status).toBe(200)
    expect(server.store.data.nfsRequests.some((r: NfsRequest) => r.id === 'nfs-ana-rascunho')).toBe(
      false,
    )
    const issued = anaRequests().find((r) => r.status === 'issued')!
    const refused = await server.call('DELETE', `/nfs/requests/${issued.id}?${OWN}`, { as: ANA })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'Só é possível excluir uma solicitação pendente (esta está "Emitida").',
    )
    expect((await server.call('DELETE', `/nfs/requests/nfs-nope?${OWN}`, { as: ANA })).status).toBe(
      404,
    )
    // Eva's request is not found through Ana's company.
    expect(
      (await server.call('DELETE', `/nfs/requests/nfs-eva-aguardando?${OWN}`, { as: ANA })).status,
    ).toBe(404)
  })
})

describe('PUT /nfs/requests/{id}/status/{status}', () => {
  beforeEach(() => server.store.reset())

  it('moves pending → processing → issued with an NFS-e number, admin only', async () => {
    const url = '/nfs/requests/nfs-ana-aguardando/status'
    expect((await server.call('PUT', `${url}/processing`, { as: ANA })).status).toBe(403)
    const processing = await server.call('PUT', `${url}/processing`, { as: ADMIN })
    expect(processing.status).toBe(200)
    expect(processing.body.data.status).toBe('processing')
    const number = Math.max(...anaRequests().map((r) => r.number ?? 0)) + 1
    // The NFS-e's PDF goes to the company's folder first (tests/server/back-office.test.ts
    // covers the documents it becomes).
    const link = await server.call('GET', `/upload/nfse-${number}.pdf?${OWN}`, { as: ADMIN })
    const signed = new URL(link.body.data.url)
    const put = await fetch(server.url + signed.pathname + signed.search, {
      method: 'PUT',
      body: '%PDF-1.4',
    })
    // The file is stored under a key of its own, which the issue names.
    const pdfFileName = ((await put.json()) as { data: { fileName: string } }).data.fileName
    const issued = await server.call('PUT', `${url}/issued`, {
      as: ADMIN,
      body: { number, pdfFileName },
    })
    expect(issued.status).toBe(200)
    expect(issued.body.data).toMatchObject({ status: 'issued', number })
    expect(issued.body.data.issuedAt).toEqual(expect.any(String))
    expect(issued.body.data.statusHistory.map((h: { to: string }) => h.to)).toEqual([
      'pending',
      'processing',
      'issued',
    ])
    const back = await server.call('PUT', `${url}/pending`, { as: ADMIN })
    expect(back.status).toBe(409)
    expect(back.body.message).toBe('Não é possível mudar a nota de "Emitida" para "Pendente".')
  })

  it('rejects with a reason, refuses skipping steps and unknown statuses', async () => {
    const skip = await server.call('PUT', '/nfs/requests/nfs-ana-aguardando/status/issued', {
      as: ADMIN,
    })
    expect(skip.status).toBe(409)
    expect(skip.body.message).toBe('Não é possível mudar a nota de "Pendente" para "Emitida".')
    const reject = await server.call('PUT', '/nfs/requests/nfs-ana-processando/status/rejected', {
      as: ADMIN,
      body: { reason: 'Código de serviço não confere' },
    })
    expect(reject.body.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Código de serviço não confere',
    })
    expect(
      (await server.call('PUT', '/nfs/requests/nfs-ana-aguardando/status/done', { as: ADMIN }))
        .status,
    ).toBe(400)
    expect(
      (await server.call('PUT', '/nfs/requests/nfs-nope/status/processing', { as: ADMIN })).status,
    ).toBe(404)
  })
})

describe('schedules', () => {
  beforeEach(() => server.store.reset())
  const schedule = { ...exampleInvoiceBody, dayOfMonth: 10 }

  it('validates dayOfMonth 1..31 with the product message', async () => {
    for (const dayOfMonth of [0, 32, 1.5, '10', undefined]) {
      const res = await server.call('POST', `/nfs/schedulers?${OWN}`, {
        as: ANA,
        body: { ...schedule, dayOfMonth },
      })
      expect(res.status).toBe(400)
      expect(res.body.issues.map((i: { message: string }) => i.message)).toContain(
        'Dia do mês precisa ser entre 1 e 31.',
      )
    }
    for (const dayOfMonth of [1, 31]) {
      const res = await server.call('POST', `/nfs/schedulers?${OWN}`, {
        as: ANA,
        body: { ...schedule, dayOfMonth },
      })
      expect(res.status).toBe(201)
    }
  })

  it('creates, lists, updates and deletes a schedule', async () => {
    const created = await server.call('POST', `/nfs/schedulers?${OWN}`, { as: ANA, body: schedule })
    expect(created.status).toBe(201)
    const data = nfsSchedulerSchema
      .extend({ nextRunDate: z.string().nullable() })
      .parse(created.body.data)
    expect(data).toMatchObject({ dayOfMonth: 10, active: true, cnpj: '45218739000102' })
    const list = await server.call('GET', `/nfs/schedulers?${OWN}`, { as: ANA })
    expect(list.body.total).toBe(4)
    expect(list.body.data[0].id).toBe(data.id)

    const updated = await server.call('PUT', `/nfs/schedulers/${data.id}?${OWN}`, {
      as: ANA,
      body: { ...schedule, dayOfMonth: 28, totalValue: 999, active: false },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({
      dayOfMonth: 28,
      totalValue: 999,
      active: false,
      nextRunDate: null,
    })
    const badUpdate = await server.call('PUT', `/nfs/schedulers/${data.id}?${OWN}`, {
      as: ANA,
      body: { ...schedule, cnpj: undefined },
    })
    expect(badUpdate.body.issues[0].message).toBe('CNPJ precisa ser definido.')

    expect(
      (await server.call('DELETE', `/nfs/schedulers/${data.id}?${OWN}`, { as: ANA })).status,
    ).toBe(200)
    expect(
      (await server.call('DELETE', `/nfs/schedulers/${data.id}?${OWN}`, { as: ANA })).status,
    ).toBe(404)
    expect(
      (
        await server.call('PUT', `/nfs/schedulers/sch-eva-revista?${OWN}`, {
          as: ANA,
          body: schedule,
        })
      ).status,
    ).toBe(404)
  })

  it('lists the active schedules each caller may see', async () => {
    const ana = await server.call('GET', '/nfs/schedulers/active', { as: ANA })
    expect(ana.body.data.map((s: { id: string }) => s.id).sort()).toEqual([
      'sch-ana-cafe',
      'sch-ana-sorriso',
    ])
    expect(
      ana.body.data.every((s: { nextRunDate: string }) =>
        /^\d{4}-\d{2}-\d{2}$/.test(s.nextRunDate),
      ),
    ).toBe(true)
    const eva = await server.call('GET', '/nfs/schedulers/active', { as: EVA })
    expect(eva.body.data.map((s: { id: string }) => s.id)).toEqual(['sch-eva-revista'])
    const admin = await server.call('GET', '/nfs/schedulers/active', { as: ADMIN })
    expect(admin.body.total).toBe(3)
    expect(
      (await server.call('GET', '/nfs/schedulers/active?companyId=cmp-eva-studio', { as: ANA }))
        .status,
    ).toBe(403)
  })

  it('has made one request per month for each active schedule', () => {
    const cafe = server.store.data.nfsRequests.filter(
      (r: NfsRequest) => r.schedulerId === 'sch-ana-cafe',
    )
    const months = cafe.map((r: NfsRequest) => r.date.slice(0, 7))
    expect(new Set(months).size).toBe(months.length)
    expect(cafe.every((r: NfsRequest) => r.date.endsWith('-05'))).toBe(true)
    expect(cafe.length).toBeGreaterThanOrEqual(13)
    const sorriso = server.store.data.nfsRequests.filter(
      (r: NfsRequest) => r.schedulerId === 'sch-ana-sorriso',
    )
    // dayOfMonth 31: the month's last day.
    for (const r of sorriso) {
      const [y, m] = r.date.split('-').map(Number) as [number, number]
      expect(Number(r.date.slice(8))).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate())
    }
    expect(
      server.store.data.nfsRequests.some((r: NfsRequest) => r.schedulerId === 'sch-ana-instituto'),
    ).toBe(false)
  })
})

describe('the national DPS fields (the request form)', () => {
  beforeEach(() => server.store.reset())

  it('keeps the taxation code, its LC 116 item, the municipality and the ISS withholding', async () => {
    const res = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, taxationCode: '170601', issWithheld: true },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      taxationCode: '170601',
      serviceCode: '17.06',
      municipalityCode: '3550308',
      municipalityName: 'São Paulo/SP',
      issWithheld: true,
      // tribISSQN: a taxable operation unless the request says otherwise.
      issTaxation: 'taxable',
    })
  })

  it('keeps tribISSQN, on a request and on what a schedule makes', async () => {
    const exported = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, issTaxation: 'export' },
    })
    expect(exported.status).toBe(201)
    expect(exported.body.data.issTaxation).toBe('export')
    const schedule = await server.call('POST', `/nfs/schedulers?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, issTaxation: 'immune', dayOfMonth: 1 },
    })
    expect(schedule.status).toBe(201)
    expect(schedule.body.data.issTaxation).toBe('immune')
  })

  it('takes a request without a taker, as the national standard allows', async () => {
    const { taker: _taker, ...withoutTaker } = exampleInvoiceBody
    for (const body of [withoutTaker, { ...withoutTaker, taker: null }]) {
      const res = await server.call('POST', `/nfs/requests?${OWN}`, { as: ANA, body })
      expect(res.status).toBe(201)
      expect(res.body.data.taker).toBeNull()
    }
    const listed = await server.call('GET', `/nfs/requests?${OWN}&status=pending&limit=100`, {
      as: ANA,
    })
    expect(listed.body.data.filter((r: NfsRequest) => r.taker === null)).toHaveLength(2)
  })

  it('refuses a municipality that is not one of the 5,571', async () => {
    const res = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, municipalityCode: '3599999' },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(invoiceMessages.municipalityUnknown)
    const schedule = await server.call('POST', `/nfs/schedulers?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, dayOfMonth: 10, municipalityCode: '3599999' },
    })
    expect(schedule.status).toBe(400)
  })

  it('lists the services the company invoiced, the last used first, one per code', async () => {
    const before = await server.call('GET', `/nfs/services?${OWN}&limit=100`, { as: ANA })
    expect(before.status).toBe(200)
    const services = before.body.data as { taxationCode: string; lastUsedOn: string }[]
    expect(new Set(services.map((s) => s.taxationCode)).size).toBe(services.length)
    const days = services.map((s) => s.lastUsedOn)
    expect(days).toEqual([...days].sort().reverse())
    const fresh = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, taxationCode: '010101', serviceDescription: 'Sistema web' },
    })
    expect(fresh.status).toBe(201)
    const after = await server.call('GET', `/nfs/services?${OWN}&limit=100`, { as: ANA })
    expect(after.body.data[0]).toMatchObject({
      taxationCode: '010101',
      serviceCode: '01.01',
      description: 'Sistema web',
    })
    expect((await server.call('GET', `/nfs/services?${OWN}`, { as: BRUNO })).status).toBe(403)
  })
})
