import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { CollectionIndex } from '../../mock-server/store/collection-index'
import { Store, type Database } from '../../mock-server/store/database'
import { readWal } from '../../mock-server/store/wal'

type Row = { id: string; group: string; n: number; tags?: string[]; address?: { city: string } }
type Data = { rows: Row[]; settings: { theme: string }; notes: string[] }

const seed = (): Data => ({
  rows: [
    { id: 'a', group: 'x', n: 1 },
    { id: 'b', group: 'y', n: 2, address: { city: 'Recife' } },
    { id: 'c', group: 'x', n: 3 },
  ],
  settings: { theme: 'claro' },
  notes: ['primeira'],
})

const dirs: string[] = []
const stores: Store[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close().catch(() => undefined)
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempFile() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-store-'))
  dirs.push(dir)
  return path.join(dir, 'db.json')
}

/** A store over a plain test data set (the typed collections do not matter to the engine). */
function open(file: string, options: ConstructorParameters<typeof Store>[2] = {}) {
  const store = new Store(file, seed as unknown as () => Database, { log: () => {}, ...options })
  stores.push(store)
  return { store, data: store.data as unknown as Data }
}

/**
 * What a restart would find if the process died now (no close, no final snapshot): the files are
 * copied aside and opened there, so the running store keeps its own.
 */
function crashCopy(file: string) {
  const copy = tempFile()
  copyFileSync(file, copy)
  if (existsSync(`${file}.wal`)) copyFileSync(`${file}.wal`, `${copy}.wal`)
  return copy
}

function reopenAfterCrash(file: string) {
  return open(crashCopy(file)).store.raw as unknown as Data
}

const plain = (data: Data) => JSON.parse(JSON.stringify(data)) as Data

describe('store: write-ahead log', () => {
  it('persists every kind of in-place change, and a restart replays them', async () => {
    const file = tempFile()
    const { store, data } = open(file)
    data.rows[0]!.n = 10 // field of a record
    data.rows[1]!.address!.city = 'Olinda' // nested object
    data.rows.push({ id: 'd', group: 'y', n: 4, tags: [] }) // new record
    data.rows[3]!.tags!.push('novo') // nested array of the new record
    data.settings.theme = 'escuro' // a whole-value collection
    data.notes.push('segunda') // an array without ids
    await store.commit()
    data.rows.splice(0, 1) // removal
    data.rows.sort((x, y) => y.n - x.n) // reorder
    const c = data.rows.find((row) => row.id === 'c')!
    c.id = 'c2' // id change
    await store.commit()
    const expected = plain(data)
    expect(expected.rows.map((row) => row.id)).toEqual(['d', 'c2', 'b'])
    expect(reopenAfterCrash(file)).toEqual(expected)
  })

  it('logs only what changed', async () => {
    const file = tempFile()
    const { store, data } = open(file)
    const before = store.sizes.wal
    data.rows[2]!.n = 99
    await store.commit()
    const wal = readWal(`${file}.wal`)!
    expect(wal.entries.at(-1)!.o).toEqual([['u', 'rows', { id: 'c', group: 'x', n: 99 }]])
    expect(store.sizes.wal - before).toBeLessThan(120)
  })

  it('replaces collections through assignment (filter) and through lowdb', async () => {
    const file = tempFile()
    const { store, data } = open(file)
    data.rows = data.rows.filter((row) => row.group === 'x')
    ;(store.data as unknown as Data).notes = []
    await store.commit()
    expect(reopenAfterCrash(file).rows.map((row) => row.id)).toEqual(['a', 'c'])
    const db = store.db as unknown as {
      get: (key: string) => {
        push: (row: Row) => { write: () => Promise<unknown> }
      }
    }
    await db.get('rows').push({ id: 'z', group: 'z', n: 0 }).write()
    expect(reopenAfterCrash(file).rows.map((row) => row.id)).toEqual(['a', 'c', 'z'])
  })

  it('copies an object that already lives elsewhere, so records never share one', async () => {
    const file = tempFile()
    const { store, data } = open(file)
    data.rows[0]!.address = data.rows[1]!.address
    data.rows[0]!.address!.city = 'Caruaru'
    await store.commit()
    expect(data.rows[1]!.address!.city).toBe('Recife')
    expect(reopenAfterCrash(file)).toEqual(plain(data))
  })

  it('drops a torn last line (never acknowledged) and keeps the rest', async () => {
    const file = tempFile()
    const { store, data } = open(file)
    data.rows[0]!.n = 7
    await store.commit()
    appendFileSync(`${file}.wal`, '0badc0de {"s":99,"o":[["u","rows",{"id":"a","n":')
    const copy = crashCopy(file)
    expect(readWal(`${copy}.wal`)!.entries.at(-1)!.s).toBe(store.sizes.seq)
    expect(open(copy).data.rows[0]!.n).toBe(7)
    // The restart compacted: the data file alone holds the acknowledged change.
    expect(JSON.parse(readFileSync(copy, 'utf8')).rows[0].n).toBe(7)
  })

  it('ignores a log that continues another snapshot', async () => {
    const file = tempFile()
    const first = open(file)
    await first.store.close()
    const other = tempFile()
    const second = open(other)
    second.data.rows[0]!.n = 77
    await second.store.commit()
    // A log written for another snapshot, next to this one: it must not be applied.
    copyFileSync(`${other}.wal`, `${file}.wal`)
    expect(reopenAfterCrash(file).rows[0]!.n).toBe(1)
  })

  it('compacts into a new snapshot once the log outgrows it', async () => {
    const file = tempFile()
    const { store, data } = open(file, { compactAfterBytes: 1 })
    for (let i = 0; i < 5; i++) {
      data.rows[0]!.n = i
      await store.commit()
    }
    expect(store.sizes.wal).toBeLessThan(200)
    expect(JSON.parse(readFileSync(file, 'utf8')).rows[0].n).toBeGreaterThanOrEqual(3)
    expect(reopenAfterCrash(file).rows[0]!.n).toBe(4)
  })

  it('group-commits concurrent writers, each acknowledged only once durable', async () => {
    const file = tempFile()
    const { store, data } = open(file)
    const writes = Array.from({ length: 300 }, async (_, i) => {
      data.rows.push({ id: `w${i}`, group: 'w', n: i })
      await store.commit()
      return i
    })
    await Promise.all(writes)
    expect(store.sizes.seq).toBeLessThan(300)
    const replayed = reopenAfterCrash(file)
    expect(replayed.rows.filter((row) => row.group === 'w')).toHaveLength(300)
  })

  it('reset writes a fresh seed', async () => {
    const file = tempFile()
    const { store, data } = open(file)
    data.rows[0]!.n = 42
    await store.commit()
    await store.reset()
    expect((store.data as unknown as Data).rows[0]!.n).toBe(1)
    expect(reopenAfterCrash(file).rows[0]!.n).toBe(1)
  })
})

describe('store: indexes', () => {
  it('groups records, follows in-place changes, pushes, removals and resets', async () => {
    const file = tempFile()
    const { store, data } = open(file)
    // The engine does not care about the typed collections; this test's data set is its own.
    const generic = store as unknown as {
      index: (collection: string, keysOf: (row: Row) => string) => CollectionIndex<Row>
      byId: (collection: string, id: string) => Row | undefined
    }
    const byGroup = generic.index('rows', (row) => row.group)
    expect(byGroup.get('x').map((row) => row.id)).toEqual(['a', 'c'])
    data.rows[0]!.group = 'y' // moves a to y, in collection order
    expect(byGroup.get('y').map((row) => row.id)).toEqual(['a', 'b'])
    data.rows.push({ id: 'd', group: 'x', n: 4 })
    expect(byGroup.get('x').map((row) => row.id)).toEqual(['c', 'd'])
    data.rows.splice(1, 1)
    expect(byGroup.get('y').map((row) => row.id)).toEqual(['a'])
    expect(byGroup.page('x', { limit: 1, offset: 1 })).toMatchObject({
      total: 2,
      data: [{ id: 'd' }],
    })
    expect(byGroup.page('x', { limit: 1, offset: 0 }, { reverse: true }).data[0]!.id).toBe('d')
    // Records handed out are tracked: changing one persists.
    byGroup.get('x')[0]!.n = 100
    await store.commit()
    expect(reopenAfterCrash(file).rows.find((row) => row.id === 'c')!.n).toBe(100)
    await store.reset()
    expect(byGroup.get('x').map((row) => row.id)).toEqual(['a', 'c'])
    expect(generic.byId('rows', 'b')).toMatchObject({ id: 'b', n: 2 })
  })
})
