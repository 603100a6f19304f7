import type { Database, Statement } from 'better-sqlite3'

// A rank column: each row's place in an order SQLite cannot sort by itself (names in pt-BR, by
// Intl.Collator), kept as an integer the table indexes, so a list reads that order from the
// index. Ties keep insertion order (`seq`).
//
// The ranks are sparse (GAP apart when numbered), so a write places only its own row: it finds
// its neighbours by bisecting the ranks through the index (about log2(rows × GAP) lookups of one
// row each) and takes the rank halfway between them. Where no integer is left between two
// neighbours, the rows around the place are spread out again, in a window that doubles until it
// has room (an order-maintenance list: a few rows on most writes, the whole table rarely). A
// write never reads or sorts the whole table, as numbering every row on each write did.

/** The distance between two ranks when rows are numbered afresh. */
export const RANK_GAP = 1 << 16
/** Rows on each side of the place in the first window spread out again. */
const FIRST_WINDOW = 16

type Entry = { id: string; value: string; seq: number; rank: number }
type Row = [id: string, value: string | null, seq: number, rank: number | null]

const entryOf = (row: Row | undefined): Entry | undefined =>
  row && { id: row[0], value: row[1] ?? '', seq: row[2], rank: row[3] as number }

export class RankColumn {
  private readonly one: Statement
  private readonly firstFrom: Statement
  private readonly lowest: Statement
  private readonly highest: Statement
  private readonly below: Statement
  private readonly lastBelow: Statement
  private readonly above: Statement
  private readonly all: Statement
  private readonly place: Statement

  constructor(
    db: Database,
    table: string,
    /** The text column the order follows, and the rank column. */
    source: string,
    column: string,
    private readonly compare: (a: string, b: string) => number,
  ) {
    const fields = `id, ${source}, seq, ${column}`
    const ranked = `${column} IS NOT NULL AND id != ?`
    this.one = db.prepare(`SELECT ${fields} FROM ${table} WHERE id = ?`).raw()
    this.firstFrom = db
      .prepare(
        `SELECT ${fields} FROM ${table} WHERE ${column} >= ? AND id != ? ORDER BY ${column} LIMIT 1`,
      )
      .raw()
    this.lowest = db
      .prepare(`SELECT ${fields} FROM ${table} WHERE ${ranked} ORDER BY ${column} LIMIT 1`)
      .raw()
    this.highest = db
      .prepare(`SELECT ${fields} FROM ${table} WHERE ${ranked} ORDER BY ${column} DESC LIMIT 1`)
      .raw()
    this.below = db
      .prepare(
        `SELECT ${fields} FROM ${table} WHERE ${column} < ? AND id != ? ORDER BY ${column} DESC LIMIT ?`,
      )
      .raw()
    this.lastBelow = db
      .prepare(
        `SELECT ${fields} FROM ${table} WHERE ${column} < ? AND id != ? ORDER BY ${column} DESC LIMIT 1`,
      )
      .raw()
    this.above = db
      .prepare(
        `SELECT ${fields} FROM ${table} WHERE ${column} > ? AND id != ? ORDER BY ${column} LIMIT ?`,
      )
      .raw()
    this.all = db.prepare(`SELECT ${fields} FROM ${table} ORDER BY seq`).raw()
    this.place = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`)
  }

  /** Whether a row comes after another in the order (its value, then insertion order). */
  private after(row: Entry, other: Entry) {
    return (this.compare(row.value, other.value) || row.seq - other.seq) > 0
  }

  /** Numbers every row afresh, GAP apart (a bulk insert: the seed). */
  numberAll() {
    const rows = (this.all.all() as Row[]).map((row) => entryOf(row)!)
    rows.sort((a, b) => this.compare(a.value, b.value) || a.seq - b.seq)
    rows.forEach(({ id, rank }, index) => {
      if (rank !== index * RANK_GAP) this.place.run(index * RANK_GAP, id)
    })
  }

  /** Gives one row (added, or whose value changed) its rank among the others. */
  placeRow(id: string) {
    const self = entryOf(this.one.get(id) as Row | undefined)
    if (!self) return
    const lowest = entryOf(this.lowest.get(id) as Row | undefined)
    const highest = entryOf(this.highest.get(id) as Row | undefined)
    if (!lowest || !highest) return void this.place.run(0, id)
    if (this.after(lowest, self)) return void this.place.run(lowest.rank - RANK_GAP, id)
    if (!this.after(highest, self)) return void this.place.run(highest.rank + RANK_GAP, id)
    // Its neighbours: `previous`, a row not after it, and `next`, a row after it, drawn together
    // until no row is left between them. Each lookup lands on a row at or above the middle of
    // their ranks: a row strictly between becomes a bound (every two steps halve the ranks
    // between the bounds); `next` itself means none lies from the middle up, and the last row
    // below the middle is either `next`'s neighbour or the new `next`. About log2 of the rows
    // between (100,000 rows: some 18 lookups), where halving the ranks down to two adjacent ones
    // took log2 of the ranks (some 33); never a walk from row to row.
    let previous = lowest
    let next = highest
    const firstFrom = (rank: number) => entryOf(this.firstFrom.get(rank, id) as Row)!
    const lastBelow = (rank: number) => entryOf(this.lastBelow.get(rank, id) as Row)!
    while (next.rank - previous.rank > 1) {
      const middle = Math.floor((previous.rank + next.rank) / 2)
      const row = firstFrom(middle)
      if (row.id !== next.id) {
        if (this.after(row, self)) next = row
        else previous = row
        continue
      }
      const before = lastBelow(middle)
      if (before.id === previous.id) break
      if (!this.after(before, self)) {
        previous = before
        break
      }
      next = before
    }
    if (next.rank - previous.rank >= 2)
      return void this.place.run(Math.floor((previous.rank + next.rank) / 2), id)
    this.spread(self, previous, next)
  }

  /**
   * No integer is left between two neighbours: the rows around them (and this one between them)
   * take evenly spaced ranks between the rows just outside the window, which doubles until
   * there is room; at either end of the table the window may grow outwards freely.
   */
  private spread(self: Entry, previous: Entry, next: Entry) {
    for (let size = FIRST_WINDOW; ; size *= 2) {
      const before = (this.below.all(next.rank, self.id, size + 1) as Row[]).map((r) => entryOf(r)!)
      const after = (this.above.all(previous.rank, self.id, size + 1) as Row[]).map((r) =>
        entryOf(r)!,
      )
      const floor = before.length > size ? before.pop()!.rank : undefined
      const ceiling = after.length > size ? after.pop()!.rank : undefined
      const window = [...before.reverse(), self, ...after]
      const slots = window.length + 1
      const lower = floor ?? (ceiling === undefined ? 0 : ceiling - slots * RANK_GAP)
      const upper = ceiling ?? lower + slots * RANK_GAP
      const step = Math.floor((upper - lower) / slots)
      if (step < 2) continue
      window.forEach(({ id, rank }, index) => {
        const placed = lower + step * (index + 1)
        if (rank !== placed) this.place.run(placed, id)
      })
      return
    }
  }
}
