import { recordId, type Tracker } from './tracker'

type Id = string | number

/** What the log last said about a collection of records: its ids, objects and order. */
type RecordsBaseline = { kind: 'records'; ids: Map<Id, object>; refs: object[]; order: Id[] }
type Baseline = RecordsBaseline | { kind: 'value' }

const json = JSON.stringify
const upsert = (collection: string, record: object) => `["u",${json(collection)},${json(record)}]`
const remove = (collection: string, id: Id) => `["d",${json(collection)},${json(id)}]`
const whole = (collection: string, value: unknown) => `["c",${json(collection)},${json(value)}]`

/** A collection as the log sees it: an array of records with unique ids, or a whole value. */
function baselineOf(value: unknown): Baseline {
  if (!Array.isArray(value)) return { kind: 'value' }
  const ids = new Map<Id, object>()
  const order: Id[] = []
  for (const record of value) {
    const id = recordId(record)
    if (id === undefined || ids.has(id)) return { kind: 'value' }
    ids.set(id, record as object)
    order.push(id)
  }
  return { kind: 'records', ids, refs: value.slice() as object[], order }
}

/**
 * Turns the tracker's dirty marks into log operations (serialised JSON, one string per op) and
 * keeps the baseline they are computed against. Only what changed is serialised: a changed record
 * is one upsert; a push is one upsert per new record (an identity check of the old prefix finds
 * them); a removal is a delete; a reorder is one list of ids.
 */
export class Ledger {
  private baselines = new Map<string, Baseline>()

  constructor(private readonly tracker: Tracker) {}

  /** Forgets everything and takes the current raw state as what the log holds (after a snapshot). */
  rebase() {
    this.tracker.takeDirty()
    this.baselines = new Map()
    for (const [collection, value] of Object.entries(this.tracker.raw))
      this.baselines.set(collection, baselineOf(value))
  }

  /** The operations for everything changed since the last call. */
  collect(): string[] {
    const ops: string[] = []
    const raw = this.tracker.raw
    for (const [collection, dirty] of this.tracker.takeDirty()) {
      const value = raw[collection]
      const baseline = this.baselines.get(collection)
      if (value === undefined) {
        if (baseline) ops.push(`["x",${json(collection)}]`)
        this.baselines.delete(collection)
        continue
      }
      if (!baseline || baseline.kind === 'value' || !Array.isArray(value)) {
        this.writeWhole(ops, collection, value)
        continue
      }
      const upserted = new Set<object>()
      if (dirty.membership || dirty.replaced || this.idsMoved(baseline, dirty.records)) {
        if (!this.diffMembership(ops, collection, baseline, value, upserted)) {
          this.writeWhole(ops, collection, value)
          continue
        }
      }
      for (const record of dirty.records) {
        if (upserted.has(record)) continue
        const id = recordId(record)
        if (id !== undefined && baseline.ids.get(id) === record)
          ops.push(upsert(collection, record))
      }
    }
    return ops
  }

  private writeWhole(ops: string[], collection: string, value: unknown) {
    ops.push(whole(collection, value))
    this.baselines.set(collection, baselineOf(value))
  }

  /** A dirty record whose id is not the one the baseline knows it by (its id was changed). */
  private idsMoved(baseline: RecordsBaseline, records: Set<object>) {
    for (const record of records) {
      const id = recordId(record)
      if (id === undefined || baseline.ids.get(id) !== record) {
        // Either removed from the collection (membership covers it) or its id changed.
        for (const known of baseline.ids.values()) if (known === record) return true
      }
    }
    return false
  }

  /**
   * Upserts, deletes and (when needed) the order, against the baseline; false when the array no
   * longer has unique ids (then the caller logs the whole value).
   */
  private diffMembership(
    ops: string[],
    collection: string,
    baseline: RecordsBaseline,
    current: unknown[],
    upserted: Set<object>,
  ): boolean {
    const previous = baseline.refs
    // Fast path: the old records are all still there in the same places; new ones were appended.
    let appendOnly = current.length >= previous.length
    for (let i = 0; appendOnly && i < previous.length; i++)
      if (current[i] !== previous[i] || recordId(current[i]) !== baseline.order[i])
        appendOnly = false
    if (appendOnly) {
      const added = new Map<Id, object>()
      for (let i = previous.length; i < current.length; i++) {
        const id = recordId(current[i])
        if (id === undefined || baseline.ids.has(id) || added.has(id)) {
          appendOnly = false
          break
        }
        added.set(id, current[i] as object)
      }
      if (appendOnly) {
        for (const [id, record] of added) {
          ops.push(upsert(collection, record))
          upserted.add(record)
          baseline.ids.set(id, record)
          baseline.refs.push(record)
          baseline.order.push(id)
        }
        return true
      }
    }

    const ids = new Map<Id, object>()
    const order: Id[] = []
    for (const record of current) {
      const id = recordId(record)
      if (id === undefined || ids.has(id)) return false
      ids.set(id, record as object)
      order.push(id)
    }
    const fresh: Id[] = []
    for (const [id, record] of ids) {
      const known = baseline.ids.get(id)
      if (known !== record) {
        ops.push(upsert(collection, record))
        upserted.add(record)
      }
      if (known === undefined) fresh.push(id)
    }
    for (const id of baseline.ids.keys()) if (!ids.has(id)) ops.push(remove(collection, id))
    // Replaying upserts keeps old records in place and appends new ones; log the order only
    // when the array is not in that order.
    const expected = baseline.order.filter((id) => ids.has(id)).concat(fresh)
    let sameOrder = expected.length === order.length
    for (let i = 0; sameOrder && i < order.length; i++)
      if (expected[i] !== order[i]) sameOrder = false
    if (!sameOrder) ops.push(`["o",${json(collection)},${json(order)}]`)
    this.baselines.set(collection, {
      kind: 'records',
      ids,
      refs: current.slice() as object[],
      order,
    })
    return true
  }
}
