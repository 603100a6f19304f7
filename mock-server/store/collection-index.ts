import type { Tracker } from './tracker'

export type IndexKeys = string | readonly string[]

/**
 * An in-memory index over one collection of the store: its records grouped by keys (e.g. the
 * company id, or `companyId|accountId`), each group in collection order. A list endpoint reads a
 * group and slices a page instead of scanning the whole collection.
 *
 * It follows the store by itself: records changed in place move to their new groups, pushed
 * records are appended, and anything else (removal, reorder, replacement, reset) rebuilds it on
 * the next read. `keysOf` gets the raw record and must not change it. Records it hands out are the
 * store's tracked views, so changing them and then `await store.commit()` persists the change.
 */
export class CollectionIndex<T extends object> {
  private all: object[] = []
  private readonly position = new Map<object, number>()
  private readonly keys = new Map<object, readonly string[]>()
  private buckets = new Map<string, object[]>()
  private next = 0
  private stale = true
  private readonly touched = new Set<object>()
  private readonly unsubscribe: () => void

  constructor(
    private readonly tracker: Tracker,
    readonly collection: string,
    private readonly keysOf: (record: T) => IndexKeys,
  ) {
    this.unsubscribe = tracker.subscribe(collection, {
      record: (raw) => {
        this.touched.add(raw)
      },
      membership: () => {
        this.stale = true
      },
    })
  }

  /** Every record in a group, in collection order. */
  get(key: string): T[] {
    this.sync()
    const bucket = this.buckets.get(key)
    return bucket ? bucket.map((raw) => this.view(raw)) : []
  }

  /** The first record of a group (for unique keys such as ids). */
  first(key: string): T | undefined {
    this.sync()
    const raw = this.buckets.get(key)?.[0]
    return raw ? this.view(raw) : undefined
  }

  count(key: string): number {
    this.sync()
    return this.buckets.get(key)?.length ?? 0
  }

  /** The group keys present. */
  groups(): string[] {
    this.sync()
    return [...this.buckets.keys()]
  }

  /**
   * A page of a group, `{ data, total }`; `where` (on raw records, read-only) filters it first and
   * `reverse` pages from the end (newest first for collections kept in insertion order).
   */
  page(
    key: string,
    page: { limit: number; offset: number },
    options: { where?: (record: T) => boolean; reverse?: boolean } = {},
  ): { data: T[]; total: number } {
    this.sync()
    let bucket: readonly object[] = this.buckets.get(key) ?? []
    if (options.where) bucket = bucket.filter((raw) => options.where!(raw as T))
    const total = bucket.length
    let slice: object[]
    if (options.reverse) {
      const end = Math.max(0, total - page.offset)
      slice = bucket.slice(Math.max(0, end - page.limit), end).reverse()
    } else slice = bucket.slice(page.offset, page.offset + page.limit)
    return { data: slice.map((raw) => this.view(raw)), total }
  }

  close() {
    this.unsubscribe()
  }

  private view(raw: object): T {
    return this.tracker.recordView(this.collection, raw) as T
  }

  private keyList(raw: object): readonly string[] {
    const keys = this.keysOf(raw as T)
    return typeof keys === 'string' ? [keys] : keys
  }

  private sync() {
    if (this.stale) {
      this.stale = false
      const source = this.tracker.raw[this.collection]
      const current = Array.isArray(source) ? (source as object[]) : []
      if (!this.appendedOnly(current)) {
        this.rebuild(current)
        this.touched.clear()
        return
      }
    }
    if (this.touched.size === 0) return
    for (const raw of this.touched) {
      const before = this.keys.get(raw)
      if (!before) continue
      const after = this.keyList(raw)
      if (before.length === after.length && before.every((key, i) => key === after[i])) continue
      for (const key of before) this.removeFrom(key, raw)
      this.keys.set(raw, after)
      for (const key of after) this.insertInto(key, raw)
    }
    this.touched.clear()
  }

  private appendedOnly(current: object[]): boolean {
    const known = this.all
    if (current.length < known.length) return false
    for (let i = 0; i < known.length; i++) if (current[i] !== known[i]) return false
    for (let i = known.length; i < current.length; i++) {
      const raw = current[i]
      if (typeof raw === 'object' && raw !== null) this.add(raw)
    }
    return true
  }

  private rebuild(current: object[]) {
    this.all = []
    this.position.clear()
    this.keys.clear()
    this.buckets = new Map()
    this.next = 0
    for (const raw of current) if (typeof raw === 'object' && raw !== null) this.add(raw)
  }

  private add(raw: object) {
    const keys = this.keyList(raw)
    this.all.push(raw)
    this.position.set(raw, this.next++)
    this.keys.set(raw, keys)
    for (const key of keys) {
      let bucket = this.buckets.get(key)
      if (!bucket) this.buckets.set(key, (bucket = []))
      bucket.push(raw)
    }
  }

  /** Index in a bucket (kept in collection order) where `raw` is or would go. */
  private slot(bucket: object[], raw: object) {
    const target = this.position.get(raw)!
    let low = 0
    let high = bucket.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.position.get(bucket[mid] as object)! < target) low = mid + 1
      else high = mid
    }
    return low
  }

  private removeFrom(key: string, raw: object) {
    const bucket = this.buckets.get(key)
    if (!bucket) return
    const at = this.slot(bucket, raw)
    if (bucket[at] === raw) bucket.splice(at, 1)
    if (bucket.length === 0) this.buckets.delete(key)
  }

  private insertInto(key: string, raw: object) {
    let bucket = this.buckets.get(key)
    if (!bucket) this.buckets.set(key, (bucket = []))
    bucket.splice(this.slot(bucket, raw), 0, raw)
  }
}
