import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { reconcileCompany } from '../../mock-server/domain/bank/reconciliation/reconciler'
import { startTestServer, type TestServer } from './harness'
import { anaStatement, uploadAnaOfx } from './ana-statement'

// A long reconciliation run gives the API's thread back between its batches for the requests
// being answered (mock-server/domain/pacing.ts) — but not for the request that waits for the run
// itself: that one only waits, and pausing for it only made the run longer
// (scripts/bench-scale.ts, the full reconciliation its test hook waits for).

/** The `own` of every pace a reconciliation run asked for (reconciler.ts). */
const owns = vi.hoisted(() => [] as number[])
vi.mock('../../mock-server/domain/pacing', async (original) => {
  const actual = await original<typeof import('../../mock-server/domain/pacing')>()
  const fromRun = () => new Error().stack?.includes('reconciler') ?? false
  return {
    ...actual,
    giveWay: (held: number, share: number, own = 0) => {
      if (fromRun()) owns.push(own)
      return actual.giveWay(held, share, own)
    },
    spend: (held: number, share: number, own = 0) => {
      if (fromRun()) owns.push(own)
      actual.spend(held, share, own)
    },
  }
})

const COMPANY = 'cmp-ana-design'
/** Enough credits for a run to hold the thread past the point where it starts to pace. */
const LINES = 20_000

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
  owns.length = 0
})

const credits = () =>
  anaStatement(
    Array.from({ length: LINES }, (_, n) => ({
      fitId: `PACE${n}`,
      date: `2026-0${1 + (n % 9)}-${String(1 + (n % 28)).padStart(2, '0')}`,
      amount: 1000 + n / 100,
      memo: `PIX RECEBIDO ${n}`,
    })),
  )

describe("a long run's pace", () => {
  it('does not pause for the request that waits for it, and pauses for others', async () => {
    const res = await uploadAnaOfx(server, credits())
    expect(res.status).toBe(201)
    // The upload waited for its run: the run counted it as its own.
    expect(owns.length).toBeGreaterThan(0)
    expect(new Set(owns)).toEqual(new Set([1]))

    // The records gone, a run nobody waits for (as a bulk close's) writes them again: it has no
    // request of its own.
    server.store.write(() => server.store.reconciliations.removeWhere({ companyId: COMPANY }))
    owns.length = 0
    await reconcileCompany(server.store, COMPANY, undefined, { awaited: false })
    expect(owns.length).toBeGreaterThan(0)
    expect(new Set(owns)).toEqual(new Set([0]))
  }, 60_000)
})
