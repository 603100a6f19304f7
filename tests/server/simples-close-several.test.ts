import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSeed } from '../../mock-server/seed/index'
import { Store } from '../../mock-server/store/database'
import { attachRegistry } from '../../mock-server/domain/companies/registry'
import { standInRegistry } from '../../mock-server/stand-ins/receita-cnpj/registry'
import { closeSeveral } from '../../mock-server/domain/simples/close-several'
import { closeMonth } from '../../mock-server/domain/simples/months'
import { DomainError } from '../../mock-server/domain/errors'
import { todayInBrazil } from '../../src/kernel/dates'
import { scaleCompanyId, scaleDataSet, scalePeriod } from '../../scripts/bench-scale-data'

// The bulk month close (mock-server/domain/simples/close-several.ts: a batch of companies per
// transaction, a savepoint each) writes exactly what closing the same companies one by one, a
// transaction each, writes: the same closed months, guides, payrolls, years and queue; the same
// refusals, a refused company leaving no trace while the others of its batch stay closed.

const COMPANIES = 48
const NOW = '2026-11-02T13:00:00.000Z'
const root = mkdtempSync(path.join(os.tmpdir(), 'contabil-close-several-'))
const stores: Store[] = []
let source = ''

beforeAll(async () => {
  // The bench:scale data set in small: Simples (fator R, Annex IV, with employees) and MEI
  // companies with twelve months of NFS-e and payroll, on the seed (scripts/bench-scale-data.ts).
  const set = await scaleDataSet(
    path.join(root, 'data'),
    { companies: COMPANIES, lines: 12, invoices: 4 },
    () => {},
  )
  source = set.dir
}, 60_000)

afterAll(async () => {
  for (const store of stores.splice(0)) await store.close()
  rmSync(root, { recursive: true, force: true })
})

/** A copy of the data set, with a company whose month is not ready and one closed already. */
function openCopy(name: string) {
  const dir = path.join(root, name)
  cpSync(source, dir, { recursive: true })
  const store = new Store(path.join(dir, 'contabil.db'), buildSeed, { log: () => {} })
  attachRegistry(store, standInRegistry(store))
  stores.push(store)
  const period = scalePeriod()
  store.write(() => {
    store.payrolls.remove(`${scaleCompanyId(5)}:${period}`)
    closeMonth(store, scaleCompanyId(3), period, 'uid-admin', NOW, todayInBrazil())
  })
  return store
}

/**
 * Every collection, each row as JSON with the guides' random ids (and what derives from them: the
 * file name and the digitable line) named by company, kind and competence; rows sorted.
 */
function normalized(store: Store) {
  const names = new Map<string, string>()
  for (const document of store.documents.all())
    if (document.guia && document.createdAt === NOW) {
      const name = `${document.companyId}|${document.guia.kind}|${document.guia.competence}`
      names.set(document.id, name)
      names.set(document.id.slice(-8), name)
      if (document.guia.digitableLine) names.set(document.guia.digitableLine, name)
    }
  const pattern = new RegExp([...names.keys()].sort((a, b) => b.length - a.length).join('|'), 'g')
  const rename = (text: string) => (names.size ? text.replace(pattern, (m) => names.get(m)!) : text)
  return Object.fromEntries(
    Object.entries(store.snapshot()).map(([name, rows]) => [
      name,
      (rows as unknown[]).map((row) => rename(JSON.stringify(row))).sort(),
    ]),
  )
}

describe('closing several months at once', () => {
  it('writes what closing them one by one writes, refusals included', async () => {
    const period = scalePeriod()
    const today = todayInBrazil()
    const ids = [
      ...Array.from({ length: COMPANIES }, (_, i) => scaleCompanyId(i)),
      // Asked twice in one request: the second finds it closed by the first.
      scaleCompanyId(7),
      'cmp-nao-existe',
    ]

    const oneByOne = openCopy('one-by-one')
    const expected = ids.map((companyId) => {
      try {
        oneByOne.write(() => closeMonth(oneByOne, companyId, period, 'uid-admin', NOW, today))
        return { companyId, closed: true, message: null as string | null }
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        return { companyId, closed: false, message: error.message }
      }
    })

    const bulk = openCopy('bulk')
    // A budget of 5 ms: the companies go in several batches.
    const outcomes = await closeSeveral(bulk, ids, period, 'uid-admin', today, () => NOW, 5)
    expect(
      outcomes.map(({ companyId, closed, refusal }) => ({
        companyId,
        closed: closed !== null,
        message: refusal?.message ?? null,
      })),
    ).toEqual(expected)

    // The refusals are the ones one by one gives: closed already, not ready, unknown, repeated.
    const refused = expected.filter((outcome) => !outcome.closed).map((o) => o.companyId)
    expect(refused).toEqual(
      expect.arrayContaining([
        scaleCompanyId(3),
        scaleCompanyId(5),
        scaleCompanyId(7),
        'cmp-nao-existe',
      ]),
    )
    expect(expected.filter((outcome) => outcome.closed).length).toBeGreaterThan(COMPANIES / 2)

    expect(normalized(bulk)).toEqual(normalized(oneByOne))
    const queue = (store: Store) =>
      store.monthQueue.page({
        period,
        words: [],
        digits: '',
        status: 'closed',
        byStatus: false,
        limit: 1000,
        offset: 0,
      })
    expect(queue(bulk)).toEqual(queue(oneByOne))
  }, 60_000)
})
