import { hash } from 'node:crypto'
import type { Database, Statement } from 'better-sqlite3'
import { RankColumn } from './rank'

/** Up to this many rows, an insert places each in the ranked orders; more are numbered afresh. */
const PLACED_ONE_BY_ONE = 64

/** What a column holds (SQLite binds no booleans: they are stored 1/0). */
export type ColumnValue = string | number | null

/** A column: a text field of the record, or an integer one (`{ integer }`: a flag, a number). */
export type Column<T> = ((record: T) => string | null) | { integer: (record: T) => number | null }

/**
 * How a collection is kept: one table, one row per record. The record itself is the `doc` column
 * (its JSON, exactly what the API answers); `columns` are copies of the fields queries filter
 * and sort on, written with the record, each with its index. Rows keep insertion order (`seq`),
 * which is the collection's order wherever no other order is asked for.
 */
export type TableLayout<T> = {
  /** The SQL table's name. */
  table: string
  /** The record's unique key (the `id` column): its id, or what identifies it. */
  key: (record: T) => string
  /** Columns besides `id` and `doc`, by field name (`companyId` is the column `company_id`). */
  columns?: Record<string, Column<T>>
  /** Indexes, each a list of fields (`'date DESC'` for a descending one). */
  indexes?: readonly (readonly string[])[]
  /**
   * Groupings whose sizes the table keeps in `row_counts` as it is written (a list's total
   * without counting its rows: an account's 50,000 transactions). Each is a list of fields.
   */
  counted?: readonly (readonly string[])[]
  /**
   * Integer columns holding each record's place in an order SQLite cannot sort by itself (names
   * in pt-BR), by rank field: the text column it follows and how two values compare. A write that
   * adds a row or changes that column places the row among the others (rank.ts: a bisection
   * through the index, not a read of the whole table), so an index serves the order; ties keep
   * insertion order.
   */
  ranks?: Record<string, { of: string; compare: (a: string, b: string) => number }>
  /**
   * Integer columns that copy a column of the row another table keeps under one of this table's
   * fields (`key`): e.g. a company's year takes its company's place in the pt-BR name order
   * (companies.name_rank), so the year-end queue reads that order from its own index and no year
   * is ever placed by rank.ts. Written in the INSERT (a lookup by the other table's key) and kept
   * by SQLite triggers whenever the other table's column or this row's key changes.
   */
  copies?: Record<string, { from: string; key: string; column: string }>
}

/** The SQL of the value a copied column takes for a key (`copies`). */
const copiedValueSql = (copy: { from: string; column: string }, key: string) =>
  `SELECT ${columnOf(copy.column)} FROM ${copy.from} WHERE id = ${key}`

/** A condition on a column: equal (null: is null), one of a list, a range, or containing words. */
export type Condition =
  | ColumnValue
  | readonly ColumnValue[]
  | { from?: string; to?: string }
  | { contains: readonly string[] }

/** Conditions by field; an undefined one is left out. */
export type Where = Record<string, Condition | undefined>

export type Query = {
  where?: Where
  /** Fields, each optionally followed by DESC: `'date DESC, id DESC'`. Default: insertion order. */
  order?: string
  limit?: number
  offset?: number
}

/** A JSON answer already serialised (the documents are JSON already: no parse and stringify). */
export class JsonText {
  constructor(
    readonly text: string | Buffer,
    /**
     * A validator of the answer (its ETag) taken from what it was read from, the query and the
     * store's version, where hashing its bytes would cost more: a 20 KB page takes 10 µs of SHA-1.
     */
    readonly tag?: string,
  ) {}

  /** A list's answer, `{ data, total }`, from its page of stored documents. */
  static page(docs: readonly string[], total: number): JsonText {
    return new JsonText(`{"data":[${docs.join(',')}],"total":${total}}`)
  }
}

export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

const isRange = (value: Condition): value is { from?: string; to?: string } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('contains' in value)

/**
 * What a table asks of its store: `read()` before a read (the store opens its read snapshot),
 * whether a write transaction is open (store.write), and the version of the data committed (one
 * value per process and commit: the same version, the same data).
 */
export type TableSession = { read(): void; writing(): boolean; version?(): string }

/** The table that holds one collection, and the statements that read and write it. */
export class Table<T extends object> {
  readonly name: string
  private readonly columns: [field: string, column: string, of: (record: T) => ColumnValue][]
  private readonly known: Set<string>
  private readonly ranks: { sourceOf: Statement; column: RankColumn }[]
  private readonly statements = new Map<string, Statement>()
  private readonly orders = new Map<string, string>()
  private readonly counts: GroupCounts | undefined
  private readonly insertRow: Statement
  /** The position among `columns` of each copied column's key (`copies`, in order). */
  private readonly copyKeys: number[]
  private readonly readColumns: Statement
  private readonly getDoc: Statement

  constructor(
    private readonly db: Database,
    private readonly layout: TableLayout<T>,
    private readonly session: TableSession = { read() {}, writing: () => db.inTransaction },
  ) {
    this.name = layout.table
    this.columns = Object.entries(layout.columns ?? {}).map(([field, column]) => [
      field,
      columnOf(field),
      typeof column === 'function' ? column : column.integer,
    ])
    this.known = new Set(['id', ...this.columns.map(([field]) => field)])
    this.ranks = Object.entries(layout.ranks ?? {}).map(([field, { of, compare }]) => {
      const column = columnOf(field)
      const source = this.column(of)
      return {
        sourceOf: db.prepare(`SELECT ${source} FROM ${this.name} WHERE id = ?`).pluck(),
        column: new RankColumn(db, this.name, source, column, compare),
      }
    })
    for (const field of Object.keys(layout.ranks ?? {})) this.known.add(field)
    const copies = Object.entries(layout.copies ?? {})
    for (const [field] of copies) this.known.add(field)
    this.copyKeys = copies.map(([, { key }]) => this.columns.findIndex(([field]) => field === key))
    if (this.copyKeys.includes(-1))
      throw new Error(`${this.name}: a copied column's key must be one of its columns`)
    this.counts = layout.counted?.length
      ? new GroupCounts(
          db,
          this.name,
          layout.counted.map((fields) => fields.map(columnOf)),
        )
      : undefined
    const names = ['id', 'doc', ...this.columns.map(([, column]) => column)]
    const marks = [
      ...names.map(() => '?'),
      ...copies.map(([, copy]) => `(${copiedValueSql(copy, '?')})`),
    ].join(', ')
    this.insertRow = db.prepare(
      `INSERT INTO ${this.name} (${[...names, ...copies.map(([field]) => columnOf(field))].join(', ')}) VALUES (${marks})`,
    )
    this.readColumns = db
      .prepare(
        `SELECT ${['id', ...this.columns.map(([, column]) => column)].join(', ')} FROM ${this.name} WHERE id = ?`,
      )
      .raw()
    this.getDoc = db.prepare(`SELECT doc FROM ${this.name} WHERE id = ?`).pluck()
  }

  /** The SQL that creates the table and its indexes. */
  static schemaOf(layout: TableLayout<never>): string {
    const name = layout.table
    const columns = [
      ...Object.entries(layout.columns ?? {}).map(
        ([field, column]) =>
          `${columnOf(field)} ${typeof column === 'function' ? 'TEXT' : 'INTEGER'}`,
      ),
      ...Object.keys(layout.ranks ?? {}).map((field) => `${columnOf(field)} INTEGER`),
      ...Object.keys(layout.copies ?? {}).map((field) => `${columnOf(field)} INTEGER`),
    ]
    const sql = [
      `CREATE TABLE ${name} (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL${columns
        .map((column) => `, ${column}`)
        .join('')});`,
    ]
    for (const index of Table.indexesOf(layout)) sql.push(`${index.sql};`)
    for (const [field, copy] of Object.entries(layout.copies ?? {})) {
      const column = columnOf(field)
      const key = columnOf(copy.key)
      const source = columnOf(copy.column)
      sql.push(
        `CREATE TRIGGER ${name}_${column}_key AFTER UPDATE OF ${key} ON ${name} WHEN OLD.${key} IS NOT NEW.${key} BEGIN
  UPDATE ${name} SET ${column} = (${copiedValueSql(copy, `NEW.${key}`)}) WHERE seq = NEW.seq;
END;`,
        `CREATE TRIGGER ${copy.from}_${name}_${column} AFTER UPDATE OF ${source} ON ${copy.from} WHEN OLD.${source} IS NOT NEW.${source} BEGIN
  UPDATE ${name} SET ${column} = NEW.${source} WHERE ${key} = NEW.id;
END;`,
      )
    }
    return sql.join('\n')
  }

  /** The table's indexes (besides its key's): each its name and the SQL that creates it. */
  static indexesOf(layout: TableLayout<never>): { name: string; sql: string }[] {
    const declared = layout.indexes ?? []
    // A rank column is read by its own order (rank.ts bisects it and looks for neighbours): an
    // index leading with it, or every lookup scans and sorts the table — an insert into a table
    // of 20,000 rows then took seconds.
    const leads = new Set(declared.map((fields) => fields[0]!.split(' ')[0]!))
    const ranked = Object.keys(layout.ranks ?? {})
      .filter((field) => !leads.has(field))
      .map((field) => [field])
    // The other table's trigger finds the rows that copy a changed value by their key.
    const copyKeys = [...new Set(Object.values(layout.copies ?? {}).map(({ key }) => key))]
      .filter((field) => !leads.has(field))
      .map((field) => [field])
    return [...declared, ...ranked, ...copyKeys].map((fields) => {
      const parts = fields.map((field) => {
        const [column, direction] = field.split(' ') as [string, string?]
        return `${columnOf(column)}${direction ? ` ${direction}` : ''}`
      })
      const name = `${layout.table}_by_${fields.map((f) => columnOf(f.split(' ')[0]!)).join('_')}`
      return { name, sql: `CREATE INDEX ${name} ON ${layout.table} (${parts.join(', ')})` }
    })
  }

  // ---- reading ----

  /** The record with this key. */
  get(key: string): T | undefined {
    this.session.read()
    const doc = this.getDoc.get(key) as string | undefined
    return doc === undefined ? undefined : (JSON.parse(doc) as T)
  }

  /** Every record, in insertion order. */
  all(): T[] {
    return this.find({})
  }

  find(query: Query = {}): T[] {
    return this.docs(query).map((doc) => JSON.parse(doc) as T)
  }

  first(query: Omit<Query, 'limit'> = {}): T | undefined {
    const [doc] = this.docs({ ...query, limit: 1 })
    return doc === undefined ? undefined : (JSON.parse(doc) as T)
  }

  count(where: Where = {}): number {
    this.session.read()
    return this.countOf(this.conditions(where))
  }

  private countOf(kept: [string, Condition][], where = this.whereSql(kept)): number {
    const count = this.countSql(kept, where)
    return this.statement(`SELECT ${count.sql}`, true).get(...count.values) as number
  }

  /** A query's total as an SQL expression: a counted group's size as kept, or a count. */
  private countSql(kept: [string, Condition][], where: { sql: string; values: ColumnValue[] }) {
    const counted = this.counts?.sizeSql(
      kept.map(([field, value]) => [columnOf(field), value] as const),
    )
    return (
      counted ?? { sql: `(SELECT count(*) FROM ${this.name}${where.sql})`, values: where.values }
    )
  }

  exists(where: Where): boolean {
    this.session.read()
    const { sql, values } = this.whereSql(this.conditions(where))
    return (
      this.statement(`SELECT EXISTS (SELECT 1 FROM ${this.name}${sql})`, true).get(...values) === 1
    )
  }

  /** The JSON documents of a query, as stored. */
  docs(query: Query = {}): string[] {
    this.session.read()
    return this.docsOf(query, this.whereSql(this.conditions(query.where ?? {})))
  }

  private docsOf(query: Query, where: { sql: string; values: ColumnValue[] }): string[] {
    const { sql, values } = this.docsSql(query, where)
    return this.statement(sql, true).all(...values) as string[]
  }

  /** The statement of a query's documents, and its values. */
  private docsSql(query: Query, where: { sql: string; values: ColumnValue[] }) {
    const paged = query.limit !== undefined || query.offset !== undefined
    // The page's bounds as expressions: a bare bound LIMIT lets the planner use its value, and
    // SQLite then plans the statement again on every run with new bounds (parse, plan, code).
    return {
      sql: `SELECT doc FROM ${this.name}${where.sql} ORDER BY ${this.orderSql(query.order)}${paged ? ' LIMIT ? + 0 OFFSET ? + 0' : ''}`,
      values: paged ? [...where.values, query.limit ?? -1, query.offset ?? 0] : where.values,
    }
  }

  /**
   * SQLite's plan (`EXPLAIN QUERY PLAN`) of the statements `page` runs for a query — its page
   * and its total — one line per step: the tests prove with it that a list reads an index.
   */
  planOfPage(query: Query): { page: string[]; count: string[] } {
    const kept = this.conditions(query.where ?? {})
    const where = this.whereSql(kept)
    const docs = this.docsSql(query, where)
    const count = this.countSql(kept, where)
    return {
      page: this.explain(docs.sql, docs.values),
      count: this.explain(`SELECT ${count.sql}`, count.values),
    }
  }

  /** SQLite's plan of a statement (`EXPLAIN QUERY PLAN`), one line per step. */
  private explain(sql: string, values: readonly ColumnValue[]): string[] {
    return (
      this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[]
    ).map((row) => row.detail)
  }

  /** A page and the total of a query: `{ data, total }`. */
  page(query: Query & { limit: number; offset: number }): { data: T[]; total: number } {
    this.session.read()
    const kept = this.conditions(query.where ?? {})
    const where = this.whereSql(kept)
    const docs = this.docsOf(query, where)
    return { data: docs.map((doc) => JSON.parse(doc) as T), total: this.countOf(kept, where) }
  }

  /**
   * The same page, already serialised (what a list answers, without parsing a record): SQLite
   * joins the stored documents into the answer's bytes, so no document becomes a JavaScript
   * string to be encoded back. The page's rows reach group_concat in the subquery's order: a
   * subquery with a LIMIT is not flattened into an aggregate, it yields its rows sorted (an ORDER
   * BY inside group_concat would sort them again, at twice the cost).
   */
  pageJson(query: Query & { limit: number; offset: number }): JsonText {
    this.session.read()
    const kept = this.conditions(query.where ?? {})
    const where = this.whereSql(kept)
    const total = this.countSql(kept, where)
    const sql = `SELECT CAST('{"data":[' || ifnull(group_concat(doc, ','), '') || '],"total":' || ${total.sql} || '}' AS BLOB) FROM (SELECT doc FROM ${this.name}${where.sql} ORDER BY ${this.orderSql(query.order)} LIMIT ? + 0 OFFSET ? + 0)`
    const values = [...total.values, ...where.values, query.limit, query.offset]
    const body = this.statement(sql, true).get(...values) as Buffer
    // The answer is this statement's result: the statement, its values and the committed data's
    // version say which answer it is (inside a write, the data is not a committed version yet).
    const version = this.session.writing() ? undefined : this.session.version?.()
    const tag =
      version === undefined
        ? undefined
        : hash('sha1', [version, sql, ...values].join('\u0000'), 'base64').slice(0, 27)
    return new JsonText(body, tag)
  }

  /**
   * Some columns of each record a query selects: for lists that filter or sort in code (a
   * collation SQLite does not have), then answer a page of documents as stored (docsOf).
   */
  rows<F extends string>(fields: readonly F[], query: Query = {}): Array<Record<F, ColumnValue>> {
    this.session.read()
    const columns = fields.map((field) => `${this.column(field)} AS "${field}"`).join(', ')
    const where = this.whereSql(this.conditions(query.where ?? {}))
    return this.statement(
      `SELECT ${columns} FROM ${this.name}${where.sql} ORDER BY ${this.orderSql(query.order)}`,
    ).all(...where.values) as Array<Record<F, ColumnValue>>
  }

  /**
   * An integer column summed over a query, by groups of columns, in SQL (a month's revenue by
   * month, segment and service): one row per group, with its `total` and `count`.
   */
  groupSums<F extends string>(
    groupBy: readonly F[],
    sumField: string,
    where: Where = {},
  ): Array<Record<F, ColumnValue> & { total: number; count: number }> {
    this.session.read()
    const { sql, values } = this.groupSumsSql(groupBy, sumField, where)
    return this.statement(sql).all(...values) as Array<
      Record<F, ColumnValue> & { total: number; count: number }
    >
  }

  /** SQLite's plan of `groupSums` (`EXPLAIN QUERY PLAN`), one line per step: what tests check. */
  planOfGroupSums(groupBy: readonly string[], sumField: string, where: Where = {}): string[] {
    const { sql, values } = this.groupSumsSql(groupBy, sumField, where)
    return this.explain(sql, values)
  }

  private groupSumsSql(groupBy: readonly string[], sumField: string, where: Where) {
    const columns = groupBy.map((field) => this.column(field))
    const { sql, values } = this.whereSql(this.conditions(where))
    return {
      sql: `SELECT ${groupBy.map((field, i) => `${columns[i]} AS "${field}"`).join(', ')}${groupBy.length ? ', ' : ''}total(${this.column(sumField)}) AS total, count(*) AS count FROM ${this.name}${sql}${groupBy.length ? ` GROUP BY ${columns.join(', ')}` : ''}`,
      values,
    }
  }

  /** The stored documents of these keys, in their order (a key without a record is skipped). */
  docsOfKeys(keys: readonly string[]): string[] {
    this.session.read()
    if (keys.length === 0) return []
    const found = new Map(
      this.statement(
        `SELECT id, doc FROM ${this.name} WHERE id IN (${keys.map(() => '?').join(', ')})`,
      )
        .raw()
        .all(...keys) as [string, string][],
    )
    return keys.flatMap((key) => found.get(key) ?? [])
  }

  /**
   * Some columns of the records with these keys, by key (a key without a record is left out):
   * one statement for a slice of keys, where `get` or `exists` is one each.
   */
  columnsOfKeys<F extends string>(
    keys: readonly string[],
    fields: readonly F[],
  ): Map<string, Record<F, ColumnValue>> {
    this.session.read()
    const rows = this.statement(this.columnsOfKeysSql(fields))
      .raw()
      .all(JSON.stringify(keys)) as ColumnValue[][]
    return new Map(
      rows.map(([id, ...values]) => [
        id as string,
        Object.fromEntries(fields.map((field, i) => [field, values[i]])) as Record<F, ColumnValue>,
      ]),
    )
  }

  /** SQLite's plan of `columnsOfKeys`'s statement (`EXPLAIN QUERY PLAN`): what tests check. */
  planOfColumnsOfKeys(fields: readonly string[]): string[] {
    return this.explain(this.columnsOfKeysSql(fields), ['[]'])
  }

  private columnsOfKeysSql(fields: readonly string[]) {
    return `SELECT ${['id', ...fields.map((field) => this.column(field))].join(', ')} FROM ${this.name} WHERE id IN (SELECT value FROM json_each(?))`
  }

  /**
   * Sets fields of many records' documents with one prepared statement (json_set, each record its
   * own values, run once per record), without reading a document into JavaScript: an invoice
   * received through a bank line (domain/bank/reconciliation/writes.ts) rewrote its 1.5 KB
   * document through `update`, read, parsed and serialised, with every column computed again.
   * One `UPDATE … FROM json_each(?)` for the whole slice took a third longer than this for the
   * 1,000 invoices a run after an import of scripts/bench-scale.ts receives (SQLite gathers an
   * UPDATE FROM's rows before it writes them). `columns` are the columns the patch changes, each
   * record's value given beside its fields': the caller keeps them true to the document. A
   * counted, ranked or copied column cannot be patched (no counts move, no row is placed).
   * Answers how many records were written (a key without a record is skipped).
   */
  patchMany(
    patch: { fields: readonly string[]; columns: readonly string[] },
    rows: readonly { key: string; fields: readonly unknown[]; columns: readonly ColumnValue[] }[],
  ): number {
    this.assertWriting()
    if (rows.length === 0) return 0
    const statement = this.statement(this.patchSql(patch))
    let written = 0
    for (const row of rows)
      written += statement.run(
        // A field's value as JSON (`json(?)`); undefined is null, as in a JSON array.
        ...row.fields.map((value) => (value === undefined ? 'null' : JSON.stringify(value))),
        ...row.columns,
        row.key,
      ).changes
    return written
  }

  /** SQLite's plan of `patchMany`'s statement (`EXPLAIN QUERY PLAN`): what tests check. */
  planOfPatch(patch: { fields: readonly string[]; columns: readonly string[] }): string[] {
    return this.explain(
      this.patchSql(patch),
      Array.from({ length: patch.fields.length + patch.columns.length + 1 }, () => null),
    )
  }

  private patchSql({ fields, columns }: { fields: readonly string[]; columns: readonly string[] }) {
    const fixed = new Set([
      ...(this.layout.counted ?? []).flat(),
      ...Object.values(this.layout.ranks ?? {}).map(({ of }) => of),
      ...Object.values(this.layout.copies ?? {}).map(({ key }) => key),
    ])
    for (const field of fields)
      if (!/^\w+$/.test(field)) throw new Error(`${this.name}: bad field ${field}`)
    for (const field of columns)
      if (fixed.has(field) || !this.columns.some(([name]) => name === field))
        throw new Error(`${this.name}: ${field} is not a column a patch may set`)
    const sets = fields.map((field) => `'$.${field}', json(?)`)
    return `UPDATE ${this.name} SET ${[
      `doc = json_set(doc, ${sets.join(', ')})`,
      ...columns.map((field) => `${this.column(field)} = ?`),
    ].join(', ')} WHERE id = ?`
  }

  /** Records whose array field (e.g. a user's `companies`) holds a value, in insertion order. */
  withItem(arrayField: string, value: string): T[] {
    this.session.read()
    if (!/^\w+$/.test(arrayField)) throw new Error(`${this.name}: bad field ${arrayField}`)
    return (
      this.statement(
        `SELECT doc FROM ${this.name} WHERE EXISTS (SELECT 1 FROM json_each(doc, '$.${arrayField}') WHERE value = ?) ORDER BY seq`,
        true,
      ).all(value) as string[]
    ).map((doc) => JSON.parse(doc) as T)
  }

  /**
   * The least value of a column over a query (null when no row has one): SQLite's min over an
   * index whose leading columns the query fixes reads one entry, where `values` reads them all.
   */
  least(field: string, where: Where = {}): ColumnValue {
    this.session.read()
    const { sql, values } = this.whereSql(this.conditions(where))
    return this.statement(`SELECT min(${this.column(field)}) FROM ${this.name}${sql}`, true).get(
      ...values,
    ) as ColumnValue
  }

  /** One column's values over a query (e.g. the FITIDs an account has). */
  values(field: string, where: Where = {}): ColumnValue[] {
    this.session.read()
    const { sql, values } = this.whereSql(this.conditions(where))
    return this.statement(
      `SELECT ${this.column(field)} FROM ${this.name}${sql} ORDER BY seq`,
      true,
    ).all(...values) as ColumnValue[]
  }

  // ---- writing (inside store.write) ----

  insert(record: T): T {
    this.insertMany([record])
    return record
  }

  insertMany(records: readonly T[]) {
    this.assertWriting()
    this.insertFresh(records.map((record) => this.row(record)))
  }

  /** New rows in, counted and placed in the ranked orders. */
  private insertFresh(rows: readonly ColumnValue[][]) {
    const changes = this.counts?.changes()
    for (const row of rows) {
      this.insertRow.run(...this.insertValues(row))
      changes?.add(this.rowColumns(row), 1)
    }
    changes?.save()
    // A few rows are placed one by one; a bulk insert (the seed) numbers the table afresh.
    if (rows.length > PLACED_ONE_BY_ONE) for (const { column } of this.ranks) column.numberAll()
    else
      for (const row of rows) for (const { column } of this.ranks) column.placeRow(row[0] as string)
  }

  /**
   * The bulk path (Store.bulkLoad): rows in as they are, without placing them in the ranked
   * orders or counting them; `settleBulk` does both once, for the whole table, at the end.
   */
  insertRows(records: Iterable<T>) {
    this.assertWriting()
    for (const record of records) this.insertRow.run(...this.insertValues(this.row(record)))
  }

  /** After a bulk load: every row numbered in each ranked order, every counted group counted. */
  settleBulk() {
    this.assertWriting()
    for (const { column } of this.ranks) column.numberAll()
    this.counts?.recount()
  }

  /**
   * Writes a changed record back (it must exist): its document, and of its columns only those
   * whose value changed. SQLite rewrites a row's entry in every index over a column the UPDATE
   * sets, whether its value changed or not: an invoice received by a bank line (bank
   * reconciliation, domain/bank/reconciliation/writes.ts) changes the columns of two of its nine
   * indexes, and setting every column rewrote all nine (1.8 to 5 times as long, measured on the
   * data set of scripts/bench-scale-data.ts).
   */
  update(record: T): T {
    this.assertWriting()
    const row = this.row(record)
    const stored = this.storedColumns(row)
    if (!stored) throw new Error(`${this.name}: no record ${String(row[0])} to update`)
    this.rewrite(row, stored)
    return record
  }

  /**
   * Inserts a record, or writes it over the one with its key where it stands (as `update` does:
   * the document and the columns that changed).
   */
  put(record: T): T {
    this.assertWriting()
    const row = this.row(record)
    const stored = this.storedColumns(row)
    if (stored) this.rewrite(row, stored)
    else this.insertFresh([row])
    return record
  }

  /** The row's id and columns as stored: what changed, and the groups it is counted in. */
  private storedColumns(row: ColumnValue[]) {
    return this.readColumns.get(row[0]) as ColumnValue[] | undefined
  }

  /** A stored row's document and changed columns written, its counts moved, its ranks placed. */
  private rewrite(row: ColumnValue[], stored: ColumnValue[]) {
    const key = row[0] as string
    const ranked = this.rankSources(key)
    const changed = this.columns.flatMap(([, column], i) =>
      row[i + 2] === stored[i + 1] ? [] : [[column, row[i + 2]] as const],
    )
    // Its groups move only when a counted column changed (a year's months, not its status: the
    // same groups, nothing to add).
    const before =
      this.counts?.countedAmong(changed.map(([column]) => column)) &&
      this.rowColumns([key, null, ...stored.slice(1)])
    const sets = ['doc', ...changed.map(([column]) => column)]
    this.statement(
      `UPDATE ${this.name} SET ${sets.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
    ).run(row[1], ...changed.map(([, value]) => value), key)
    if (before) this.counts!.moved(before, this.rowColumns(row))
    this.rankIfChanged(key, ranked)
  }

  /** Removes the record with this key; whether there was one. */
  remove(key: string): boolean {
    return this.removeWhere({ id: key }) > 0
  }

  /** Removes the records a condition selects; how many. */
  removeWhere(where: Where): number {
    this.assertWriting()
    const { sql, values } = this.whereSql(this.conditions(where))
    if (!sql) throw new Error(`${this.name}: removeWhere needs a condition`)
    this.counts?.removing(sql, values)
    return this.statement(`DELETE FROM ${this.name}${sql}`).run(...values).changes
  }

  /** Empties the table (the seed goes in after). */
  clear() {
    this.assertWriting()
    this.statement(`DELETE FROM ${this.name}`).run()
    this.counts?.clear()
  }

  // ---- ranks ----

  /** The values a row's ranks follow, before a write (undefined: no such row yet). */
  private rankSources(key: string): ColumnValue[] | undefined {
    if (this.ranks.length === 0) return undefined
    return this.ranks.map(({ sourceOf }) => sourceOf.get(key) as ColumnValue)
  }

  /** Places the row again in each order whose value the write added or changed. */
  private rankIfChanged(key: string, before: ColumnValue[] | undefined) {
    if (this.ranks.length === 0) return
    const after = this.rankSources(key)!
    this.ranks.forEach(({ column }, i) => {
      if (before === undefined || after[i] !== before[i]) column.placeRow(key)
    })
  }

  // ---- SQL ----

  /** A row's values by column (what the counts read). */
  private rowColumns(row: ColumnValue[]): Map<string, ColumnValue> {
    return new Map(this.columns.map(([, column], i) => [column, row[i + 2] ?? null]))
  }

  /** A row's values as the INSERT binds them: then each copied column's key again. */
  private insertValues(row: ColumnValue[]): ColumnValue[] {
    if (this.copyKeys.length === 0) return row
    return [...row, ...this.copyKeys.map((index) => row[index + 2] ?? null)]
  }

  private row(record: T): ColumnValue[] {
    return [
      this.layout.key(record),
      JSON.stringify(record),
      ...this.columns.map(([, , of]) => of(record)),
    ]
  }

  private assertWriting() {
    if (!this.session.writing())
      throw new Error(`${this.name}: writes go inside store.write(), one transaction per request`)
  }

  private statement(sql: string, pluck = false): Statement {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      if (pluck) statement.pluck()
      this.statements.set(sql, statement)
    }
    return statement
  }

  private column(field: string) {
    if (!this.known.has(field)) throw new Error(`${this.name}: ${field} is not a column`)
    return columnOf(field)
  }

  private conditions(where: Where): [string, Condition][] {
    const kept: [string, Condition][] = []
    for (const field in where) {
      const value = where[field]
      if (value !== undefined) kept.push([field, value])
    }
    return kept
  }

  private whereSql(conditions: [string, Condition][]) {
    const parts: string[] = []
    const values: ColumnValue[] = []
    for (const [field, value] of conditions) {
      const column = this.column(field)
      if (value === null) parts.push(`${column} IS NULL`)
      else if (Array.isArray(value)) {
        const list = value as readonly ColumnValue[]
        if (list.length === 0) parts.push('0')
        else {
          parts.push(`${column} IN (${list.map(() => '?').join(', ')})`)
          values.push(...list)
        }
      } else if (typeof value === 'object' && 'contains' in value) {
        for (const word of value.contains) {
          parts.push(`instr(${column}, ?) > 0`)
          values.push(word)
        }
      } else if (isRange(value)) {
        if (value.from !== undefined) {
          parts.push(`${column} >= ?`)
          values.push(value.from)
        }
        if (value.to !== undefined) {
          parts.push(`${column} <= ?`)
          values.push(value.to)
        }
      } else {
        parts.push(`${column} = ?`)
        values.push(value as ColumnValue)
      }
    }
    return { sql: parts.length ? ` WHERE ${parts.join(' AND ')}` : '', values }
  }

  private orderSql(order: string | undefined) {
    if (!order) return 'seq'
    let sql = this.orders.get(order)
    if (sql === undefined) {
      sql = order
        .split(',')
        .map((part) => {
          const [field, direction] = part.trim().split(/\s+/) as [string, string?]
          const dir = direction?.toUpperCase()
          if (dir && dir !== 'ASC' && dir !== 'DESC') throw new Error(`bad order: ${order}`)
          return `${this.column(field)}${dir ? ` ${dir}` : ''}`
        })
        .join(', ')
      this.orders.set(order, sql)
    }
    return sql
  }
}

/**
 * The sizes of a table's counted groups (its `counted` groupings), kept in `row_counts` by every
 * write of the table, in the same transaction: `row_counts(grouping, key, n)`, the grouping named
 * `table:column,column` and the key the group's values joined by `|`. An import of a thousand
 * transactions adds to each group once, not once per row.
 */
class GroupCounts {
  private readonly columns: string[]
  private readonly byFields: Map<string, { name: string; columns: string[] }>
  private readonly add: Statement

  constructor(
    private readonly db: Database,
    private readonly table: string,
    groupings: string[][],
  ) {
    this.columns = [...new Set(groupings.flat())]
    this.byFields = new Map(
      groupings.map((columns) => [
        [...columns].sort().join(','),
        { name: `${table}:${columns.join(',')}`, columns },
      ]),
    )
    this.add = db.prepare(
      `INSERT INTO row_counts (grouping, key, n) VALUES (?, ?, ?) ON CONFLICT (grouping, key) DO UPDATE SET n = n + excluded.n`,
    )
  }

  private keysOf(values: ReadonlyMap<string, ColumnValue>) {
    return [...this.byFields.values()].map(
      ({ name, columns }) =>
        [name, columns.map((c) => String(values.get(c) ?? '')).join('|')] as const,
    )
  }

  /** The size of the group these equalities select, as an SQL expression, if it is a counted one. */
  sizeSql(
    conditions: readonly (readonly [string, Condition])[],
  ): { sql: string; values: ColumnValue[] } | undefined {
    if (!conditions.every(([, v]) => typeof v === 'string' || typeof v === 'number'))
      return undefined
    const grouping = this.byFields.get(
      conditions
        .map(([column]) => column)
        .sort()
        .join(','),
    )
    if (!grouping) return undefined
    const values = new Map(conditions as [string, ColumnValue][])
    const key = grouping.columns.map((c) => String(values.get(c) ?? '')).join('|')
    return {
      sql: '(SELECT ifnull((SELECT n FROM row_counts WHERE grouping = ? AND key = ?), 0))',
      values: [grouping.name, key],
    }
  }

  /** Changes to the counts, added up and then saved at once. */
  changes() {
    const deltas = new Map<string, [grouping: string, key: string, n: number]>()
    const changes = {
      add: (values: ReadonlyMap<string, ColumnValue>, n: number) => {
        for (const [grouping, key] of this.keysOf(values)) {
          const id = `${grouping}\u0000${key}`
          const delta = deltas.get(id)
          if (delta) delta[2] += n
          else deltas.set(id, [grouping, key, n])
        }
        return changes
      },
      save: () => {
        for (const [grouping, key, n] of deltas.values())
          if (n !== 0) this.add.run(grouping, key, n)
      },
    }
    return changes
  }

  /** Whether any of these columns is one a grouping counts by. */
  countedAmong(columns: readonly string[]): boolean {
    return columns.some((column) => this.columns.includes(column))
  }

  /** A row moved from one set of groups to another. */
  moved(before: ReadonlyMap<string, ColumnValue>, after: ReadonlyMap<string, ColumnValue>) {
    this.changes().add(before, -1).add(after, 1).save()
  }

  /** The rows a condition is about to remove leave their groups. */
  removing(whereSql: string, values: ColumnValue[]) {
    const list = this.columns.join(', ')
    const changes = this.changes()
    for (const row of this.db
      .prepare(`SELECT ${list}, count(*) AS removed FROM ${this.table}${whereSql} GROUP BY ${list}`)
      .all(...values) as Record<string, ColumnValue>[]) {
      const { removed, ...columns } = row
      changes.add(new Map(Object.entries(columns)), -Number(removed))
    }
    changes.save()
  }

  /** Every counted group of the table counted afresh from its rows (after a bulk load). */
  recount() {
    this.clear()
    for (const { name, columns } of this.byFields.values()) {
      const key = columns.map((column) => `ifnull(CAST(${column} AS TEXT), '')`).join(` || '|' || `)
      this.db
        .prepare(
          `INSERT INTO row_counts (grouping, key, n) SELECT ?, ${key}, count(*) FROM ${this.table} GROUP BY 2`,
        )
        .run(name)
    }
  }

  clear() {
    const names = [...this.byFields.values()].map(({ name }) => name)
    this.db
      .prepare(`DELETE FROM row_counts WHERE grouping IN (${names.map(() => '?').join(', ')})`)
      .run(...names)
  }
}
