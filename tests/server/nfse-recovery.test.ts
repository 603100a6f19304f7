import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../mock-server/app'
import { analysisPending } from '../../src/machines/nfs-request'
import { exampleInvoiceBody } from './contracts/invoices'
import { ADMIN, startTestServer, type TestServer } from './harness'

// A lost answer never locks a company, nothing is issued twice: each fault the Sefin Nacional
// stand-in injects (stand-ins/sefin-nacional/faults.ts), a server stopping between sending and
// recording, a deletion during issuance and two servers issuing for one company on one data
// folder end with every DPS number used once, the request issued or clearly waiting, and the
// next request issued.

const ANA = 'ana@contabil.dev'
const OWN = 'companyId=cmp-ana-design'
const COMPANY = 'cmp-ana-design'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
})

const issue = (s: TestServer, id: string) =>
  s.call('POST', `/nfs/requests/${id}/issue`, { as: ADMIN.email })
const arm = (fault: string) => server.call('POST', `/__test/sefin-faults?${fault}=1`)
const recover = () => server.call('POST', '/__test/sefin-recovery')
const requestOf = (id: string) => server.store.nfsRequests.get(id)!

async function newRequest(s: TestServer = server) {
  const created = await s.call('POST', `/nfs/requests?${OWN}`, {
    as: ANA,
    body: exampleInvoiceBody,
  })
  expect(created.status, created.text).toBe(201)
  return created.body.data.id as string
}

/** Every DPS number of the company used once by the national system, and each request's own. */
function expectNumbersUsedOnce() {
  const nfse = server.store.sefinNfse.find({ where: { providerCnpj: '45218739000102' } })
  const dpsIds = nfse.map((n) => n.dpsId)
  expect(new Set(dpsIds).size).toBe(dpsIds.length)
  const issued = server.store.dpsReservations.find({
    where: { companyId: COMPANY, status: 'issued' },
  })
  const numbers = issued.map((r) => r.number)
  expect(new Set(numbers).size).toBe(numbers.length)
  for (const reservation of issued)
    expect(requestOf(reservation.requestId)).toMatchObject({
      status: 'issued',
      dpsNumber: reservation.number,
      accessKey: reservation.accessKey,
    })
}

/** The next request of the company is issued, with the next number. */
async function expectNextIssued() {
  const next = await issue(server, await newRequest())
  expect(next.status, next.text).toBe(200)
  expect(next.body.data.status).toBe('issued')
  expectNumbersUsedOnce()
}

function expectAwaiting(answer: Awaited<ReturnType<TestServer['call']>>) {
  expect(answer.status, answer.text).toBe(502)
  expect(answer.body.message).toMatch(
    /A Receita ainda não confirmou a emissão \(DPS nº \d+\); conferimos em instantes/,
  )
  expect(answer.body.issues).toEqual([
    { path: ['sefin', 'awaiting'], message: answer.body.message },
  ])
}

describe('a lost answer', () => {
  it('reset-after-issue: waiting, never deletable meanwhile, then recovered by GET /dps/{id}', async () => {
    const id = await newRequest()
    await arm('reset-after-issue')
    expectAwaiting(await issue(server, id))
    expect(requestOf(id).status).toBe('awaiting')
    // The Sefin has it: a single NFS-e of that DPS.
    const reservation = server.store.dpsReservations.first({ where: { requestId: id } })!
    expect(reservation.status).toBe('unconfirmed')
    expect(server.store.sefinNfse.count({ dpsId: reservation.dpsId })).toBe(1)
    // The company cannot delete it while it is being issued.
    const deleted = await server.call('DELETE', `/nfs/requests/${id}?${OWN}`, { as: ANA })
    expect(deleted.status).toBe(409)
    expect(deleted.body.message).toMatch(/sendo emitida/)
    // The background check records the NFS-e the Sefin issued.
    expect((await recover()).body.data).toEqual([id])
    expect(requestOf(id)).toMatchObject({ status: 'issued', dpsNumber: reservation.number })
    await expectNextIssued()
  })

  it('timeout: the next "Emitir" asks the Sefin before anything and records its NFS-e', async () => {
    const id = await newRequest()
    await arm('timeout')
    expectAwaiting(await issue(server, id))
    const again = await issue(server, id)
    expect(again.status, again.text).toBe(200)
    expect(again.body.data).toMatchObject({ status: 'issued' })
    await expectNextIssued()
  })

  it('500: the Sefin has none, the number is freed and used by the next DPS', async () => {
    const id = await newRequest()
    await arm('500')
    expectAwaiting(await issue(server, id))
    const number = server.store.dpsReservations.first({ where: { requestId: id } })!.number
    await recover()
    expect(requestOf(id).status).toBe('pending')
    expect(
      server.store.dpsReservations.get(
        `${server.store.dpsReservations.first({ where: { requestId: id } })!.dpsId}`,
      )?.status,
    ).toBe('released')
    const issued = await issue(server, id)
    expect(issued.status, issued.text).toBe(200)
    expect(issued.body.data.dpsNumber).toBe(number)
    await expectNextIssued()
  })
})

/** A second server on the same data folder, issuing through the first's stand-in. */
async function secondServer() {
  const standIn = await server.sefin.standIn()
  const instance = createApp({
    ...server.config,
    sefinUrl: `https://localhost:${standIn!.port}/SefinNacional`,
  })
  const listening = instance.app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => listening.once('listening', () => resolve()))
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
  return {
    instance,
    url,
    async close() {
      await new Promise<void>((resolve) => listening.close(() => resolve()))
      await instance.close()
    },
  }
}

describe('two servers on one data folder', () => {
  it('a server stopped between sending and recording: another one recovers the NFS-e', async () => {
    const id = await newRequest()
    // The seed's NFS-e are in the stand-in's registry already (mock-server/seed/nfse.ts).
    const seeded = server.store.sefinNfse.count()
    await arm('timeout')
    const pending = issue(server, id)
    // The stand-in issued it; the first server has not recorded it (its answer never comes).
    await expect
      .poll(() => server.store.sefinNfse.count(), { timeout: 10_000 })
      .toBeGreaterThan(seeded)
    const reservation = server.store.dpsReservations.first({ where: { requestId: id } })!
    expect(reservation.status).toBe('sending')
    const other = await secondServer()
    try {
      // As if the first one had stopped a minute ago: its "sending" reservation is stale.
      other.instance.store.write(() =>
        other.instance.store.dpsReservations.update({
          ...reservation,
          sentAt: new Date(Date.now() - 60_000).toISOString(),
        }),
      )
      expect(await other.instance.recovery.runNow()).toEqual([id])
      expect(requestOf(id).status).toBe('issued')
    } finally {
      await other.close()
    }
    await pending
    expect(requestOf(id).status).toBe('issued')
    await expectNextIssued()
  })

  it('two servers issuing for one company at once: different numbers, both issued', async () => {
    const [a, b] = [await newRequest(), await newRequest()]
    const other = await secondServer()
    try {
      const token = await import('./harness').then((h) => h.signIn(ADMIN.email))
      const [first, second] = await Promise.all([
        issue(server, a),
        fetch(`${other.url}/nfs/requests/${b}/issue`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ])
      expect(first.status).toBe(200)
      expect(second.status).toBe(200)
      expect(first.body.data.dpsNumber).not.toBe(second.body.data.dpsNumber)
    } finally {
      await other.close()
    }
    await expectNextIssued()
  })
})

describe('the background check at the size of a firm', () => {
  it('reads the NFS-e it has to settle from an index, never every issued invoice', () => {
    // mock-server/domain/invoices/nfse/cancellation.ts checkCancellations and
    // cancellation-analysis.ts checkAnalyses run every few seconds; a firm has hundreds of
    // thousands of issued NFS-e, of which a handful wait for the Receita.
    const plan = server.store.nfsRequests.planOfPage({ where: { withSefin: 1 } })
    expect(plan.page.join('\n')).toMatch(
      /^SEARCH nfs_requests USING INDEX nfs_requests_by_with_sefin/m,
    )
    expect(
      plan.page.filter((step) => step.startsWith('SCAN ') || step.includes('TEMP B-TREE')),
    ).toEqual([])
    const { store } = server
    const [cancelling, analysed, settled] = store.nfsRequests.find({ where: { status: 'issued' } })
    const at = new Date().toISOString()
    const sent = { code: '1' as const, reason: 'Erro na emissão do serviço', requestedAt: at }
    store.write(() => {
      store.nfsRequests.update({
        ...cancelling!,
        cancellationSending: { ...sent, status: 'unconfirmed', by: ADMIN.email, problem: null },
      })
      store.nfsRequests.update({
        ...analysed!,
        cancellationAnalysis: {
          ...sent,
          status: 'requested',
          sequence: 1,
          answeredAt: null,
          answer: null,
          answerProblem: null,
        },
      })
      store.nfsRequests.update({
        ...settled!,
        cancellationAnalysis: {
          ...sent,
          status: 'refused',
          sequence: 1,
          answeredAt: at,
          answer: 'Negado',
          answerProblem: null,
        },
      })
    })
    const issued = store.nfsRequests.find({ where: { status: 'issued' } })
    const waiting = issued.filter(
      (request) => request.cancellationSending || analysisPending(request),
    )
    expect(waiting.map((request) => request.id).sort()).toEqual(
      [cancelling!.id, analysed!.id].sort(),
    )
    expect(store.nfsRequests.find({ where: { withSefin: 1 } })).toEqual(waiting)
  })
})
