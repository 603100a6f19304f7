import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listOf, recordOf } from '../../src/schemas/common'
import { bankAccountSummarySchema, bankTransactionSchema } from '../../src/schemas/bank'
import { ANA, BRUNO, EVA, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

// What the bank-statement screens read beyond the spec's calls: one account (its 404 makes the
// transactions page a 'Page not found'), the transaction filters, and categorising several rows.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type Txn = {
  id: string
  accountId: string
  date: string
  description: string
  taxCategoryId: string | null
}
const coraTransactions = () =>
  (server.store.data.bankTransactions as readonly Txn[]).filter(
    (t) => t.accountId === 'acc-ana-cora',
  )

describe('GET /bank-statements/accounts/{id}', () => {
  beforeAll(() => server.store.reset())

  it('answers the account with its counts, the days it covers and its last import', async () => {
    const res = await server.call('GET', `/bank-statements/accounts/acc-ana-cora?${OWN}`, {
      as: ANA,
    })
    expect(res.status).toBe(200)
    const { data } = recordOf(bankAccountSummarySchema).parse(res.body)
    const dates = coraTransactions()
      .map((t) => t.date)
      .sort()
    expect(data).toMatchObject({
      id: 'acc-ana-cora',
      bankName: expect.any(String),
      transactionCount: dates.length,
      uncategorizedCount: coraTransactions().filter((t) => t.taxCategoryId === null).length,
      firstTransactionDate: dates[0],
      lastTransactionDate: dates.at(-1),
    })
    // The list answers the same summary.
    const list = await server.call('GET', `/bank-statements/accounts?${OWN}`, { as: ANA })
    const listed = listOf(bankAccountSummarySchema).parse(list.body).data
    expect(listed.find((a) => a.id === 'acc-ana-cora')).toEqual(data)
  })

  it('is a 404 for an unknown id or another company’s account, 403 for another company', async () => {
    const unknown = await server.call('GET', `/bank-statements/accounts/bogus?${OWN}`, { as: ANA })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Conta bancária não encontrada.')
    const evaAccount = (
      server.store.data.bankAccounts as readonly { id: string; companyId: string }[]
    ).find((a) => a.companyId.startsWith('cmp-eva'))!
    const foreign = await server.call('GET', `/bank-statements/accounts/${evaAccount.id}?${OWN}`, {
      as: ANA,
    })
    expect(foreign.status).toBe(404)
    const otherCompany = await server.call(
      'GET',
      `/bank-statements/accounts/${evaAccount.id}?companyId=${evaAccount.companyId}`,
      { as: ANA },
    )
    expect(otherCompany.status).toBe(403)
    const own = await server.call(
      'GET',
      `/bank-statements/accounts/${evaAccount.id}?companyId=${evaAccount.companyId}`,
      { as: EVA },
    )
    expect(own.status).toBe(200)
    expect(
      (await server.call('GET', `/bank-statements/accounts/acc-ana-cora?${OWN}`, { as: BRUNO }))
        .status,
    ).toBe(403)
  })
})

describe('GET /bank-statements/transactions filters', () => {
  beforeAll(() => server.store.reset())
  const list = async (query: string) => {
    const res = await server.call(
      'GET',
      `/bank-statements/transactions?${OWN}&accountId=acc-ana-cora&limit=100&${query}`,
      { as: ANA },
    )
    expect(res.status, query).toBe(200)
    return listOf(bankTransactionSchema).parse(res.body)
  }

  it('keeps the days from `from` to `to`, both included', async () => {
    const dates = [...new Set(coraTransactions().map((t) => t.date))].sort()
    const from = dates[5]!
    const to = dates[15]!
    const page = await list(`from=${from}&to=${to}`)
    const expected = coraTransactions().filter((t) => t.date >= from && t.date <= to)
    expect(page.total).toBe(expected.length)
    expect(page.data.every((t) => t.date >= from && t.date <= to)).toBe(true)
    expect(page.data.some((t) => t.date === from) || expected.length > 100).toBe(true)
  })

  it('finds words of the description whatever the accents and case', async () => {
    // Banks write "PIX RECEBIDO - PADARIA PAO DOURADO LTDA"; a person types "pão dourado".
    const expected = coraTransactions().filter(
      (t) => t.description.includes('PAO') && t.description.includes('DOURADO'),
    )
    expect(expected.length, 'seeded payments from Padaria Pão Dourado').toBeGreaterThan(0)
    const page = await list(`query=${encodeURIComponent('Pão dourado')}`)
    expect(page.total).toBe(expected.length)
    const expectedIds = new Set(expected.map((t) => t.id))
    expect(page.data.every((t) => expectedIds.has(t.id))).toBe(true)
    expect((await list('query=zzzz-nada-disso')).total).toBe(0)
  })

  it('refuses a range that ends before it starts, and pages of more than 100', async () => {
    const backwards = await server.call(
      'GET',
      `/bank-statements/transactions?${OWN}&from=2026-10-10&to=2026-10-01`,
      { as: ANA },
    )
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toBe('A data inicial precisa ser anterior à final')
    const tooMany = await server.call('GET', `/bank-statements/transactions?${OWN}&limit=101`, {
      as: ANA,
    })
    expect(tooMany.status).toBe(400)
  })
})

describe('PUT /bank-statements/transactions/tax-category', () => {
  beforeEach(() => server.store.reset())

  it('sets one category on several transactions at once, and "Sem categoria" shrinks by them', async () => {
    const uncategorized = coraTransactions().filter((t) => t.taxCategoryId === null)
    const ids = uncategorized.slice(0, 3).map((t) => t.id)
    const before = await server.call(
      'GET',
      `/bank-statements/transactions?${OWN}&accountId=acc-ana-cora&withoutTaxCategory=true`,
      { as: ANA },
    )
    const res = await server.call('PUT', `/bank-statements/transactions/tax-category?${OWN}`, {
      as: ANA,
      body: { transactionIds: ids, taxCategoryId: 'tarifas-bancarias' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ updated: 3, taxCategoryId: 'tarifas-bancarias' })
    for (const id of ids)
      expect(coraTransactions().find((t) => t.id === id)?.taxCategoryId).toBe('tarifas-bancarias')
    const after = await server.call(
      'GET',
      `/bank-statements/transactions?${OWN}&accountId=acc-ana-cora&withoutTaxCategory=true`,
      { as: ANA },
    )
    expect(after.body.total).toBe(before.body.total - 3)
  })

  it('changes nothing when one id is unknown or another company’s, or the category is', async () => {
    const [first] = coraTransactions().filter((t) => t.taxCategoryId === null)
    const evaTxn = (
      server.store.data.bankTransactions as readonly { id: string; companyId: string }[]
    ).find((t) => t.companyId.startsWith('cmp-eva'))!
    for (const body of [
      { transactionIds: [first!.id, 'txn-nope'], taxCategoryId: 'aluguel' },
      { transactionIds: [first!.id, evaTxn.id], taxCategoryId: 'aluguel' },
    ]) {
      const res = await server.call('PUT', `/bank-statements/transactions/tax-category?${OWN}`, {
        as: ANA,
        body,
      })
      expect(res.status).toBe(404)
    }
    const badCategory = await server.call(
      'PUT',
      `/bank-statements/transactions/tax-category?${OWN}`,
      { as: ANA, body: { transactionIds: [first!.id], taxCategoryId: 'nao-existe' } },
    )
    expect(badCategory.status).toBe(400)
    expect(badCategory.body.message).toBe('Categoria não encontrada.')
    const empty = await server.call('PUT', `/bank-statements/transactions/tax-category?${OWN}`, {
      as: ANA,
      body: { transactionIds: [], taxCategoryId: 'aluguel' },
    })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Escolha ao menos uma transação.')
    expect(coraTransactions().find((t) => t.id === first!.id)?.taxCategoryId).toBeNull()
  })
})
