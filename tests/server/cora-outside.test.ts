import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CORA_MALFORMED, CORA_UNANSWERED, CORA_UNREACHED } from '../../mock-server/domain/bank/cora'
import type {
  CoraApi,
  CoraStatement,
  CoraTokenAnswer,
} from '../../mock-server/stand-ins/cora/contract'
import { EVA } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

// Cora (mock-server/stand-ins/cora/contract.ts) losing or delaying its answers, as the product
// meets it (mock-server/domain/bank/commands.ts `connectCoraAccount`): a fake `CoraApi` in place
// of the stand-in, each test saying how it answers. A lost answer is refused with 502 and writes
// nothing; a statement read twice (the person pressed connect again) books its lines once.

/** How long this server waits for Cora (the product's `coraTimeoutMs`). */
const WAIT_MS = 1_000
const COMPANY = 'cmp-eva-studio'
const CONNECT = `/bank-statements/connections/oauth/cora?code=code-1&state=state-1&companyId=${COMPANY}`

const TOKEN: CoraTokenAnswer = {
  ok: true,
  token: { accessToken: 'token-1', tokenType: 'Bearer', expiresIn: 3600, scope: 'statements.read' },
}

const STATEMENT: CoraStatement = {
  account: {
    bankId: '403',
    bankName: 'Cora SCD',
    branch: '0001',
    accountNumber: '7777777-1',
    accountType: 'CHECKING',
    currency: 'BRL',
  },
  start: '2026-09-01',
  end: '2026-11-30',
  entries: [
    {
      id: 'cora-e-1',
      date: '2026-09-10',
      amount: 1500,
      type: 'CREDIT',
      description: 'PIX RECEBIDO',
    },
    { id: 'cora-e-2', date: '2026-10-05', amount: -89.9, type: 'DEBIT', description: 'TARIFA' },
    { id: 'cora-e-3', date: '2026-11-20', amount: 320.5, type: 'CREDIT', description: 'TED' },
  ],
}

/** How the fake answers each call: a function per method, set by each test. */
const fake: {
  exchangeCode: CoraApi['exchangeCode']
  statement: CoraApi['statement']
  calls: { exchangeCode: number; statement: number }
} = {
  exchangeCode: () => Promise.resolve(TOKEN),
  statement: () => Promise.resolve(STATEMENT),
  calls: { exchangeCode: 0, statement: 0 },
}
const cora: CoraApi = {
  startConsent: () => Promise.reject(new Error('not used by these tests')),
  exchangeCode: (request) => {
    fake.calls.exchangeCode += 1
    return fake.exchangeCode(request)
  },
  statement: (token, period) => {
    fake.calls.statement += 1
    return fake.statement(token, period)
  },
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ coraTimeoutMs: WAIT_MS }, { cora })
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
  fake.exchangeCode = () => Promise.resolve(TOKEN)
  fake.statement = () => Promise.resolve(STATEMENT)
  fake.calls = { exchangeCode: 0, statement: 0 }
})

/** The company's rows a Cora connection writes (and what reconciliation writes after it). */
function booked() {
  const { bankConnections, bankAccounts, bankTransactions, reconciliations } = server.store.data
  const accounts = bankAccounts.filter((a) => a.companyId === COMPANY)
  const accountIds = new Set(accounts.map((a) => a.id))
  return {
    connections: bankConnections.filter((c) => c.companyId === COMPANY),
    accounts,
    lines: bankTransactions.filter((t) => accountIds.has(t.accountId)),
    reconciliations: reconciliations.filter((r) => r.companyId === COMPANY),
  }
}

/** The accounts booked since `before`: the Cora account a connection opened. */
const openedSince = (before: ReturnType<typeof booked>) =>
  booked().accounts.filter((a) => !before.accounts.some((b) => b.id === a.id))

const connect = () => server.call('POST', CONNECT, { as: EVA })

/** A promise that never settles: an answer that never comes. */
const never = <T>() => new Promise<T>(() => undefined)

describe("Cora's lost or late answers", () => {
  it('answers 502 and writes nothing when the statement read throws', async () => {
    const before = booked()
    fake.statement = () => Promise.reject(new TypeError('fetch failed'))
    const res = await connect()
    expect(res.status).toBe(502)
    expect(res.body).toEqual({ message: CORA_UNANSWERED })
    expect(booked()).toEqual(before)
    expect(before.connections).toHaveLength(0)
  })

  it('answers 502 and writes nothing when the statement read never answers', async () => {
    const before = booked()
    fake.statement = never
    const started = Date.now()
    const res = await connect()
    expect(res.status).toBe(502)
    expect(res.body).toEqual({ message: CORA_UNANSWERED })
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50)
    expect(booked()).toEqual(before)
  })

  it('writes nothing when Cora gave the token and then no statement, and connects on the next try', async () => {
    const before = booked()
    fake.statement = () => Promise.resolve(null)
    const lost = await connect()
    expect(lost.status).toBe(502)
    expect(lost.body).toEqual({ message: CORA_UNANSWERED })
    expect(fake.calls).toEqual({ exchangeCode: 1, statement: 1 })
    expect(booked()).toEqual(before)

    fake.statement = () => Promise.resolve(STATEMENT)
    const again = await connect()
    expect(again.status).toBe(201)
    expect(again.body.data).toMatchObject({ imported: 3, duplicates: 0 })
    const opened = openedSince(before)
    expect(opened).toHaveLength(1)
    expect(booked().connections).toHaveLength(1)
    const lines = booked().lines.filter((t) => t.accountId === opened[0]!.id)
    expect(lines.map((t) => t.fitId).sort()).toEqual(['cora-e-1', 'cora-e-2', 'cora-e-3'])
  })

  it('answers 502 and writes nothing when the code exchange throws or never answers', async () => {
    const before = booked()
    fake.exchangeCode = () => Promise.reject(new Error('socket hang up'))
    const thrown = await connect()
    expect(thrown).toMatchObject({ status: 502, body: { message: CORA_UNREACHED } })
    fake.exchangeCode = never
    const silent = await connect()
    expect(silent).toMatchObject({ status: 502, body: { message: CORA_UNREACHED } })
    expect(fake.calls.statement).toBe(0)
    expect(booked()).toEqual(before)
  })

  it('books the lines once when the first read answers late, after the person connected again', async () => {
    const before = booked()
    let answerFirst: (statement: CoraStatement) => void = () => undefined
    fake.statement = () =>
      new Promise<CoraStatement>((resolve) => {
        answerFirst = resolve
      })
    const first = connect()
    // The first read is under way and unanswered; the person presses connect again.
    await expect.poll(() => fake.calls.statement).toBe(1)
    fake.statement = () => Promise.resolve(STATEMENT)
    const second = await connect()
    expect(second.status).toBe(201)
    expect(second.body.data).toMatchObject({ imported: 3, duplicates: 0 })
    const afterSecond = booked()
    const opened = openedSince(before)
    expect(opened).toHaveLength(1)
    expect(afterSecond.lines).toHaveLength(before.lines.length + 3)

    // The first read's answer comes now, inside the wait: same entries, nothing new.
    answerFirst(STATEMENT)
    const late = await first
    expect(late.status).toBe(201)
    expect(late.body.data).toMatchObject({
      imported: 0,
      duplicates: 3,
      connection: { id: afterSecond.connections[0]!.id },
      account: { id: opened[0]!.id },
    })
    const after = booked()
    expect(after.connections).toHaveLength(1)
    // The same accounts, their balances as they were (only their `updatedAt` is the late read's).
    const unstamped = (accounts: typeof after.accounts) =>
      accounts.map(({ updatedAt: _, ...account }) => account)
    expect(unstamped(after.accounts)).toEqual(unstamped(afterSecond.accounts))
    expect(after.lines).toEqual(afterSecond.lines)
  })

  const malformed: [string, (s: CoraStatement) => unknown][] = [
    ['an amount in text', (s) => ({ ...s, entries: [{ ...s.entries[0]!, amount: '1.500,00' }] })],
    [
      'an amount that is not a number',
      (s) => ({ ...s, entries: [{ ...s.entries[0]!, amount: NaN }] }),
    ],
    [
      'a day that does not exist',
      (s) => ({ ...s, entries: [{ ...s.entries[0]!, date: '2026-02-30' }] }),
    ],
    ['an entry without its id', (s) => ({ ...s, entries: [{ ...s.entries[0]!, id: '' }] })],
    ['an unknown entry type', (s) => ({ ...s, entries: [{ ...s.entries[0]!, type: 'GIFT' }] })],
    ['no entries list', (s) => ({ ...s, entries: undefined })],
    ['no account number', (s) => ({ ...s, account: { ...s.account, accountNumber: '' } })],
    ['an account of another bank', (s) => ({ ...s, account: { ...s.account, bankId: '001' } })],
    ['not a statement at all', () => '<html>502 Bad Gateway</html>'],
  ]
  it.each(malformed)('refuses a statement with %s and writes nothing', async (_, spoil) => {
    const before = booked()
    fake.statement = () => Promise.resolve(spoil(STATEMENT) as CoraStatement)
    const res = await connect()
    expect(res.status).toBe(502)
    expect(res.body).toEqual({ message: CORA_MALFORMED })
    expect(booked()).toEqual(before)
  })
})
