import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import type { BankTransaction } from '../../src/schemas/bank'
import type { Invite } from '../../src/schemas/engagement'
import type { Model } from '../../mock-server/model'
import { buildSeed } from '../../mock-server/seed/index'
import { Store } from '../../mock-server/store/database'
import { collectionNames } from '../../mock-server/store/layout'
import { LegacyDataError } from '../../mock-server/store/legacy'

// The SQLite store on its own: what a write leaves on disk (a copy of the files taken while the
// store is open is what a crash leaves), transactions, order, the counts its triggers keep, the
// seed, and the import of a data folder from before.

const dirs: string[] = []
const stores: Store[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-store-'))
  dirs.push(dir)
  return dir
}

const invite = (id: string, companyId: string, email = `${id}@example.com`): Invite => ({
  id,
  companyId,
  companyName: 'Empresa',
  email,
  role: 'company-admin',
  status: 'pending',
  invitedBy: 'uid-ana',
  invitedByName: 'Ana',
  createdAt: '2026-11-01T12:00:00.000Z',
  expiresAt: '2026-11-08T12:00:00.000Z',
  acceptedAt: null,
  acceptedBy: null,
  revokedAt: null,
})

const transaction = (n: number, accountId: string, date: string): BankTransaction => ({
  id: `txn-${n}`,
  companyId: 'cmp-a',
  accountId,
  fitId: `FIT${n}`,
  date,
  amount: n,
  type: 'CREDIT',
  description: `PIX RECEBIDO ${n}`,
  checkNumber: null,
  taxCategoryId: n % 2 ? null : 'receitas',
  importedAt: '2026-11-01T12:00:00.000Z',
})

/** A data set of its own: two invites, everything else empty. */
const seed = (): Model => {
  const model = Object.fromEntries(collectionNames.map((name) => [name, []])) as unknown as Model
  model.invites = [invite('a', 'cmp-a'), invite('b', 'cmp-b')]
  return model
}

function open(file: string, seeded: () => Model = seed) {
  const store = new Store(file, seeded, { log: () => {} })
  stores.push(store)
  return store
}

/** What a restart would find if the process died now: the files copied aside, opened there. */
function reopenAfterCrash(file: string) {
  const copy = path.join(tempDir(), 'contabil.db')
  copyFileSync(file, copy)
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`)
  return open(copy, () => {
    throw new Error('a copy with data is not seeded again')
  })
}

describe('store', () => {
  it('has a write on disk once durable() resolves: a crash copy holds every kind of change', async () => {
    const file = path.join(tempDir(), 'contabil.db')
    const store = open(file)
    store.write(() => {
      store.invites.insert(invite('c', 'cmp-a'))
      const a = store.invites.get('a')!
      a.status = 'revoked'
      store.invites.update(a)
      store.invites.remove('b')
      store.invites.put({ ...invite('d', 'cmp-a'), email: 'nova@example.com' })
    })
    // Writes that commit while an fsync runs share the next one (group commit).
    const waits = Array.from({ length: 50 }, (_, n) => {
      store.write(() => store.invites.insert(invite(`w${n}`, 'cmp-c')))
      return store.durable()
    })
    await Promise.all(waits)
    expect(reopenAfterCrash(file).snapshot().invites).toEqual(store.snapshot().invites)
    expect(store.invites.find({ where: { companyId: 'cmp-a' } }).map((i) => i.id)).toEqual([
      'a',
      'c',
      'd',
    ])
  })

  it('rolls a write back entirely when it throws, and refuses writes outside one', () => {
    const store = open(path.join(tempDir(), 'contabil.db'))
    const before = store.snapshot()
    expect(() =>
      store.write(() => {
        store.invites.insert(invite('x', 'cmp-a'))
        throw new Error('regra recusada')
      }),
    ).toThrow('regra recusada')
    expect(store.snapshot()).toEqual(before)
    expect(() => store.invites.insert(invite('y', 'cmp-a'))).toThrow(/store\.write/)
  })

  it('keeps insertion order; an update keeps a record where it is', () => {
    const store = open(path.join(tempDir(), 'contabil.db'))
    store.write(() => {
      store.invites.insert(invite('c', 'cmp-a'))
      store.invites.update({ ...store.invites.get('a')!, email: 'trocado@example.com' })
    })
    expect(store.invites.find({ where: { companyId: 'cmp-a' } }).map((i) => i.id)).toEqual([
      'a',
      'c',
    ])
    expect(store.invites.first({ where: { email: 'trocado@example.com' } })?.id).toBe('a')
  })

  it("writes an update's document and the columns that changed; the other columns stay as they were", () => {
    const file = path.join(tempDir(), 'contabil.db')
    const store = open(file)
    store.write(() =>
      store.bankTransactions.insertMany([
        transaction(1, 'acc-1', '2026-10-01'),
        transaction(2, 'acc-1', '2026-10-02'),
      ]),
    )
    store.write(() => {
      // No column changes: only the document.
      store.bankTransactions.update({ ...store.bankTransactions.get('txn-1')!, type: 'OTHER' })
      // Two columns change, the others do not.
      store.bankTransactions.update({
        ...store.bankTransactions.get('txn-2')!,
        date: '2026-10-09',
        fitId: 'FIT2-B',
      })
    })
    expect(store.bankTransactions.get('txn-1')?.type).toBe('OTHER')
    expect(store.bankTransactions.find({ where: { date: '2026-10-09' } }).map((t) => t.id)).toEqual(
      ['txn-2'],
    )
    expect(store.bankTransactions.exists({ accountId: 'acc-1', fitId: 'FIT2-B' })).toBe(true)
    expect(store.bankTransactions.exists({ accountId: 'acc-1', fitId: 'FIT2' })).toBe(false)
    expect(store.bankTransactions.exists({ accountId: 'acc-1', fitId: 'FIT1' })).toBe(true)
    expect(store.bankTransactions.count({ accountId: 'acc-1', uncategorized: 1 })).toBe(1)
    expect(() =>
      store.write(() => store.bankTransactions.update(transaction(3, 'acc-1', '2026-10-03'))),
    ).toThrow(/no record txn-3/)
    const db = new Sqlite(file, { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(
        db.prepare('SELECT id, account_id, date, fit_id FROM bank_transactions ORDER BY id').all(),
      ).toEqual([
        { id: 'txn-1', account_id: 'acc-1', date: '2026-10-01', fit_id: 'FIT1' },
        { id: 'txn-2', account_id: 'acc-1', date: '2026-10-09', fit_id: 'FIT2-B' },
      ])
    } finally {
      db.close()
    }
  })

  it("patches fields of many records' documents and a column, each record its own values", () => {
    const store = open(path.join(tempDir(), 'contabil.db'))
    store.write(() =>
      store.bankTransactions.insertMany([
        transaction(1, 'acc-1', '2026-10-01'),
        transaction(2, 'acc-1', '2026-10-02'),
      ]),
    )
    const patch = { fields: ['description', 'checkNumber', 'taxCategoryId'], columns: ['fitId'] }
    const written = store.write(() =>
      store.bankTransactions.patchMany(patch, [
        { key: 'txn-1', fields: ['PIX "1"', { n: [1, 2.5] }, null], columns: ['FIT1-B'] },
        // undefined is null, as in a JSON array; a key without a record is skipped.
        { key: 'txn-2', fields: ['PIX 2', 7, undefined], columns: [null] },
        { key: 'txn-9', fields: ['x', null, null], columns: ['FIT9'] },
      ]),
    )
    expect(written).toBe(2)
    expect(store.bankTransactions.get('txn-1')).toEqual({
      ...transaction(1, 'acc-1', '2026-10-01'),
      description: 'PIX "1"',
      checkNumber: { n: [1, 2.5] },
      taxCategoryId: null,
    })
    expect(store.bankTransactions.get('txn-2')).toEqual({
      ...transaction(2, 'acc-1', '2026-10-02'),
      description: 'PIX 2',
      checkNumber: 7,
      taxCategoryId: null,
    })
    // The column follows the values given, not the document (the caller keeps them true).
    expect(store.bankTransactions.exists({ accountId: 'acc-1', fitId: 'FIT1-B' })).toBe(true)
    expect(store.bankTransactions.exists({ accountId: 'acc-1', fitId: 'FIT2' })).toBe(false)
    expect(store.bankTransactions.planOfPatch(patch).join('\n')).toMatch(
      /^SEARCH bank_transactions USING INDEX sqlite_autoindex_bank_transactions_1 \(id=\?\)$/m,
    )
  })

  it('keeps group counts in step with the rows through inserts, updates and removals', () => {
    const store = open(path.join(tempDir(), 'contabil.db'))
    const rows = Array.from({ length: 300 }, (_, n) =>
      transaction(n, n % 3 ? 'acc-1' : 'acc-2', `2026-10-${String((n % 28) + 1).padStart(2, '0')}`),
    )
    store.write(() => store.bankTransactions.insertMany(rows))
    store.write(() => {
      const moved = store.bankTransactions.get('txn-1')!
      moved.accountId = 'acc-2'
      moved.taxCategoryId = 'receitas'
      store.bankTransactions.update(moved)
      store.bankTransactions.remove('txn-4')
      store.bankTransactions.removeWhere({ accountId: 'acc-1', date: '2026-10-05' })
    })
    type Where = Record<string, string | number | undefined>
    const counted = (where: Where) => store.bankTransactions.count(where)
    const counting = (where: Where) =>
      store.bankTransactions.count({ ...where, date: { from: '0000', to: '9999' } })
    for (const where of <Where[]>[
      { accountId: 'acc-1' },
      { accountId: 'acc-2' },
      { accountId: 'acc-1', uncategorized: 1 },
      { accountId: 'acc-2', uncategorized: 0 },
      { companyId: 'cmp-a' },
      { companyId: 'cmp-a', uncategorized: 1 },
    ])
      expect(counted(where), JSON.stringify(where)).toBe(counting(where))
    expect(counted({ accountId: 'acc-9' })).toBe(0)
    // A page, newest first, and its total.
    const query = {
      where: { accountId: 'acc-2' },
      order: 'date DESC, id DESC',
      limit: 5,
      offset: 0,
    }
    const page = store.bankTransactions.page(query)
    expect(page.total).toBe(counting({ accountId: 'acc-2' }))
    expect(page.data.map((t) => t.date)).toEqual(
      page.data
        .map((t) => t.date)
        .sort()
        .reverse(),
    )
    // The same page already serialised (SQLite joins the documents in the page's order): what a
    // list answers, byte for byte, for a counted total, a counted one, a later and an empty page.
    for (const shown of [
      query,
      { ...query, limit: 7, offset: 3 },
      { ...query, where: { accountId: 'acc-2', date: { from: '0000', to: '9999' } } },
      { ...query, order: 'fitId DESC, id', where: { companyId: 'cmp-a' } },
      { ...query, offset: 10_000 },
      { ...query, where: { accountId: 'acc-9' } },
    ])
      expect(store.bankTransactions.pageJson(shown).text.toString(), JSON.stringify(shown)).toBe(
        JSON.stringify(store.bankTransactions.page(shown)),
      )
  })

  it('keeps companies in pt-BR name order in nameRank through inserts and renames', () => {
    const store = open(path.join(tempDir(), 'contabil.db'), buildSeed)
    const [model] = store.companies.find({ limit: 1 })
    const named = (id: string, name: string) => ({ ...model!, id, cnpj: null, name })
    const byName = () => store.companies.find({ order: 'nameRank' }).map((company) => company.name)
    const ptBr = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'pt-BR'))
    store.write(() => {
      store.companies.insert(named('cmp-z1', 'Ética Serviços'))
      store.companies.insert(named('cmp-z2', 'abacate digital'))
      store.companies.put(named('cmp-z3', 'Zebra Ltda'))
    })
    expect(byName()).toEqual(ptBr(byName()))
    expect(byName()).toContain('Ética Serviços')
    // A rename moves the company; a change that keeps the name keeps every place.
    store.write(() =>
      store.companies.update({ ...store.companies.get('cmp-z3')!, name: 'Água Clara' }),
    )
    expect(byName()).toEqual(ptBr(byName()))
    const places = store.db.prepare('SELECT id, name_rank FROM companies ORDER BY seq').all()
    store.write(() =>
      store.companies.update({ ...store.companies.get('cmp-z1')!, status: 'active' }),
    )
    expect(store.db.prepare('SELECT id, name_rank FROM companies ORDER BY seq').all()).toEqual(
      places,
    )
  })

  it("keeps a company's years at its place in the name order, and moves them when it is renamed", () => {
    const file = path.join(tempDir(), 'contabil.db')
    const store = open(file, buildSeed)
    const [company] = store.companies.find({ limit: 1 })
    const [year] = store.companyYears.find({ limit: 1 })
    const named = (id: string, name: string) => ({ ...company!, id, cnpj: null, name })
    const yearOf = (companyId: string) => ({
      ...year!,
      id: `${companyId}:2031`,
      companyId,
      year: 2031,
    })
    store.write(() => {
      store.companies.insert(named('cmp-y1', 'Ótica Zanon'))
      store.companies.insert(named('cmp-y2', 'abacate digital'))
      store.companies.insert(named('cmp-y3', 'Mercearia Boa'))
      for (const id of ['cmp-y1', 'cmp-y2', 'cmp-y3']) store.companyYears.insert(yearOf(id))
    })
    const ranks = () =>
      store.db
        .prepare(
          'SELECT y.company_id, y.name_rank AS year, c.name_rank AS company FROM company_years y JOIN companies c ON c.id = y.company_id',
        )
        .all() as { company_id: string; year: number; company: number }[]
    const yearsInOrder = () =>
      store.companyYears.find({ where: { year: 2031 }, order: 'nameRank' }).map((y) => y.companyId)
    expect(ranks().every((row) => row.year === row.company)).toBe(true)
    expect(yearsInOrder()).toEqual(['cmp-y2', 'cmp-y3', 'cmp-y1'])
    // The company renamed moves its year at once, without a write of the year.
    store.write(() =>
      store.companies.update({ ...store.companies.get('cmp-y1')!, name: 'Água Clara' }),
    )
    expect(yearsInOrder()).toEqual(['cmp-y2', 'cmp-y1', 'cmp-y3'])
    expect(ranks().every((row) => row.year === row.company)).toBe(true)
  })

  it('reads in one snapshot per turn, and sees its own writes at once', async () => {
    const store = open(path.join(tempDir(), 'contabil.db'))
    expect(store.invites.count({ companyId: 'cmp-a' })).toBe(1)
    expect(store.db.inTransaction).toBe(true)
    store.write(() => store.invites.insert(invite('c', 'cmp-a')))
    expect(store.invites.count({ companyId: 'cmp-a' })).toBe(2)
    // Another connection (a SQLite tool) sees the write once it is committed...
    const tool = new Sqlite(store.file, { readonly: true })
    expect(tool.prepare(`SELECT count(*) FROM invites`).pluck().get()).toBe(3)
    tool.close()
    // ...and the read ends with the turn.
    await new Promise((resolve) => setImmediate(resolve))
    expect(store.db.inTransaction).toBe(false)
  })

  it('goes back to the seed on reset', () => {
    const file = path.join(tempDir(), 'contabil.db')
    const store = open(file)
    store.write(() => store.invites.remove('a'))
    store.reset()
    expect(store.snapshot()).toEqual(seed())
    expect(reopenAfterCrash(file).snapshot()).toEqual(seed())
  })

  it('keeps the data file to its owner (0600)', () => {
    const file = path.join(tempDir(), 'contabil.db')
    open(file)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('seeds a table the file does not have yet, and keeps the others', async () => {
    const file = path.join(tempDir(), 'contabil.db')
    const store = open(file)
    store.write(() => store.invites.remove('a'))
    await store.close()
    const db = new Sqlite(file)
    db.exec("DROP TABLE leads; DELETE FROM store_meta WHERE key = 'layout'")
    db.close()
    const lead = {
      id: 'lead-1',
      name: 'Maria',
      email: 'maria@example.com',
      phone: null,
      planId: null,
      source: null,
      track: null,
      createdAt: '2026-11-01T12:00:00.000Z',
    }
    const again = open(file, () => ({ ...seed(), leads: [lead] }))
    expect(again.invites.all().map((i) => i.id)).toEqual(['b'])
    expect(again.leads.all()).toEqual([lead])
  })
})

describe('a data folder from before (db.json)', () => {
  it('is imported on start when its log holds no change, and kept aside', () => {
    const dir = tempDir()
    writeFileSync(
      path.join(dir, 'db.json'),
      JSON.stringify({ invites: [invite('velho', 'cmp-a')], _store: { generation: 'g', seq: 3 } }),
    )
    writeFileSync(path.join(dir, 'db.json.wal'), '0badc0de {"generation":"g"}\n')
    const store = open(path.join(dir, 'contabil.db'))
    expect(store.invites.all().map((i) => i.id)).toEqual(['velho'])
    expect(existsSync(path.join(dir, 'db.json'))).toBe(false)
    expect(existsSync(path.join(dir, 'db.json.migrated'))).toBe(true)
    expect(existsSync(path.join(dir, 'db.json.wal'))).toBe(false)
  })

  it('is refused, naming `npm run db:reset`, when its log holds changes', () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ invites: [] }))
    writeFileSync(
      path.join(dir, 'db.json.wal'),
      '0badc0de {"generation":"g"}\n0badc0de {"s":1,"o":[]}\n',
    )
    expect(() => open(path.join(dir, 'contabil.db'))).toThrow(LegacyDataError)
    expect(() => open(path.join(dir, 'contabil.db'))).toThrow(/npm run db:reset/)
    expect(existsSync(path.join(dir, 'contabil.db'))).toBe(false)
  })
})
