import { createHash, randomUUID } from 'node:crypto'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, promises as fs } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import Sqlite, { type Database, type Statement, type Transaction } from 'better-sqlite3'
import type { CollectionName, Model, RecordOf } from '../model'
import { collectionNames, layouts } from './layout'
import { startCheckpointer } from './checkpointer'
import { MonthQueue, monthQueueSchemaSql } from './month-queue'
import { isUnreadableDatabase, unreadableDataFile } from './data-file-error'
import { readLegacyData, retireLegacyData } from './legacy'
import { Table, type TableLayout, type TableSession } from './table'

type Tables = { readonly [K in CollectionName]: Table<RecordOf<K>> }

/**
 * WAL pages (4 KB each) past which the committing connection checkpoints by itself: only when the
 * checkpoint worker has fallen far behind (normally it keeps the WAL to a few hundred pages). Not
 * lower: a long read snapshot holds every checkpoint back — the reconciliation worker reads a
 * million lines in one (domain/bank/reconciliation/job.ts) while this thread already writes the
 * first changes — and at 20,000 pages the first commit after it ended copied the 116 MB the WAL
 * had grown to on the API's thread, 1.7 s in which no request was answered
 * (scripts/bench-scale.ts, other requests during the full reconciliation); the worker copies them
 * a quarter of a second later without holding anyone.
 */
const WAL_PAGES_LIMIT = 250_000

/** What the WAL file keeps of its size once it starts over. */
const WAL_BYTES_KEPT = 64 * 1024 ** 2

/** How much of the file reads map into memory (address space, not memory used up front). */
const MMAP_BYTES = 1024 ** 3

/** The SQL of the whole layout. */
const schemaSql = [
  'CREATE TABLE row_counts (grouping TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (grouping, key)) WITHOUT ROWID;',
  ...collectionNames.map((name) => Table.schemaOf(layouts[name] as TableLayout<never>)),
  monthQueueSchemaSql,
].join('\n')
/**
 * A fingerprint of the layout: a file laid out by another one has its tables rebuilt, and the
 * scale bench builds its data set again (scripts/bench-scale-data.ts).
 */
export const layoutVersion = createHash('sha256').update(schemaSql).digest('hex').slice(0, 16)

export type StoreOptions = { log?: (message: string) => void }

/**
 * The persisted state: a SQLite database (better-sqlite3, WAL journal) with a table per
 * collection of the model (`store.companies`, `store.bankTransactions`, …; layout.ts); a worker
 * thread checkpoints the WAL into the file (checkpointer.ts).
 *
 * - Reads go straight to the tables: `store.companies.get(id)`, `store.invites.find({ where })`.
 *   A record read is a plain object of its own; changing it changes nothing until it is written.
 * - Writes go inside `store.write(() => …)`: one transaction; a throw inside rolls everything
 *   back (nothing half-saved). A commit is in the WAL when `write` returns; `await durable()`
 *   resolves once the WAL has been fsynced since (group commit: one fdatasync in the thread pool
 *   for every commit waiting, the event loop never waits on the disk). The API acknowledges a
 *   request that wrote only after that (api.ts).
 * - A new file is seeded; a table the file lacks starts from its seed; a data folder from before
 *   (`db.json`) is imported once (legacy.ts).
 */
export class Store implements Tables {
  readonly file: string
  readonly db: Database
  private readonly seed: () => Model
  private readonly log: (message: string) => void
  private readonly transaction: Transaction<(run: () => unknown) => unknown>
  private readonly closers: Array<() => void> = []
  private readonly checkpointer: ReturnType<typeof startCheckpointer>
  private closed = false
  /** Commits so far, and how many of them the last WAL fsync covered. */
  private commits = 0
  private synced = 0
  private syncing: Promise<void> | null = null
  private wal: FileHandle | undefined
  /** Whether a write transaction (store.write) is open. */
  private writing = false
  /** Whether this turn's read transaction is open (see `read`). */
  private reading = false
  private readonly beginRead: Statement
  private readonly commitRead: Statement

  declare readonly users: Table<RecordOf<'users'>>
  declare readonly companies: Table<RecordOf<'companies'>>
  declare readonly tracks: Table<RecordOf<'tracks'>>
  declare readonly plans: Table<RecordOf<'plans'>>
  declare readonly subscriptions: Table<RecordOf<'subscriptions'>>
  declare readonly payments: Table<RecordOf<'payments'>>
  /** The payment checkout stand-in's charges (stand-ins/checkout/gateway.ts). */
  declare readonly checkoutCharges: Table<RecordOf<'checkoutCharges'>>
  declare readonly invites: Table<RecordOf<'invites'>>
  declare readonly referralRewards: Table<RecordOf<'referralRewards'>>
  declare readonly ducaPartners: Table<RecordOf<'ducaPartners'>>
  declare readonly taxCategories: Table<RecordOf<'taxCategories'>>
  declare readonly nfsRequests: Table<RecordOf<'nfsRequests'>>
  declare readonly nfsSchedulers: Table<RecordOf<'nfsSchedulers'>>
  declare readonly documents: Table<RecordOf<'documents'>>
  declare readonly bankConnections: Table<RecordOf<'bankConnections'>>
  declare readonly bankAccounts: Table<RecordOf<'bankAccounts'>>
  declare readonly bankTransactions: Table<RecordOf<'bankTransactions'>>
  declare readonly coraAuthorizations: Table<RecordOf<'coraAuthorizations'>>
  declare readonly reconciliations: Table<RecordOf<'reconciliations'>>
  declare readonly leads: Table<RecordOf<'leads'>>
  declare readonly links: Table<RecordOf<'links'>>
  declare readonly certificates: Table<RecordOf<'certificates'>>
  declare readonly dpsSequences: Table<RecordOf<'dpsSequences'>>
  declare readonly dpsReservations: Table<RecordOf<'dpsReservations'>>
  declare readonly sefinNfse: Table<RecordOf<'sefinNfse'>>
  declare readonly sefinEvents: Table<RecordOf<'sefinEvents'>>
  declare readonly receitaCnpjRecords: Table<RecordOf<'receitaCnpjRecords'>>
  declare readonly payrolls: Table<RecordOf<'payrolls'>>
  declare readonly declaredRevenues: Table<RecordOf<'declaredRevenues'>>
  declare readonly closedMonths: Table<RecordOf<'closedMonths'>>
  declare readonly taxGuides: Table<RecordOf<'taxGuides'>>
  declare readonly revenueHistories: Table<RecordOf<'revenueHistories'>>
  declare readonly selicMonths: Table<RecordOf<'selicMonths'>>
  /** The month-close queue's summary, kept by triggers (month-queue.ts). */
  readonly monthQueue: MonthQueue
  declare readonly distributions: Table<RecordOf<'distributions'>>
  declare readonly companyYears: Table<RecordOf<'companyYears'>>

  constructor(file: string, seed: () => Model, options: StoreOptions = {}) {
    this.file = file
    this.seed = seed
    this.log = options.log ?? ((message) => console.warn(`[store] ${message}`))
    const dir = path.dirname(file)
    // Only the person running the stack reads the data (accounts, documents).
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const fresh = !existsSync(file)
    const legacy = fresh ? readLegacyData(dir) : undefined
    // SQLite gives its -wal and -shm files the mode of the database file.
    if (fresh) closeSync(openSync(file, 'a', 0o600))
    else chmodSync(file, 0o600)
    this.db = new Sqlite(file)
    this.transaction = this.db.transaction((run: () => unknown) => run())
    let missing: CollectionName[]
    try {
      // The first statement reads the file's header: a file that is not a database fails here,
      // before anything is written to it.
      this.db.pragma('journal_mode = WAL')
      // Commits append to the WAL; durable() fsyncs it before a write is acknowledged.
      this.db.pragma('synchronous = NORMAL')
      this.db.pragma(`wal_autocheckpoint = ${WAL_PAGES_LIMIT}`)
      // A WAL grown past this (a long snapshot, above) is cut back when it starts over.
      this.db.pragma(`journal_size_limit = ${WAL_BYTES_KEPT}`)
      // Reads map the file instead of copying its pages in with a read() each: the default page
      // cache (2 MB) holds little of 50,000 transactions, so every list paid system calls per
      // page.
      this.db.pragma(`mmap_size = ${MMAP_BYTES}`)
      missing = this.prepareSchema()
    } catch (error) {
      if (!isUnreadableDatabase(error)) throw error
      this.db.close()
      throw unreadableDataFile(file)
    }
    this.monthQueue = new MonthQueue(this.db, () => this.read())
    this.beginRead = this.db.prepare('BEGIN DEFERRED')
    this.commitRead = this.db.prepare('COMMIT')
    // This process is the file's only writer, and counts its commits: the instance and the count
    // name the committed data (a restart, or another process on the file, starts a new instance).
    const instance = randomUUID()
    const session: TableSession = {
      read: () => this.read(),
      writing: () => this.writing,
      version: () => `${instance}:${this.commits}`,
    }
    for (const name of collectionNames)
      Object.defineProperty(this, name, {
        value: new Table(this.db, layouts[name] as TableLayout<object>, session),
        enumerable: true,
      })
    if (missing.length > 0) {
      const seeded = this.seed()
      this.write(() => {
        for (const name of missing) {
          const records = legacy?.[name] ?? seeded[name]
          this.table(name).insertMany(records)
        }
      })
      if (!fresh) this.log(`new collections seeded: ${missing.join(', ')}`)
    }
    if (legacy) {
      retireLegacyData(dir)
      this.log(`data imported from ${path.join(dir, 'db.json')} (kept as db.json.migrated)`)
    }
    this.checkpointer = startCheckpointer(file)
  }

  /**
   * Runs `change` in one transaction and commits it durably before returning its result. Reads
   * inside see the transaction's own writes; a throw rolls it all back. Synchronous: nothing
   * else runs in between.
   */
  write<T>(change: () => T): T {
    if (this.closed) throw new Error('store is closed')
    // A write inside a write is a savepoint of the same transaction (better-sqlite3).
    const outermost = !this.writing
    if (outermost) this.endRead()
    this.writing = true
    let result: T
    try {
      result = this.transaction.immediate(change) as T
    } finally {
      if (outermost) this.writing = false
    }
    this.commits++
    if (result instanceof Promise)
      throw new Error('store.write() takes a synchronous change (await before, not inside)')
    return result
  }

  /**
   * Opens the read transaction the reads of this turn of the event loop share, unless one (or a
   * write) is open. A read outside a transaction takes and releases the database's shared lock
   * (two system calls) for every statement; in one, a list's access check, page and total take
   * it once, and see one snapshot. This connection is the only writer and ends the read before
   * it writes, so the snapshot is never behind its own writes; the read ends with the turn.
   */
  private read() {
    if (this.reading || this.writing || this.closed) return
    this.beginRead.run()
    this.reading = true
    setImmediate(this.endRead)
  }

  private readonly endRead = () => {
    if (!this.reading) return
    this.reading = false
    this.commitRead.run()
  }

  /** How many writes have committed (the API compares it around a request). */
  get commitCount() {
    return this.commits
  }

  /** Resolves once every write committed so far is on disk (the WAL fsynced after it). */
  async durable(): Promise<void> {
    const target = this.commits
    while (this.synced < target) {
      this.syncing ??= this.syncWal().finally(() => (this.syncing = null))
      await this.syncing
    }
  }

  /** One fdatasync of the WAL for every commit before it. */
  private async syncWal() {
    const upTo = this.commits
    this.wal ??= await fs.open(`${this.file}-wal`, 'r+')
    await this.wal.datasync()
    this.synced = Math.max(this.synced, upTo)
  }

  /**
   * The bulk path, for data sets of millions of records (scripts/bench-scale-data.ts): fills a
   * collection from batches, each batch a transaction of its own (memory holds one batch, not
   * the data set). The table's indexes are dropped first and built once at the end — one sort
   * each, where a row at a time places every row in every index — and its ranked orders and
   * counted groups are settled once, from all its rows. Reads meanwhile see the table without
   * its indexes: for a store nothing else uses yet.
   */
  bulkLoad<K extends CollectionName>(name: K, batches: Iterable<readonly RecordOf<K>[]>): number {
    const table = this.table(name)
    const indexes = Table.indexesOf(layouts[name] as TableLayout<never>)
    this.write(() => {
      for (const index of indexes) this.db.exec(`DROP INDEX IF EXISTS ${index.name}`)
    })
    let count = 0
    for (const batch of batches) {
      this.write(() => table.insertRows(batch))
      count += batch.length
    }
    this.write(() => {
      for (const index of indexes) this.db.exec(index.sql)
      table.settleBulk()
    })
    return count
  }

  /** Back to a fresh seed, in one transaction. */
  reset() {
    const seeded = this.seed()
    this.write(() => {
      for (const name of collectionNames) {
        const table = this.table(name)
        table.clear()
        table.insertMany(seeded[name])
      }
    })
  }

  /** The table of a collection named at run time (tests, reseeding). */
  table<K extends CollectionName>(name: K): Table<RecordOf<K>> {
    return (this as unknown as Tables)[name] as Table<RecordOf<K>>
  }

  /** A record by collection and key (tests). */
  byId<K extends CollectionName>(name: K, key: string): RecordOf<K> | undefined {
    return this.table(name).get(key)
  }

  /** Every collection, read now: `store.data.companies` (tests and scripts; read-only). */
  get data(): { readonly [K in CollectionName]: readonly RecordOf<K>[] } {
    const view = {} as { [K in CollectionName]: readonly RecordOf<K>[] }
    for (const name of collectionNames)
      Object.defineProperty(view, name, { get: () => this.table(name).all(), enumerable: true })
    return view
  }

  /** Everything, as plain data (tests compare these). */
  snapshot(): Model {
    const model = {} as Record<CollectionName, unknown[]>
    for (const name of collectionNames) model[name] = this.table(name).all()
    return model as Model
  }

  /** Runs `stop` when the store closes (timers of background jobs that write to it). */
  onClose(stop: () => void) {
    this.closers.push(stop)
  }

  /** Closes the database (its last connection checkpoints the WAL into the file). */
  async close(): Promise<void> {
    if (this.closed) return
    for (const stop of this.closers.splice(0)) stop()
    this.endRead()
    this.closed = true
    await this.checkpointer.stop()
    await this.wal?.close()
    this.db.close()
  }

  /**
   * Creates the tables the file lacks and returns their collections (to be seeded). A file laid
   * out by another version of layout.ts has its tables rebuilt with the records kept.
   */
  private prepareSchema(): CollectionName[] {
    const db = this.db
    db.exec('CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)')
    const version = db.prepare(`SELECT value FROM store_meta WHERE key = 'layout'`).pluck().get()
    const existing = new Set(
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[],
    )
    if (version === layoutVersion) return []
    // Keep what there is, then lay every table out again.
    const kept = new Map<CollectionName, string[]>()
    for (const name of collectionNames)
      if (existing.has(layouts[name].table))
        kept.set(
          name,
          db
            .prepare(`SELECT doc FROM ${layouts[name].table} ORDER BY seq`)
            .pluck()
            .all() as string[],
        )
    db.transaction(() => {
      for (const table of existing)
        if (table !== 'store_meta' && !table.startsWith('sqlite_'))
          db.exec(`DROP TABLE IF EXISTS ${table}`)
      db.exec(schemaSql)
      db.prepare(
        `INSERT INTO store_meta (key, value) VALUES ('layout', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(layoutVersion)
    })()
    if (kept.size > 0) {
      const tables = new Map(
        [...kept.keys()].map((name) => [name, new Table(db, layouts[name] as TableLayout<object>)]),
      )
      this.transaction.immediate(() => {
        for (const [name, docs] of kept)
          tables.get(name)!.insertMany(docs.map((doc) => JSON.parse(doc) as object))
      })
      this.log(`tables laid out again (${kept.size} kept)`)
    }
    return collectionNames.filter((name) => !kept.has(name))
  }
}
