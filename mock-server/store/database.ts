import { existsSync, readFileSync } from 'node:fs'
import low from 'lowdb'
import type { AdapterSync, LowdbSync } from 'lowdb'
import type { BillingData } from '../seed/billing'
import type { CoreData } from '../seed/core'
import type { EngagementData } from '../seed/engagement'
import type { FinanceData } from '../seed/finance'
import type { PublicData } from '../seed/public'
import { writeFileAtomicSync } from './atomic-file'
import { CollectionIndex, type IndexKeys } from './collection-index'
import { Ledger } from './ledger'
import { Tracker } from './tracker'
import {
  newGeneration,
  parseSnapshot,
  readWal,
  replay,
  serializeSnapshot,
  WalWriter,
  type SnapshotMeta,
} from './wal'
import { writeFileAtomic } from './atomic-file'

/** Everything the mock backend persists; each area owns its part. */
export type Database = CoreData & BillingData & EngagementData & FinanceData & PublicData

export type Collection = {
  [K in keyof Database]: Database[K] extends readonly unknown[] ? K : never
}[keyof Database & string]
type RecordOf<K extends Collection> =
  Database[K] extends ReadonlyArray<infer R> ? R & object : never

export type StoreOptions = {
  /** Compact (rewrite `db.json`, empty the log) once the log is this many bytes past the snapshot. */
  compactAfterBytes?: number
  log?: (message: string) => void
}

/**
 * The persisted state: a snapshot (`db.json`, json-server's shape) plus a write-ahead log
 * (`db.json.wal`).
 *
 * - Handlers mutate `data` in place, then `await commit()`. Commits are group-committed: every
 *   commit waiting while a flush runs joins the next one. A flush appends one log line holding
 *   only what changed (records upserted or deleted, see `Ledger`) and fdatasyncs it; the commit
 *   resolves after that (acknowledge after durability).
 * - When the log has grown past the snapshot (and on start after a replay, on `reset()` and on
 *   `close()`), the whole state is written to a new `db.json` atomically (temp file, fsync,
 *   rename, directory fsync) and the log starts again for that snapshot's generation.
 * - On start, `db.json` is read and the log entries after its sequence number are replayed; a torn
 *   last line (crash mid-append) is dropped, since it was never acknowledged.
 *
 * `db` is a lowdb 1 instance over the same state (json-server's router shape).
 */
export class Store {
  readonly db: LowdbSync<Database>
  readonly file: string
  readonly walFile: string
  private readonly seed: () => Database
  private readonly tracker: Tracker
  private readonly ledger: Ledger
  private readonly wal: WalWriter
  private readonly compactAfterBytes: number
  private readonly log: (message: string) => void
  private generation = ''
  private seq = 0
  private snapshotBytes = 0
  private mustCompact = false
  private closed = false
  private waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = []
  private flushing: Promise<void> | null = null
  private readonly ready: Promise<void>
  private readonly idIndexes = new Map<string, CollectionIndex<object>>()
  private readonly closers: Array<() => void> = []

  constructor(file: string, seed: () => Database, options: StoreOptions = {}) {
    this.file = file
    this.walFile = `${file}.wal`
    this.seed = seed
    this.compactAfterBytes = options.compactAfterBytes ?? 16 * 1024 * 1024
    this.log = options.log ?? ((message) => console.warn(`[store] ${message}`))
    this.wal = new WalWriter(this.walFile)
    const { root, validBytes } = this.load()
    this.tracker = new Tracker(root)
    this.ledger = new Ledger(this.tracker)
    this.ledger.rebase()
    this.ready = validBytes === undefined ? Promise.resolve() : this.wal.openExisting(validBytes)
    this.ready.catch(() => (this.mustCompact = true))

    const adapter = { read: () => this.tracker.root, write: () => this.commit() }
    // lowdb's typings only know sync or async adapters; this one reads sync and writes async.
    this.db = low(adapter as unknown as AdapterSync<Database>)
    const plant = this.db.setState.bind(this.db)
    // Replacing the state through lowdb goes through the tracker too.
    this.db.setState = (state: Database) => {
      this.tracker.replaceRoot(state as unknown as Record<string, unknown>)
      return plant(this.tracker.root as unknown as Database)
    }
  }

  /** The state, tracked: mutate it in place, then `await commit()`. */
  get data(): Database {
    return this.tracker.root as unknown as Database
  }

  /** Resolves once every change made so far is durable. */
  commit(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('store is closed'))
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject })
      this.flushing ??= this.flushLoop()
    })
  }

  /** Replaces everything with a fresh seed and persists it (a new snapshot). */
  async reset(): Promise<void> {
    this.tracker.replaceRoot(this.seed() as unknown as Record<string, unknown>)
    this.db.setState(this.tracker.root as unknown as Database)
    this.mustCompact = true
    await this.commit()
  }

  /** Resolves when nothing is waiting to be written. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing
  }

  /** Runs `stop` when the store closes (timers of background jobs that write to it). */
  onClose(stop: () => void) {
    this.closers.push(stop)
  }

  /** Writes a final snapshot and closes the log. */
  async close(): Promise<void> {
    if (this.closed) return
    for (const stop of this.closers.splice(0)) stop()
    this.mustCompact = true
    await this.commit().catch((error) => this.log(`final snapshot failed: ${String(error)}`))
    await this.idle()
    this.closed = true
    for (const index of this.idIndexes.values()) index.close()
    await this.wal.close()
  }

  /**
   * An index over a collection, grouped by the keys `keysOf` gives each raw record (see
   * `CollectionIndex`). Create it once (in a router's `create`), not per request.
   */
  index<K extends Collection>(
    collection: K,
    keysOf: (record: RecordOf<K>) => IndexKeys,
  ): CollectionIndex<RecordOf<K>> {
    return new CollectionIndex<RecordOf<K>>(this.tracker, collection, keysOf)
  }

  /** A record by id in O(1) (a tracked view), or undefined. */
  byId<K extends Collection>(collection: K, id: string | number): RecordOf<K> | undefined {
    let index = this.idIndexes.get(collection)
    if (!index) {
      index = new CollectionIndex<object>(this.tracker, collection, (record) =>
        String((record as { id?: unknown }).id),
      )
      this.idIndexes.set(collection, index)
    }
    return index.first(String(id)) as RecordOf<K> | undefined
  }

  /** Changes whenever anything in the collection changes (cache keys, see `ResponseCache`). */
  version(collection: Collection): number {
    return this.tracker.version(collection)
  }

  /** A deep, untracked copy of the state (tests compare these). */
  snapshot(): Database {
    return JSON.parse(JSON.stringify(this.tracker.raw)) as Database
  }

  /** The untracked state, read-only (benches, serialisation). */
  get raw(): Readonly<Database> {
    return this.tracker.raw as unknown as Database
  }

  /** Bytes in the log and in the last snapshot (benches and tests). */
  get sizes() {
    return { wal: this.wal.size, snapshot: this.snapshotBytes, seq: this.seq }
  }

  // ---- startup ----

  private load(): { root: Record<string, unknown>; validBytes: number | undefined } {
    let root: Record<string, unknown>
    let meta: SnapshotMeta | undefined
    const seeded = !existsSync(this.file)
    if (seeded) root = this.seed() as unknown as Record<string, unknown>
    else {
      const text = readFileSync(this.file, 'utf8')
      ;({ root, meta } = parseSnapshot(text))
      this.snapshotBytes = Buffer.byteLength(text)
      // Collections added since this file was written start from their seed.
      const fresh = this.seed() as unknown as Record<string, unknown>
      for (const key of Object.keys(fresh)) if (!(key in root)) root[key] = fresh[key]
    }
    const wal = readWal(this.walFile)
    let replayed = 0
    if (wal && meta && wal.generation === meta.generation) {
      const entries = wal.entries.filter((entry) => entry.s > meta.seq)
      replay(root, entries)
      replayed = entries.length
      this.seq = wal.entries.reduce((seq, entry) => Math.max(seq, entry.s), meta.seq)
      this.generation = meta.generation
    } else if (wal && wal.entries.length > 0) {
      this.log(`ignoring ${this.walFile}: it continues another snapshot than ${this.file}`)
    }
    if (seeded || !meta || replayed > 0 || !wal || wal.generation !== meta.generation) {
      this.compactSync(root)
      return { root, validBytes: undefined }
    }
    return { root, validBytes: wal.validBytes }
  }

  private compactSync(root: Record<string, unknown>) {
    this.generation = newGeneration()
    const text = serializeSnapshot(root, { generation: this.generation, seq: this.seq })
    writeFileAtomicSync(this.file, text)
    this.snapshotBytes = Buffer.byteLength(text)
    this.wal.startSync(this.generation)
  }

  // ---- group commit ----

  private async flushLoop(): Promise<void> {
    try {
      await this.ready.catch(() => undefined)
      while (this.waiting.length > 0) {
        const batch = this.waiting
        this.waiting = []
        try {
          if (
            this.mustCompact ||
            this.wal.size > Math.max(this.compactAfterBytes, this.snapshotBytes)
          )
            await this.compact()
          else {
            const ops = this.ledger.collect()
            if (ops.length > 0) {
              try {
                await this.wal.append(this.seq + 1, ops)
                this.seq += 1
              } catch (error) {
                // The ops are lost from the log; the next flush writes a whole snapshot instead.
                this.mustCompact = true
                throw error
              }
            }
          }
          for (const waiter of batch) waiter.resolve()
        } catch (error) {
          for (const waiter of batch) waiter.reject(error)
        }
      }
    } finally {
      this.flushing = null
    }
  }

  /** Writes the whole state as a new snapshot generation and starts an empty log for it. */
  private async compact() {
    this.mustCompact = true
    const generation = newGeneration()
    const text = serializeSnapshot(this.tracker.raw, { generation, seq: this.seq })
    // Everything changed so far is in `text`: the log restarts from here.
    this.ledger.rebase()
    await writeFileAtomic(this.file, text)
    this.generation = generation
    this.snapshotBytes = Buffer.byteLength(text)
    await this.wal.start(generation)
    this.mustCompact = false
  }
}
