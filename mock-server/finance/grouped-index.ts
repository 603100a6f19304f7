/**
 * Where an index reads and writes its collection:
 * - `raw`: the collection's records as stored, read-only (fast to read, sort and serialise);
 * - `tracked`: the same array through the store's change tracking, for pushes and removals;
 * - `view`: the tracked view of one raw record, for changes the store must persist.
 * A plain array (tests) can serve as all three.
 */
export type IndexSource<T> = { raw: () => T[]; tracked: () => T[]; view: (record: T) => T }

export const plainSource = <T>(get: () => T[]): IndexSource<T> => ({
  raw: get,
  tracked: get,
  view: (record) => record,
})

/**
 * An in-memory index over one persisted collection: records grouped by keys (e.g. company,
 * account), each group kept sorted by `compare` and split into named subsets (e.g. "without a
 * tax category"). A list request reads a group and slices a page: no scan or sort of the whole
 * collection per request.
 *
 * The index holds the raw records (what it hands out is for reading and answering). Writes go
 * through `add`, `update` and `removeWhere`, which make them through the tracked collection (so
 * the store persists them) and keep the groups in step. If the collection was replaced
 * (`store.reset()`) or changed behind the index's back (its length differs), the next read
 * rebuilds the index from scratch.
 */
export class GroupedIndex<T extends { id: string }> {
  private source: T[] | undefined
  private count = 0
  private byIdMap = new Map<string, T>()
  private groups = new Map<string, T[]>()
  private changes = 0

  constructor(
    private readonly store: IndexSource<T>,
    private readonly keysOf: (item: T) => string[],
    private readonly compare: (a: T, b: T) => number,
    private readonly subsets: Record<string, (item: T) => boolean> = {},
  ) {}

  private fresh() {
    const source = this.store.raw()
    if (source !== this.source || source.length !== this.count) this.rebuild(source)
  }

  private rebuild(source: T[]) {
    this.changes++
    this.source = source
    this.count = source.length
    this.byIdMap = new Map(source.map((item) => [item.id, item]))
    this.groups = new Map()
    for (const item of source) for (const key of this.slotsOf(item)) this.slot(key).push(item)
    for (const list of this.groups.values()) list.sort(this.compare)
  }

  /** Every list an item belongs to: each key, and each key × subset it is in. */
  private slotsOf(item: T): string[] {
    const keys = this.keysOf(item)
    const slots = [...keys]
    for (const [name, test] of Object.entries(this.subsets))
      if (test(item)) for (const key of keys) slots.push(`${key}\u0000${name}`)
    return slots
  }

  private slot(key: string): T[] {
    let list = this.groups.get(key)
    if (!list) {
      list = []
      this.groups.set(key, list)
    }
    return list
  }

  /** First position whose item is not before `item`. */
  private position(list: T[], item: T): number {
    let low = 0
    let high = list.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.compare(list[mid] as T, item) < 0) low = mid + 1
      else high = mid
    }
    return low
  }

  private insertSorted(list: T[], item: T) {
    list.splice(this.position(list, item), 0, item)
  }

  get(id: string): T | undefined {
    this.fresh()
    return this.byIdMap.get(id)
  }

  /** Changes with every write (and rebuild): a key for caching what was derived from the lists. */
  get version(): number {
    this.fresh()
    return this.changes
  }

  /** The sorted records of a group (optionally only a subset of it). Do not mutate. */
  list(key: string, subset?: string): readonly T[] {
    this.fresh()
    return this.groups.get(subset ? `${key}\u0000${subset}` : key) ?? []
  }

  /** Appends records to the collection and to their groups. */
  add(items: readonly T[]) {
    this.fresh()
    this.changes++
    const source = this.source as T[]
    const tracked = this.store.tracked()
    const touched = new Map<string, T[]>()
    for (const added of items) {
      tracked.push(added)
      // What the store keeps (it may store a copy of what was pushed).
      const item = source[source.length - 1] as T
      this.byIdMap.set(item.id, item)
      for (const key of this.slotsOf(item)) {
        let batch = touched.get(key)
        if (!batch) touched.set(key, (batch = []))
        batch.push(item)
      }
    }
    this.count = source.length
    for (const [key, batch] of touched) {
      const list = this.slot(key)
      if (batch.length > 32) {
        // Bulk (an import): sort the batch and merge it in, instead of many splices.
        batch.sort(this.compare)
        mergeInto(list, batch, this.compare)
      } else for (const item of batch) this.insertSorted(list, item)
    }
  }

  /** Changes a record in place and moves it to the groups and subsets it now belongs to. */
  update(item: T, change: (item: T) => void) {
    this.fresh()
    this.changes++
    const before = new Map(
      this.slotsOf(item).map((key) => [key, this.indexOf(this.slot(key), item)]),
    )
    change(this.store.view(item))
    const after = new Set(this.slotsOf(item))
    for (const [key, at] of before) {
      const list = this.slot(key)
      // Still in this list and still in order (the usual case: a field the order does not
      // read changed): it stays where it is.
      if (after.has(key) && this.inOrderAt(list, at)) continue
      if (at >= 0) list.splice(at, 1)
      if (after.has(key)) this.insertSorted(list, item)
    }
    for (const key of after) if (!before.has(key)) this.insertSorted(this.slot(key), item)
  }

  /** Where an item sits in a sorted list (binary search, then the very object), or -1. */
  private indexOf(list: T[], item: T): number {
    let at = this.position(list, item)
    while (at < list.length && list[at] !== item && this.compare(list[at] as T, item) === 0) at++
    return list[at] === item ? at : list.indexOf(item)
  }

  private inOrderAt(list: T[], at: number): boolean {
    if (at < 0) return false
    const item = list[at] as T
    const previous = list[at - 1]
    const next = list[at + 1]
    return (
      (previous === undefined || this.compare(previous, item) <= 0) &&
      (next === undefined || this.compare(item, next) <= 0)
    )
  }

  /** Removes matching records from the collection (in place) and from their groups. */
  removeWhere(test: (item: T) => boolean): T[] {
    this.fresh()
    this.changes++
    const source = this.source as T[]
    const removed: T[] = []
    const at: number[] = []
    for (let i = 0; i < source.length; i++) {
      const item = source[i] as T
      if (test(item)) {
        removed.push(item)
        at.push(i)
      }
    }
    if (removed.length > 0) {
      // Compact through the tracked array: records move, none is copied.
      const tracked = this.store.tracked()
      let write = at[0] as number
      for (let read = write; read < source.length; read++) {
        if (test(source[read] as T)) continue
        tracked[write++] = tracked[read] as T
      }
      tracked.length = write
    }
    this.count = source.length
    if (removed.length === 0) return removed
    const gone = new Set(removed)
    const keys = new Set(removed.flatMap((item) => this.slotsOf(item)))
    for (const key of keys) {
      const list = this.groups.get(key)
      if (list)
        this.groups.set(
          key,
          list.filter((item) => !gone.has(item)),
        )
    }
    for (const item of removed) this.byIdMap.delete(item.id)
    return removed
  }
}

/**
 * Merges a sorted batch into a sorted list, in place (`list`'s items before equal ones of the
 * batch). From the end: each batch item finds its place by binary search, and the run of the list
 * after it moves up in one copy, so a batch of m into a list of n costs m·log n comparisons and
 * no new arrays (an import of 50,000 entries in batches into a big account used to compare every
 * item and allocate a new list per batch).
 */
function mergeInto<T>(list: T[], batch: readonly T[], compare: (x: T, y: T) => number) {
  // Unplaced items of the list are list[0, end); the merged tail starts at `write`.
  let end = list.length
  for (const item of batch) list.push(item)
  let write = list.length
  for (let j = batch.length - 1; j >= 0; j--) {
    const item = batch[j] as T
    let low = 0
    let high = end
    while (low < high) {
      const mid = (low + high) >>> 1
      if (compare(list[mid] as T, item) <= 0) low = mid + 1
      else high = mid
    }
    const run = end - low
    if (run > 0) list.copyWithin(write - run, low, end)
    write -= run
    end = low
    list[--write] = item
  }
}

/**
 * Remembers a few results derived from an index (a filtered list), dropped as soon as the index
 * changes: the same search asked again costs a lookup.
 */
export class DerivedCache<V> {
  private version = -1
  private readonly entries = new Map<string, V>()
  constructor(private readonly size = 200) {}

  get(version: number, key: string, compute: () => V): V {
    if (version !== this.version) {
      this.entries.clear()
      this.version = version
    }
    let value = this.entries.get(key)
    if (value === undefined) {
      value = compute()
      if (this.entries.size >= this.size)
        this.entries.delete(this.entries.keys().next().value as string)
      this.entries.set(key, value)
    }
    return value
  }
}

/** Newest first by a `YYYY-MM-DD` (or ISO) field, ties broken by id, so the order is total. */
export const newestFirst =
  <T extends { id: string }>(field: (item: T) => string) =>
  (a: T, b: T) => {
    const fa = field(a)
    const fb = field(b)
    if (fa !== fb) return fa < fb ? 1 : -1
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
  }

/** First index in a newest-first list of `YYYY-MM-DD` dates where `before(date)` stops holding. */
function boundary<T>(
  list: readonly T[],
  field: (item: T) => string,
  after: (day: string) => boolean,
) {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (after(field(list[mid] as T))) low = mid + 1
    else high = mid
  }
  return low
}

/** The part of a newest-first list whose `YYYY-MM-DD` dates fall in [from, to] (binary search). */
export function sliceByDate<T>(
  list: readonly T[],
  range: { from: string; to: string },
  field: (item: T) => string,
): readonly T[] {
  const start = boundary(list, field, (day) => day > range.to)
  const end = boundary(list, field, (day) => day >= range.from)
  return list.slice(start, end)
}
