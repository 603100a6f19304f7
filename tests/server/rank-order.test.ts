import Sqlite from 'better-sqlite3'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { RankColumn } from '../../mock-server/store/rank'
import { layouts } from '../../mock-server/store/layout'
import { Table, columnOf, type TableLayout } from '../../mock-server/store/table'

// The pt-BR name order a table keeps in a rank column (mock-server/store/rank.ts): after any
// sequence of inserts, renames and removals, the order the index serves is Intl.Collator's pt-BR
// order of the names, ties in insertion order — the order numbering every row afresh gives —
// while each write places only its own row.

type Named = { id: string; name: string }
const ptBr = new Intl.Collator('pt-BR')
const layout: TableLayout<Named> = {
  table: 'named',
  key: (record) => record.id,
  columns: { name: (record) => record.name },
  ranks: { nameRank: { of: 'name', compare: ptBr.compare } },
  indexes: [['nameRank']],
}

function table() {
  const db = new Sqlite(':memory:')
  db.exec(Table.schemaOf(layout as TableLayout<never>))
  const lookups = countLookups(db)
  const named = new Table(db, layout, { read() {}, writing: () => true, version: () => '' })
  return { db, named, lookups }
}

/** Counts the one-row reads of the rank column's order (what placing a row costs). */
function countLookups(db: Sqlite.Database) {
  const counter = { n: 0 }
  const prepare = db.prepare.bind(db)
  db.prepare = ((sql: string) => {
    const statement = prepare(sql)
    if (/ORDER BY name_rank( DESC)? LIMIT 1$/.test(sql)) {
      const get = statement.get.bind(statement)
      statement.get = ((...values: unknown[]) => {
        counter.n++
        return get(...values)
      }) as typeof statement.get
    }
    return statement
  }) as typeof db.prepare
  return counter
}

/** The expected order: by name in pt-BR, then by insertion. */
const expected = (db: Sqlite.Database) =>
  (db.prepare('SELECT id, name FROM named ORDER BY seq').all() as Named[])
    .map((row, seq) => ({ ...row, seq }))
    .sort((a, b) => ptBr.compare(a.name, b.name) || a.seq - b.seq)
    .map((row) => row.id)

const served = (named: Table<Named>) => named.find({ order: 'nameRank' }).map((row) => row.id)

const names = fc.constantFrom(
  'Ética Serviços',
  'etica servicos',
  'Abacate Digital',
  'abacate digital',
  'Água Clara',
  'Zebra Ltda',
  'Empresa 11.222.333/0001-81',
  'Empresa 11.222.333/0001-82',
  'Ótica Visão',
  'otica visao',
  'Café & Cia',
  'café e cia',
  '123 Comércio',
  'Ação Social',
)

type Step =
  | { kind: 'insert'; name: string }
  | { kind: 'rename'; at: number; name: string }
  | { kind: 'remove'; at: number }
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: names.map((name) => ({ kind: 'insert' as const, name })) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), name: names }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
)

describe('the pt-BR name order in a rank column', () => {
  it('is Intl.Collator’s order, ties in insertion order, after any writes', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const { db, named } = table()
        let next = 0
        for (const change of steps) {
          const ids = named.find({}).map((row) => row.id)
          if (change.kind === 'insert') named.insert({ id: `r${next++}`, name: change.name })
          else if (ids.length === 0) continue
          else if (change.kind === 'rename')
            named.update({ id: ids[change.at % ids.length]!, name: change.name })
          else named.remove(ids[change.at % ids.length]!)
        }
        expect(served(named)).toEqual(expected(db))
        db.close()
      }),
      { numRuns: 200 },
    )
  })

  it('spreads rows out again when a place has no room left, and keeps the order', () => {
    const { db, named } = table()
    named.insertMany([
      { id: 'a', name: 'A' },
      { id: 'z', name: 'Z' },
    ])
    // Each new name falls just before the previous one: the gap between two neighbours halves
    // on every insert, until there is none left and the rows around are spread out again.
    for (let i = 0; i < 200; i++) named.insert({ id: `m${i}`, name: `M ${String(999 - i)}` })
    expect(served(named)).toEqual(expected(db))
    db.close()
  })

  it('places a row without numbering the whole table again', () => {
    const { db, named } = table()
    named.insertMany(
      Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, name: `Empresa ${i * 7919}` })),
    )
    const numberAll = vi.spyOn(RankColumn.prototype, 'numberAll')
    for (let i = 0; i < 200; i++) named.insert({ id: `n${i}`, name: `Nova ${(i * 104_729) % 997}` })
    named.update({ id: 'c42', name: 'Água Clara' })
    expect(numberAll).not.toHaveBeenCalled()
    numberAll.mockRestore()
    expect(served(named)).toEqual(expected(db))
    db.close()
  })
})

describe('placing a row looks up about log2 of the rows', () => {
  /** Lookups of each insert: the most, and the mean. */
  function placing(named: Table<Named>, lookups: { n: number }, names: string[]) {
    const counts = names.map((name, i) => {
      const before = lookups.n
      named.insert({ id: `p${i}`, name })
      return lookups.n - before
    })
    return { most: Math.max(...counts), mean: counts.reduce((a, b) => a + b, 0) / counts.length }
  }

  it('among 10,000 rows numbered afresh: some 17, not the 30 of halving their ranks', () => {
    const { db, named, lookups } = table()
    named.insertMany(
      Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, name: `Empresa ${i * 7919}` })),
    )
    const { most, mean } = placing(
      named,
      lookups,
      Array.from({ length: 300 }, (_, i) => `Empresa ${(i * 104_729) % 79_190_000}`),
    )
    expect(mean).toBeLessThan(22)
    expect(most).toBeLessThanOrEqual(40)
    expect(served(named)).toEqual(expected(db))
    db.close()
  })

  it('where rows crowd at one end of a gap, never walking them one by one', () => {
    const { db, named, lookups } = table()
    const crowd = Array.from({ length: 1_000 }, (_, i) => `C ${String(i).padStart(4, '0')}`)
    named.insertMany([
      { id: 'a', name: 'A' },
      ...crowd.map((name) => ({ id: name, name })),
      { id: 'n', name: 'N' },
    ])
    // A at 0, the crowd at 1 to 1,000, N far above: every row of the gap below its middle.
    const rank = db.prepare('UPDATE named SET name_rank = ? WHERE id = ?')
    rank.run(0, 'a')
    crowd.forEach((name, i) => rank.run(i + 1, name))
    rank.run(2 ** 30, 'n')
    const { most } = placing(named, lookups, ['C 0999a', 'C 0500a', 'C 0000a', 'B', 'M'])
    // About log2 of the ranks between the ends at worst, where a walk would read the crowd.
    expect(most).toBeLessThanOrEqual(40)
    expect(served(named)).toEqual(expected(db))
    db.close()
  })
})

describe('a rank column is read through an index of its own', () => {
  it('every ranked table of the store has an index leading with each rank, declared or not', () => {
    for (const layout of Object.values(layouts) as TableLayout<never>[]) {
      for (const rank of Object.keys(layout.ranks ?? {})) {
        const db = new Sqlite(':memory:')
        db.exec(Table.schemaOf(layout))
        // SQLite's own plan for rank.ts's neighbour lookup: a search of an index, not a scan
        // of the table followed by a sort.
        const column = columnOf(rank)
        const plan = db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT id FROM ${layout.table} WHERE ${column} >= ? AND id != ? ORDER BY ${column} LIMIT 1`,
          )
          .all(0, '')
          .map((step) => (step as { detail: string }).detail)
          .join(' | ')
        expect(plan, `${layout.table}.${column}`).toMatch(/SEARCH .* USING INDEX/)
        expect(plan, `${layout.table}.${column}`).not.toMatch(/TEMP B-TREE/)
        db.close()
      }
    }
  })
})
