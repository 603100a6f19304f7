import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  bankAccountSchema,
  bankTransactionSchema,
  taxCategorySchema,
  type BankTransaction,
} from '../../src/schemas/bank'
import { listOf } from '../../src/schemas/common'
import { NOT_OFX_MESSAGE } from '../../mock-server/domain/bank/ofx'
import { CORA_CODE_INVALID } from '../../mock-server/domain/bank/cora'
import { SEEDED_CORA_CODE, SEEDED_CORA_STATE } from '../../mock-server/seed/finance'
import { ANA, EVA, BRUNO, ADMIN, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

const BB = readFileSync(
  new URL('../../fixtures/finance/samples/extrato-bb-sgml.ofx', import.meta.url),
)
const SANTANDER = readFileSync(
  new URL('../../fixtures/finance/samples/extrato-santander-xml.ofx', import.meta.url),
)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const transactionsOf = (accountId: string) =>
  server.store.data.bankTransactions.filter((t: BankTransaction) => t.accountId === accountId)
const newestFirst = (list: BankTransaction[]) =>
  [...list].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? 1 : -1))

function upload(file: Buffer, name: string, as = ANA, companyQuery = OWN) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/x-ofx' }), name)
  return server.call('POST', `/bank-statements/ofx/upload?${companyQuery}`, { as, raw: form })
}

describe('accounts and transactions', () => {
  beforeAll(() => server.store.reset())

  it("lists ana's accounts with their counts, over 1,000 transactions in all", async () => {
    const res = await server.call('GET', `/bank-statements/accounts?${OWN}`, { as: ANA })
    expect(res.status).toBe(200)
    const body = listOf(
      bankAccountSchema.extend({
        transactionCount: bankTransactionSchema.shape.amount,
        uncategorizedCount: bankTransactionSchema.shape.amount,
      }),
    ).parse(res.body)
    expect(body.total).toBe(3)
    expect(body.data.map((a) => a.bankName).sort()).toEqual([
      'Cora SCD',
      'Itaú Unibanco',
      'Nu Pagamentos (Nubank PJ)',
    ])
    for (const account of body.data)
      expect(account.transactionCount).toBe(transactionsOf(account.id).length)
    expect(body.data.reduce((sum, a) => sum + a.transactionCount, 0)).toBeGreaterThan(1000)
    expect(body.data.some((a) => a.uncategorizedCount > 0)).toBe(true)
  })

  it('pages transactions newest first, by company or account, and without a category', async () => {
    const company = await server.call('GET', `/bank-statements/transactions?${OWN}`, { as: ANA })
    const all = server.store.data.bankTransactions.filter(
      (t: BankTransaction) => t.companyId === 'cmp-ana-design',
    )
    expect(company.body.total).toBe(all.length)
    expect(company.body.data.map((t: BankTransaction) => t.id)).toEqual(
      newestFirst(all)
        .slice(0, 10)
        .map((t) => t.id),
    )

    const account = await server.call(
      'GET',
      `/bank-statements/transactions?${OWN}&accountId=acc-ana-itau&limit=20&offset=20`,
      { as: ANA },
    )
    listOf(bankTransactionSchema).parse(account.body)
    expect(account.body.total).toBe(transactionsOf('acc-ana-itau').length)
    expect(account.body.data.map((t: BankTransaction) => t.id)).toEqual(
      newestFirst(transactionsOf('acc-ana-itau'))
        .slice(20, 40)
        .map((t) => t.id),
    )

    const open = await server.call(
      'GET',
      `/bank-statements/transactions?${OWN}&accountId=acc-ana-cora&withoutTaxCategory=true&limit=100`,
      { as: ANA },
    )
    const uncategorized = transactionsOf('acc-ana-cora').filter((t) => t.taxCategoryId === null)
    expect(open.body.total).toBe(uncategorized.length)
    expect(open.body.data.every((t: BankTransaction) => t.taxCategoryId === null)).toBe(true)
    const everything = await server.call(
      'GET',
      `/bank-statements/transactions?${OWN}&accountId=acc-ana-cora&withoutTaxCategory=false`,
      { as: ANA },
    )
    expect(everything.body.total).toBe(transactionsOf('acc-ana-cora').length)

    const month = transactionsOf('acc-ana-cora')[0]!.date.slice(0, 7)
    const inMonth = await server.call(
      'GET',
      `/bank-statements/transactions?${OWN}&accountId=acc-ana-cora&date=${month}&limit=100`,
      { as: ANA },
    )
    expect(inMonth.body.total).toBe(
      transactionsOf('acc-ana-cora').filter((t) => t.date.startsWith(month)).length,
    )
  })

  it('refuses accounts of other companies, bad flags and other callers', async () => {
    expect(
      (
        await server.call('GET', `/bank-statements/transactions?${OWN}&accountId=acc-eva-inter`, {
          as: ANA,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await server.call('GET', `/bank-statements/transactions?${OWN}&withoutTaxCategory=talvez`, {
          as: ANA,
        })
      ).status,
    ).toBe(400)
    expect(
      (await server.call('GET', `/bank-statements/transactions?${OWN}&limit=500`, { as: ANA }))
        .status,
    ).toBe(400)
    expect(
      (await server.call('GET', `/bank-statements/transactions?${OWN}`, { as: BRUNO })).status,
    ).toBe(403)
    expect((await server.call('GET', `/bank-statements/accounts?${OWN}`)).status).toBe(401)
  })

  it('serves the chart of tax categories to any signed-in user', async () => {
    const res = await server.call('GET', '/bank-statements/tax-categories', { as: BRUNO })
    const body = listOf(taxCategorySchema).parse(res.body)
    expect(body.total).toBeGreaterThanOrEqual(25)
    const names = body.data.map((c) => c.id)
    for (const id of [
      'receitas-servicos',
      'receitas-vendas',
      'pro-labore',
      'impostos-das',
      'impostos-iss',
      'folha-salarios',
      'aluguel',
      'software-assinaturas',
      'tarifas-bancarias',
      'energia-telefone-internet',
      'transferencias-entre-contas',
    ])
      expect(names).toContain(id)
    expect((await server.call('GET', '/bank-statements/tax-categories')).status).toBe(401)
  })
})

describe('PUT /bank-statements/transactions/{id}/tax-category', () => {
  beforeEach(() => server.store.reset())

  it('classifies and clears a transaction, keeping the uncategorised list in step', async () => {
    const target = transactionsOf('acc-ana-nubank').find((t) => t.taxCategoryId === null)!
    const url = `/bank-statements/transactions?${OWN}&accountId=acc-ana-nubank&withoutTaxCategory=true`
    const before = (await server.call('GET', url, { as: ANA })).body.total
    const set = await server.call(
      'PUT',
      `/bank-statements/transactions/${target.id}/tax-category?${OWN}`,
      {
        as: ANA,
        body: { taxCategoryId: 'alimentacao' },
      },
    )
    expect(set.status).toBe(200)
    expect(set.body.data).toMatchObject({ id: target.id, taxCategoryId: 'alimentacao' })
    expect((await server.call('GET', url, { as: ANA })).body.total).toBe(before - 1)
    const cleared = await server.call(
      'PUT',
      `/bank-statements/transactions/${target.id}/tax-category?${OWN}`,
      {
        as: ANA,
        body: { taxCategoryId: null },
      },
    )
    expect(cleared.body.data.taxCategoryId).toBeNull()
    expect((await server.call('GET', url, { as: ANA })).body.total).toBe(before)
  })

  it("revalidates a list by its ETag (304) until a write changes the list's data", async () => {
    const url = `/bank-statements/transactions?${OWN}&accountId=acc-ana-nubank&withoutTaxCategory=true`
    // What a browser's cache sends to revalidate (fetch would add `no-cache` to a bare
    // If-None-Match, and a no-cache request is never answered 304).
    const revalidating = (etag: string) => ({ 'If-None-Match': etag, 'Cache-Control': 'max-age=0' })
    const first = await server.call('GET', url, { as: ANA })
    const tag = first.headers.get('etag')!
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[\w+/]{27}"$/)
    // Its length part is the answer's, as Express writes it.
    expect(parseInt(tag.slice(3), 16)).toBe(Buffer.byteLength(first.text))
    const again = await server.call('GET', url, { as: ANA, headers: revalidating(tag) })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    // Another page of the same list is another answer.
    const next = await server.call('GET', `${url}&offset=10`, { as: ANA })
    expect(next.headers.get('etag')).not.toBe(tag)
    expect((await server.call('GET', url, { as: ANA })).headers.get('etag')).toBe(tag)

    const target = first.body.data[0] as BankTransaction
    const set = await server.call(
      'PUT',
      `/bank-statements/transactions/${target.id}/tax-category?${OWN}`,
      { as: ANA, body: { taxCategoryId: 'alimentacao' } },
    )
    expect(set.status).toBe(200)
    const changed = await server.call('GET', url, { as: ANA, headers: revalidating(tag) })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(tag)
    expect(changed.body.total).toBe(first.body.total - 1)
    expect(changed.body.data.map((t: BankTransaction) => t.id)).not.toContain(target.id)
  })

  it('refuses unknown categories and transactions of other companies', async () => {
    const unknown = await server.call(
      'PUT',
      `/bank-statements/transactions/txn-ana-cora-1/tax-category?${OWN}`,
      {
        as: ANA,
        body: { taxCategoryId: 'viagem-espacial' },
      },
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe('Categoria não encontrada.')
    expect(
      (
        await server.call(
          'PUT',
          `/bank-statements/transactions/txn-ana-cora-1/tax-category?${OWN}`,
          { as: ANA, body: {} },
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await server.call(
          'PUT',
          `/bank-statements/transactions/txn-eva-inter-1/tax-category?${OWN}`,
          { as: ANA, body: { taxCategoryId: 'aluguel' } },
        )
      ).status,
    ).toBe(404)
    expect(
      server.store.data.bankTransactions.find((t: BankTransaction) => t.id === 'txn-eva-inter-1')!
        .taxCategoryId,
    ).not.toBe('aluguel')
  })
})

describe('POST /bank-statements/ofx/upload', () => {
  beforeEach(() => server.store.reset())

  it('imports an OFX 1.x (SGML, Windows-1252) statement into a new account, then de-duplicates', async () => {
    const first = await upload(BB, 'extrato-bb.ofx')
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({
      created: true,
      imported: 26,
      duplicates: 0,
      dropped: 1, // the entry dated after DTEND (a scheduled payment)
      statement: { from: '2026-10-01', to: '2026-10-31' },
      account: {
        bankId: '001',
        bankName: 'Banco do Brasil S/A',
        branch: '3346-1',
        accountNumber: '12345-6',
        transactionCount: 26,
        source: 'ofx',
      },
    })
    const accountId = first.body.data.account.id
    const imported = transactionsOf(accountId)
    expect(imported.map((t) => t.description)).toContain(
      'PIX RECEBIDO - CONSULTÓRIO DRA. HELENA SOUZA',
    )
    expect(imported.find((t) => t.fitId === '2026100100002')).toMatchObject({
      amount: -69,
      type: 'SRVCHG',
      date: '2026-10-01',
    })

    const second = await upload(BB, 'extrato-bb-de-novo.ofx')
    expect(second.status).toBe(201)
    expect(second.body.data).toMatchObject({
      created: false,
      imported: 0,
      duplicates: 26,
      dropped: 1,
    })
    expect(second.body.data.account.id).toBe(accountId)
    expect(transactionsOf(accountId)).toHaveLength(26)
  })

  it('imports an OFX 2.x (XML) statement with its balance', async () => {
    const res = await upload(SANTANDER, 'santander.ofx', ADMIN)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ created: true, imported: 9, duplicates: 0, dropped: 0 })
    expect(res.body.data.account).toMatchObject({ bankId: '033', balanceDate: '2026-11-20' })
    expect(res.body.data.account.balance).toBeCloseTo(
      3500 + 5200 - 45 - 320 - 2800 - 1490 + 1800 - 76.3 - 158 + 650,
      2,
    )
  })

  it('refuses files that are not OFX, and missing files, with clear messages', async () => {
    const before = server.store.data.bankTransactions.length
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    for (const file of [
      png,
      Buffer.from('Data;Descrição;Valor\n01/10/2026;PIX;10,00\n'),
      Buffer.from('<OFX>sem cabeçalho</OFX>'),
    ]) {
      const res = await upload(file, 'extrato.ofx')
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(NOT_OFX_MESSAGE)
    }
    const none = await server.call('POST', `/bank-statements/ofx/upload?${OWN}`, {
      as: ANA,
      body: { file: 'x' },
    })
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('Envie o arquivo OFX no campo "file" (multipart/form-data).')
    const form = new FormData()
    form.append('arquivo', new Blob([new Uint8Array(BB)]), 'x.ofx')
    const wrongField = await server.call('POST', `/bank-statements/ofx/upload?${OWN}`, {
      as: ANA,
      raw: form,
    })
    expect(wrongField.status).toBe(400)
    expect((await upload(BB, 'x.ofx', BRUNO)).status).toBe(403)
    expect(server.store.data.bankTransactions.length).toBe(before)
  })
})

describe('exports', () => {
  beforeAll(() => server.store.reset())

  it('exports txt, one double-entry line per transaction of the period, oldest first', async () => {
    // The newest month with a credit, so the lines of both sides are checked (the first days of
    // a month may have only debits).
    const month = newestFirst(transactionsOf('acc-ana-itau'))
      .find((t) => t.amount > 0)!
      .date.slice(0, 7)
    const res = await server.call(
      'GET',
      `/bank-statements/accounts/acc-ana-itau/exports/txt?${OWN}&date=${month}`,
      { as: ANA },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    expect(res.headers.get('content-disposition')).toContain(`extrato-0341-458723-${month}.txt`)
    const lines = res.text.split('\r\n').filter(Boolean)
    const expected = transactionsOf('acc-ana-itau').filter((t) => t.date.startsWith(month))
    expect(lines).toHaveLength(expected.length)
    for (const line of lines)
      expect(line).toMatch(/^\d{2}\/\d{2}\/\d{4}\|[\d.]+\|[\d.]+\|\d+,\d{2}\|[A-Z0-9 *&./-]+\|\d+$/)
    const dates = lines.map((l) => l.slice(6, 10) + l.slice(3, 5) + l.slice(0, 2))
    expect(dates).toEqual([...dates].sort())
    const rent = expected.find(
      (t) => t.description.includes('ALUGUEL') && t.taxCategoryId === 'aluguel',
    )
    if (rent)
      expect(lines).toContain(
        `${rent.date.slice(8)}/${rent.date.slice(5, 7)}/${rent.date.slice(0, 4)}|4.2.01|1.1.1.02.002|2850,00|${rent.description}|${rent.fitId}`,
      )
    const open = expected.find((t) => t.taxCategoryId === null && t.amount < 0)
    if (open)
      expect(lines.find((l) => l.endsWith(`|${open.fitId}`))).toMatch(
        /^\S+\|1\.1\.9\.99\|1\.1\.1\.02\.002\|/,
      )
    const credit = expected.find((t) => t.amount > 0)!
    expect(lines.find((l) => l.endsWith(`|${credit.fitId}`))).toMatch(/^\S+\|1\.1\.1\.02\.002\|/)

    const byDefault = await server.call(
      'GET',
      `/bank-statements/accounts/acc-ana-itau/exports?${OWN}&from=${month}-01&to=${month}-31`.replace(
        /-31$/,
        '-28',
      ),
      { as: ANA },
    )
    expect(byDefault.headers.get('content-type')).toContain('text/plain')
  })

  it('exports csv for spreadsheets, filtered by from/to', async () => {
    const list = newestFirst(transactionsOf('acc-ana-cora'))
    const to = list[0]!.date
    const from = list[30]!.date
    const res = await server.call(
      'GET',
      `/bank-statements/accounts/acc-ana-cora/exports/csv?${OWN}&from=${from}&to=${to}`,
      { as: ANA },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const rows = res.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
    expect(rows[0]).toBe(
      'Data;Descrição;Valor (R$);Tipo;Código contábil;Categoria;Conta;Identificador',
    )
    expect(rows.length - 1).toBe(list.filter((t) => t.date >= from && t.date <= to).length)
  })

  it('refuses bad formats, ranges and accounts', async () => {
    expect(
      (
        await server.call('GET', `/bank-statements/accounts/acc-ana-itau/exports/pdf?${OWN}`, {
          as: ANA,
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await server.call(
          'GET',
          `/bank-statements/accounts/acc-ana-itau/exports/txt?${OWN}&from=2026-10-10&to=2026-10-01`,
          { as: ANA },
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await server.call('GET', `/bank-statements/accounts/acc-eva-inter/exports/txt?${OWN}`, {
          as: ANA,
        })
      ).status,
    ).toBe(404)
  })
})

describe('DELETE /bank-statements/accounts/{id}', () => {
  beforeEach(() => server.store.reset())

  it('removes the account and its transactions', async () => {
    const count = transactionsOf('acc-ana-nubank').length
    const res = await server.call('DELETE', `/bank-statements/accounts/acc-ana-nubank?${OWN}`, {
      as: ANA,
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: 'acc-ana-nubank', removedTransactions: count })
    expect(transactionsOf('acc-ana-nubank')).toHaveLength(0)
    const accounts = await server.call('GET', `/bank-statements/accounts?${OWN}`, { as: ANA })
    expect(accounts.body.total).toBe(2)
    expect(
      (
        await server.call('GET', `/bank-statements/transactions?${OWN}&accountId=acc-ana-nubank`, {
          as: ANA,
        })
      ).status,
    ).toBe(404)
    expect(
      (await server.call('DELETE', `/bank-statements/accounts/acc-ana-nubank?${OWN}`, { as: ANA }))
        .status,
    ).toBe(404)
  })

  it('revokes the Cora connection when its account goes', async () => {
    await server.call('DELETE', `/bank-statements/accounts/acc-ana-cora?${OWN}`, { as: ADMIN })
    const connection = await server.call(
      'GET',
      `/bank-statements/connections/conn-ana-cora?${OWN}`,
      { as: ANA },
    )
    expect(connection.body.data).toMatchObject({ status: 'revoked', accountIds: [], accounts: [] })
  })
})

describe('Cora connection', () => {
  beforeEach(() => server.store.reset())

  it('runs the whole OAuth round trip for a company without Cora', async () => {
    const started = await server.call(
      'GET',
      '/bank-statements/connections/oauth/cora?companyId=cmp-eva-studio',
      { as: EVA },
    )
    expect(started.status).toBe(200)
    const url = new URL(started.body.data.url)
    expect(url.origin + url.pathname).toBe(`${server.config.publicUrl}/cora/oauth/authorize`)
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${server.config.webUrl}/app/auth/cora/callback`,
    )
    const state = url.searchParams.get('state')!

    const page = await server.call('GET', `/cora/oauth/authorize?state=${state}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.text).toContain('Estúdio Eva Lima')
    expect(page.text).toContain('Autorizar')

    const decision = await fetch(`${server.url}/cora/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, decision: 'allow' }),
    })
    expect(decision.status).toBe(302)
    const callback = new URL(decision.headers.get('location')!)
    expect(callback.origin + callback.pathname).toBe(
      `${server.config.webUrl}/app/auth/cora/callback`,
    )
    const code = callback.searchParams.get('code')!
    expect(code).toMatch(/^[\w-]{20,}$/)

    expect(callback.searchParams.get('state')).toBe(state)

    const exchange = (query: string, as = EVA) =>
      server.call('POST', `/bank-statements/connections/oauth/cora?${query}`, { as })
    const wrongCompany = await exchange(`code=${code}&state=${state}&companyId=cmp-eva-comercio`)
    expect(wrongCompany.status).toBe(400)
    // The exchange hands back the state the authorization started with.
    const noState = await exchange(`code=${code}&companyId=cmp-eva-studio`)
    expect(noState).toMatchObject({
      status: 400,
      body: { message: 'A resposta da Cora veio sem o parâmetro state.' },
    })
    const wrongState = await exchange(
      `code=${code}&state=cora-state-demo-ana&companyId=cmp-eva-studio`,
    )
    expect(wrongState).toMatchObject({ status: 400, body: { message: CORA_CODE_INVALID } })
    // Bound to the person who started it: not even an admin of the company can use it.
    const otherPerson = await exchange(
      `code=${code}&state=${state}&companyId=cmp-eva-studio`,
      ADMIN,
    )
    expect(otherPerson).toMatchObject({
      status: 403,
      body: {
        message:
          'Esta autorização da Cora foi iniciada por outra pessoa. Conecte o Cora com o seu próprio acesso.',
      },
    })
    // None of these spent the code: its owner still connects with it.
    const exchanged = await exchange(`code=${code}&state=${state}&companyId=cmp-eva-studio`)
    expect(exchanged.status).toBe(201)
    expect(exchanged.body.data.connection).toMatchObject({
      provider: 'cora',
      status: 'active',
      companyId: 'cmp-eva-studio',
    })
    expect(exchanged.body.data.account).toMatchObject({
      bankId: '403',
      source: 'cora',
      companyId: 'cmp-eva-studio',
    })
    expect(exchanged.body.data.imported).toBeGreaterThan(10)
    expect(exchanged.body.data.account.transactionCount).toBe(exchanged.body.data.imported)

    const reused = await exchange(`code=${code}&state=${state}&companyId=cmp-eva-studio`)
    expect(reused.status).toBe(400)
    expect(reused.body.message).toBe(CORA_CODE_INVALID)
    expect((await server.call('GET', `/cora/oauth/authorize?state=${state}`)).status).toBe(400)

    const connections = await server.call(
      'GET',
      '/bank-statements/connections?companyId=cmp-eva-studio',
      { as: EVA },
    )
    expect(connections.body.total).toBe(1)
    const one = await server.call(
      'GET',
      `/bank-statements/connections/${connections.body.data[0].id}?companyId=cmp-eva-studio`,
      { as: EVA },
    )
    expect(one.body.data.accounts).toHaveLength(1)
  })

  it('syncs an existing Cora account without duplicating what is there', async () => {
    const before = transactionsOf('acc-ana-cora').length
    const res = await server.call(
      'POST',
      `/bank-statements/connections/oauth/cora?code=${SEEDED_CORA_CODE}&state=${SEEDED_CORA_STATE}&${OWN}`,
      { as: ANA },
    )
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      imported: 0,
      account: { id: 'acc-ana-cora' },
      connection: { id: 'conn-ana-cora' },
    })
    expect(res.body.data.duplicates).toBeGreaterThan(20)
    expect(transactionsOf('acc-ana-cora')).toHaveLength(before)
  })

  it('sends a denial back to the app and refuses unknown codes', async () => {
    const started = await server.call('GET', `/bank-statements/connections/oauth/cora?${OWN}`, {
      as: ANA,
    })
    const state = new URL(started.body.data.url).searchParams.get('state')!
    const denied = await fetch(`${server.url}/cora/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, decision: 'deny' }),
    })
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied')
    expect(
      (
        await server.call(
          'POST',
          `/bank-statements/connections/oauth/cora?code=nope&state=${state}&${OWN}`,
          {
            as: ANA,
          },
        )
      ).status,
    ).toBe(400)
    expect(
      (await server.call('POST', `/bank-statements/connections/oauth/cora?${OWN}`, { as: ANA }))
        .status,
    ).toBe(400)
    expect((await server.call('GET', '/cora/oauth/authorize?state=nope')).status).toBe(400)
    expect(
      (await server.call('GET', `/bank-statements/connections/oauth/cora?${OWN}`, { as: BRUNO }))
        .status,
    ).toBe(403)
    expect(
      (
        await server.call(
          'GET',
          `/bank-statements/connections/conn-ana-cora?companyId=cmp-eva-studio`,
          { as: EVA },
        )
      ).status,
    ).toBe(404)
  })
})
