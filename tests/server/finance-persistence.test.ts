import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSeed } from '../../mock-server/seed/index'
import { Store } from '../../mock-server/store/database'
import { exampleInvoiceBody } from './contracts/invoices'
import { ANA, ADMIN, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

const FINANCE = [
  'nfsRequests',
  'nfsSchedulers',
  'documents',
  'bankConnections',
  'bankAccounts',
  'bankTransactions',
  'coraAuthorizations',
] as const

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('finance writes', () => {
  it('are durable: a store reopened from the data file holds every acknowledged change', async () => {
    const ok = (res: { status: number; text: string }, status = 200) =>
      expect(res.status, res.text).toBe(status)
    ok(
      await server.call('POST', `/nfs/requests?${OWN}`, { as: ANA, body: exampleInvoiceBody }),
      201,
    )
    ok(
      await server.call('PUT', '/nfs/requests/nfs-ana-aguardando/status/processing', { as: ADMIN }),
    )
    ok(await server.call('DELETE', `/nfs/requests/nfs-ana-rascunho?${OWN}`, { as: ANA }))
    ok(
      await server.call('POST', `/nfs/schedulers?${OWN}`, {
        as: ANA,
        body: { ...exampleInvoiceBody, dayOfMonth: 3 },
      }),
      201,
    )
    ok(await server.call('PUT', `/documents/doc-ana-darf/status/paid?${OWN}`, { as: ANA }))
    ok(await server.call('DELETE', `/documents/doc-ana-comprovante-pix?${OWN}`, { as: ANA }))
    ok(
      await server.call('PUT', `/bank-statements/transactions/txn-ana-cora-2/tax-category?${OWN}`, {
        as: ANA,
        body: { taxCategoryId: 'outras-receitas' },
      }),
    )
    const form = new FormData()
    const ofx = readFileSync(
      new URL('../../fixtures/finance/samples/extrato-santander-xml.ofx', import.meta.url),
    )
    form.append('file', new Blob([new Uint8Array(ofx)]), 'santander.ofx')
    ok(await server.call('POST', `/bank-statements/ofx/upload?${OWN}`, { as: ANA, raw: form }), 201)
    ok(await server.call('DELETE', `/bank-statements/accounts/acc-ana-nubank?${OWN}`, { as: ANA }))
    ok(await server.call('GET', `/bank-statements/connections/oauth/cora?${OWN}`, { as: ANA }))

    const live = server.store.snapshot()
    // A copy of the files as they are now (what a crash would leave), opened as the server would
    // open them on a restart.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-reopen-'))
    const copy = path.join(dir, 'contabil.db')
    copyFileSync(server.config.dataFile, copy)
    if (existsSync(`${server.config.dataFile}-wal`))
      copyFileSync(`${server.config.dataFile}-wal`, `${copy}-wal`)
    const reopened = new Store(copy, buildSeed, { log: () => undefined })
    const persisted = reopened.snapshot()
    for (const collection of FINANCE)
      expect(persisted[collection], collection).toEqual(live[collection])
    expect(persisted.bankTransactions.find((t) => t.id === 'txn-ana-cora-2')?.taxCategoryId).toBe(
      'outras-receitas',
    )
    expect(persisted.bankTransactions.some((t) => t.accountId === 'acc-ana-nubank')).toBe(false)
    expect(persisted.documents.find((d) => d.id === 'doc-ana-darf')?.status).toBe('paid')
    await reopened.close()
    rmSync(dir, { recursive: true, force: true })
  })
})
