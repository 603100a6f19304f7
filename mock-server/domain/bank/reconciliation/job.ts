import type { Database, Statement } from 'better-sqlite3'
import type { BankTransaction, TaxCategory } from '../../../../src/schemas/bank'
import type { Company } from '../../../../src/schemas/company'
import type { CompanyDocument } from '../../../../src/schemas/document'
import { toCents, type DateRange } from '../../../../src/schemas/finance-common'
import { nfsRequestStatuses, type NfsRequest } from '../../../../src/schemas/invoice'
import type { ReconciliationRecord } from '../../../../src/schemas/reconciliation'
import { layouts } from '../../../store/layout'
import {
  dayNumber,
  INVOICE_WINDOW_DAYS,
  outsideRules,
  perKey,
  reconcile,
  type EngineGuide,
  type EngineInvoice,
  type EngineLine,
  type EngineMatch,
  type LineOutcome,
} from './rules'
import { readMemo, type MemoFacts } from './memo'
import {
  engineInputFrom,
  engineInvoiceOf,
  engineInvoiceOfFacts,
  engineLineOf,
  issuedDayOf,
  openGuidesOf,
} from './inputs'

// One automatic run of the rules for a company (engine.ts), as the worker thread does it
// (worker.ts): read a snapshot of the lines to look at, the open invoices and guides, apply the
// rules, and answer what changed — records to write, or to remove — for the API's thread to write
// (reconciler.ts). Nothing here writes.

/** Which lines a run looks at besides every suggestion the company has. */
export type JobScope =
  | { kind: 'all' }
  | {
      kind: 'lines'
      /** Lines to look at (new ones, one a person changed). */
      transactionIds: string[]
      /** Days whose lines to look at (an invoice's window, a guide's). */
      ranges: DateRange[]
      /** Amounts (signed cents) whose unmatched lines to look at (an invoice's, freed or taken). */
      amounts?: number[]
    }

export type Job = { companyId: string; scope: JobScope }

/** A record's content as the rules make it (the API's thread adds the rest). */
export type RecordContent = Pick<
  ReconciliationRecord,
  | 'companyId'
  | 'accountId'
  | 'date'
  | 'amountCents'
  | 'side'
  | 'status'
  | 'suggestions'
  | 'memoDocument'
> & { match: EngineMatch | null }

export type Change = {
  transactionId: string
  /** The record's `rev` the run read (0: there was none): another write since voids the change. */
  baseRev: number
  /** Undo the record's match first: one of its invoices is no longer issued. */
  release: boolean
  /** What the record becomes, or null: the line leaves reconciliation. */
  next: RecordContent | null
}

export type JobResult = {
  changes: Change[]
  looked: number
  /** Open invoices the run read (tests/unit/reconciliation-reach.test.ts). */
  invoices: number
}

/** A line's document, its amount in cents (the store's column) and its record's document. */
type Row = { t: string; cents: number; r: string | null }

/** An open invoice's columns and the two fields of its document the rules read (runJob). */
type InvoiceRow = {
  id: string
  number: number | null
  date: string
  takerDocument: string | null
  total: number
  dueCents: number | null
  accessKey: string | null
  issuedAt: string | null
  /** The document, only when what the taker pays is a range (unknown ISS): amountDueOf reads it. */
  doc: string | null
}

/**
 * A line as a run holds it from its read to its change: what the rules read (`line`), what its
 * content takes (contentOf) and its stored record as the change compares it — not the parsed
 * documents, which a company's million lines kept alive through the rules, most of the run's
 * time then going to the garbage collector (scripts/bench-scale.ts, the full reconciliation row).
 */
type Held = Pick<BankTransaction, 'companyId' | 'accountId' | 'date' | 'amount'> & {
  line: EngineLine
  record:
    | {
        rev: number
        status: ReconciliationRecord['status']
        /** JSON of its content (storedContent), as a change compares it (contentJson). */
        content: string
      }
    | undefined
}

const T = {
  transactions: layouts.bankTransactions.table,
  records: layouts.reconciliations.table,
  requests: layouts.nfsRequests.table,
  documents: layouts.documents.table,
  companies: layouts.companies.table,
  categories: layouts.taxCategories.table,
}
/** Of an open invoice, what the rules read (InvoiceRow). */
const INVOICE_COLUMNS = `id, number, date, taker_document AS takerDocument, cents AS total,
  due_cents AS dueCents, doc ->> '$.accessKey' AS accessKey, doc ->> '$.issuedAt' AS issuedAt,
  CASE WHEN due_cents IS NULL THEN doc END AS doc`
const NOT_MATCHED = `(r.status IS NULL OR r.status <> 'matched')`
const NOT_ISSUED = nfsRequestStatuses
  .filter((status) => status !== 'issued')
  .map((status) => `'${status}'`)
  .join(', ')

/** The statements a run reads with, prepared once per connection. */
export function jobReader(db: Database) {
  const lines = (where: string) =>
    db.prepare(
      `SELECT t.doc AS t, t.amount_cents AS cents, r.doc AS r FROM ${T.transactions} t LEFT JOIN ${T.records} r ON r.id = t.id WHERE ${where}`,
    )
  return {
    db,
    company: db.prepare(`SELECT doc FROM ${T.companies} WHERE id = ?`).pluck(),
    categories: db.prepare(`SELECT doc FROM ${T.categories}`).pluck(),
    // Of each open invoice, the columns the store keeps of it (mock-server/store/layout.ts) and two
    // fields of its document, not the whole document parsed (200,000 of them in the bench).
    openInvoices: db.prepare(
      `SELECT ${INVOICE_COLUMNS} FROM ${T.requests} WHERE company_id = ? AND status = 'issued' AND received = 0`,
    ),
    // Each status but issued, spelled out: the planner then reads only the received ones on the
    // (company, status, received) index, where `<>` read every invoice of the company.
    releasedInvoices: db
      .prepare(
        `SELECT doc FROM ${T.requests} WHERE company_id = ? AND status IN (${NOT_ISSUED}) AND received = 1`,
      )
      .pluck(),
    invoicesByIds: db
      .prepare(`SELECT doc FROM ${T.requests} WHERE id IN (SELECT value FROM json_each(?))`)
      .pluck(),
    documents: db.prepare(`SELECT doc FROM ${T.documents} WHERE company_id = ?`).pluck(),
    // Newest first, on the (company, date) index: the order its changes are written in, which
    // keeps their records' and invoices' index entries together (in the order of the (company,
    // amount) index, the planner's choice without it, the full run of scripts/bench-scale.ts
    // wrote twice as long).
    all: lines(`t.company_id = ? AND ${NOT_MATCHED} ORDER BY t.date DESC, t.id DESC`),
    // `+` keeps the company out of the index choice: the lines are found by their ids, not
    // among every line of the company.
    byIds: lines(`t.id IN (SELECT value FROM json_each(?)) AND +t.company_id = ?`),
    inRange: lines(`t.company_id = ? AND t.date >= ? AND t.date <= ? AND ${NOT_MATCHED}`),
    // Lines of some amounts with a record not matched, found on the transactions' (company,
    // amount) index (a record's company and amount are its line's: contentOf, actions.ts).
    sameAmounts: db.prepare<unknown[]>(
      `SELECT t.doc AS t, r.doc AS r FROM ${T.transactions} t JOIN ${T.records} r ON r.id = t.id WHERE t.company_id = ? AND t.amount_cents IN (SELECT value FROM json_each(?)) AND r.status <> 'matched'`,
    ),
    // The open invoices a few lines may take by their amount (rules.ts: exactByCents, and an
    // unknown ISS's range), on the (company, status, received, due) index.
    openInvoicesOfAmounts: db.prepare(
      `SELECT ${INVOICE_COLUMNS} FROM ${T.requests} WHERE company_id = @company AND status = 'issued' AND received = 0 AND due_cents IS NULL
       UNION ALL SELECT ${INVOICE_COLUMNS} FROM ${T.requests} WHERE company_id = @company AND status = 'issued' AND received = 0 AND due_cents IN (SELECT value FROM json_each(@amounts))`,
    ),
    // A taker's open invoices of some days (a credit's several-invoices search), on the (company,
    // taker) index; `+` keeps the status and the date indexes out of the choice (the days of a
    // window hold far more invoices than one taker has).
    openInvoicesOfTaker: db.prepare(
      `SELECT ${INVOICE_COLUMNS} FROM ${T.requests} WHERE company_id = @company AND taker_document = @taker AND +status = 'issued' AND +received = 0 AND +date >= @from AND +date <= @to`,
    ),
    // The open invoices of some days numbered as a memo says, on the (company, status, received,
    // date) index.
    openInvoicesNumbered: db.prepare(
      `SELECT ${INVOICE_COLUMNS} FROM ${T.requests} WHERE company_id = @company AND status = 'issued' AND received = 0 AND date >= @from AND date <= @to AND number IN (SELECT value FROM json_each(@numbers))`,
    ),
  } satisfies Record<string, Statement | Database>
}
export type JobReader = ReturnType<typeof jobReader>

const parse = <T>(doc: string) => JSON.parse(doc) as T

/** What the rules make of a line, as a record's content (null: reconciliation leaves it). */
export function contentOf(
  transaction: Pick<BankTransaction, 'companyId' | 'accountId' | 'date' | 'amount'>,
  outcome: LineOutcome,
): RecordContent | null {
  if (!outcome) return null
  return {
    companyId: transaction.companyId,
    accountId: transaction.accountId,
    date: transaction.date,
    amountCents: toCents(transaction.amount),
    side: outcome.side,
    status: outcome.status,
    match: outcome.match,
    suggestions: outcome.suggestions,
    memoDocument: outcome.memoDocument,
  }
}

/** A stored record's content, to compare with a new one. */
function storedContent(record: ReconciliationRecord): RecordContent {
  const match = record.match
  return {
    companyId: record.companyId,
    accountId: record.accountId,
    date: record.date,
    amountCents: record.amountCents,
    side: record.side,
    status: record.status,
    match:
      // A person's explanation is not the rules' (a run never reads a matched line: NOT_MATCHED).
      match === null || match.kind === 'explained'
        ? null
        : match.kind === 'invoice'
          ? { kind: 'invoice', invoiceIds: match.invoiceIds, reasons: match.reasons }
          : { kind: 'guide', documentId: match.documentId, reasons: match.reasons },
    suggestions: record.suggestions,
    memoDocument: record.memoDocument,
  }
}

/** A record's content as a change compares it (a stored one is compared as its JSON). */
const contentJson = (content: RecordContent | null) => JSON.stringify(content)

/** What a run holds of a line and its record (Held). */
function heldOf(
  transaction: BankTransaction,
  record: ReconciliationRecord | undefined,
  intern: (value: string) => string,
): Held {
  return {
    companyId: intern(transaction.companyId),
    accountId: intern(transaction.accountId),
    date: transaction.date,
    amount: transaction.amount,
    line: engineLineOf(transaction, record),
    record: record && {
      rev: record.rev,
      status: record.status,
      content: contentJson(storedContent(record)),
    },
  }
}

/** An open invoice as the rules read it, from its row (the document only for a range due). */
const engineInvoiceOfRow = (row: InvoiceRow, issuedOn: (issuedAt: string) => string) =>
  row.doc !== null
    ? engineInvoiceOf(parse<NfsRequest>(row.doc))
    : engineInvoiceOfFacts({ ...row, due: { min: row.dueCents!, max: row.dueCents! } }, issuedOn)

/** A day number (rules.ts dayNumber) as `YYYY-MM-DD`. */
const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10)

/**
 * The days whose invoices credits on `days` (day numbers) may take — from INVOICE_WINDOW_DAYS
 * before each to the day itself (rules.ts inWindow) — as the fewest spans, in order. A date that
 * is no day (NaN) is in no window, as in the rules.
 */
function windowsOf(days: Iterable<number>) {
  const spans: { from: number; to: number }[] = []
  for (const day of [...new Set(days)].filter(Number.isFinite).sort((a, b) => a - b)) {
    const last = spans.at(-1)
    if (last && day - INVOICE_WINDOW_DAYS <= last.to + 1) last.to = day
    else spans.push({ from: day - INVOICE_WINDOW_DAYS, to: day })
  }
  return {
    spans,
    /** Whether an invoice of this service date is in one of the windows. */
    holds(date: string) {
      const day = dayNumber(date)
      return spans.some((span) => day >= span.from && day <= span.to)
    },
    /** The spans as dates for SQL, a day wider each side (a date compared as text). */
    dates: () => spans.map((span) => ({ from: isoDay(span.from - 1), to: isoDay(span.to + 1) })),
  }
}

/**
 * The open invoices a run needs first: every one for a run over every line or over days; for a
 * few lines, only those their credits may take by amount — of their amounts, or of an unknown
 * ISS — in the window of one of them (an import of a thousand lines does not read the invoices
 * of every taker its memos name; groupInvoicesOf reads those a several-invoices search needs).
 */
function openInvoicesOf(
  reader: JobReader,
  companyId: string,
  scope: JobScope,
  rows: Iterable<Held>,
): EngineInvoice[] {
  // Made what the rules read as they are read, as the lines are (runJob); the day of each
  // moment of issue told once (a time zone's day, from Intl, is what costs).
  const issuedOn = perKey(issuedDayOf)
  if (scope.kind === 'all' || scope.ranges.length > 0)
    return Array.from(reader.openInvoices.iterate(companyId) as Iterable<InvoiceRow>, (row) =>
      engineInvoiceOfRow(row, issuedOn),
    )
  const amounts = new Set<number>()
  const days: number[] = []
  for (const { line } of rows) {
    if (line.cents <= 0) continue
    amounts.add(line.cents)
    days.push(dayNumber(line.date))
  }
  if (amounts.size === 0) return []
  const windows = windowsOf(days)
  const invoices: EngineInvoice[] = []
  for (const row of reader.openInvoicesOfAmounts.iterate({
    company: companyId,
    amounts: JSON.stringify([...amounts]),
  }) as Iterable<InvoiceRow>)
    if (windows.holds(row.date)) invoices.push(engineInvoiceOfRow(row, issuedOn))
  return invoices
}

/**
 * The open invoices the several-invoices search (rules.ts, rule 4) may add up for these credits,
 * not read yet (`known`): of the takers and the NFS-e numbers their memos name, in each one's
 * window. The search runs for a credit only when no single invoice is left for it — neither
 * matched, nor suggesting one invoice (`outcomes`, a first pass over the invoices read by amount,
 * whose matches these invoices cannot change: none is of a line's amount).
 */
function groupInvoicesOf(
  reader: JobReader,
  companyId: string,
  lines: readonly EngineLine[],
  outcomes: ReadonlyMap<string, LineOutcome>,
  known: ReadonlySet<string>,
  memoOf: (memo: string) => MemoFacts,
): EngineInvoice[] {
  const takerDays = new Map<string, number[]>()
  const numbers = new Set<number>()
  const numberDays: number[] = []
  for (const line of lines) {
    const outcome = outcomes.get(line.id)
    if (
      !outcome ||
      outcome.side !== 'credit' ||
      outcome.status === 'matched' ||
      outcome.suggestions.some((s) => s.kind === 'invoice' && s.invoiceIds.length === 1)
    )
      continue
    const memo = memoOf(line.memo)
    const day = dayNumber(line.date)
    for (const document of memo.documents) {
      const days = takerDays.get(document)
      if (days) days.push(day)
      else takerDays.set(document, [day])
    }
    if (memo.numbers.length > 0) {
      for (const number of memo.numbers) numbers.add(number)
      numberDays.push(day)
    }
  }
  const issuedOn = perKey(issuedDayOf)
  const found = new Map<string, EngineInvoice>()
  const add = (rows: Iterable<InvoiceRow>) => {
    for (const row of rows)
      if (!known.has(row.id) && !found.has(row.id))
        found.set(row.id, engineInvoiceOfRow(row, issuedOn))
  }
  for (const [taker, days] of takerDays)
    for (const { from, to } of windowsOf(days).dates())
      add(
        reader.openInvoicesOfTaker.iterate({
          company: companyId,
          taker,
          from,
          to,
        }) as Iterable<InvoiceRow>,
      )
  if (numbers.size > 0)
    for (const { from, to } of windowsOf(numberDays).dates())
      add(
        reader.openInvoicesNumbered.iterate({
          company: companyId,
          numbers: JSON.stringify([...numbers]),
          from,
          to,
        }) as Iterable<InvoiceRow>,
      )
  return [...found.values()]
}

/**
 * Whether the rules look at a line held: every one but those a person matched, which stay as they
 * are (a run never reads them, but a line can be matched between the reads of a scope: the store
 * has the last word, see reconciler.ts).
 */
const looksAt = (id: string, { record }: Held, released: ReadonlySet<string>) =>
  record?.status !== 'matched' || released.has(id)

/** The lines the rules look at (looksAt), as a list. */
function linesOf(rows: ReadonlyMap<string, Held>, released: ReadonlySet<string>) {
  const lines: EngineLine[] = []
  for (const [id, held] of rows) if (looksAt(id, held, released)) lines.push(held.line)
  return lines
}

/**
 * The lines the rules look at (looksAt), handed one at a time and counted (`counted`): no list
 * holds them, so each goes once its outcome has made its change (runJob).
 */
function* linesIn(
  rows: ReadonlyMap<string, Held>,
  released: ReadonlySet<string>,
  counted: () => void,
): Generator<EngineLine> {
  for (const [id, held] of rows)
    if (looksAt(id, held, released)) {
      counted()
      yield held.line
    }
}

/**
 * Where a run's changes go as they are made, `size` at a time (worker.ts sends each slice on):
 * a run over a million lines does not hold a third of a million changes besides its lines,
 * invoices and outcomes (scripts/bench-scale.ts, the memory row). The run then answers only the
 * changes of its last, incomplete slice.
 */
export type ChangeSink = { size: number; take: (changes: Change[]) => void }

/**
 * Changes per slice the worker sends (worker.ts), and per transaction the API's thread writes
 * (reconciler.ts): a slice is parsed and written in one turn, its objects let go before the next
 * — parsed two batches at a time, they lived across the pause between batches, were promoted to
 * V8's old generation and piled up there for the whole run (the API's heap from 0.2 to 0.76 GB
 * during the full reconciliation of scripts/bench-scale.ts).
 */
export const CHANGES_PER_SLICE = 250

/**
 * One run: reads in one snapshot, applies the rules to the lines in scope (never to a matched
 * one, except a match whose invoice is no longer issued, which is undone and looked at again)
 * and answers the records that change.
 */
export function runJob(reader: JobReader, job: Job, sink?: ChangeSink): JobResult {
  const { db } = reader
  const { companyId, scope } = job
  // One snapshot for every read (the API's thread may write meanwhile).
  const own = !db.inTransaction
  if (own) db.exec('BEGIN')
  let rows: Map<string, Held>
  let invoices: EngineInvoice[]
  let guides: EngineGuide[]
  /** Lines of a run over every line left out of the rules' input (outsideRules), counted. */
  let outside = 0
  let company: Company | undefined
  let categories: TaxCategory[]
  const released = new Set<string>()
  let lines: EngineLine[] | undefined
  let outcomes: Map<string, LineOutcome> | undefined
  // Each memo read once: the first pass, the several-invoices search and the second pass read
  // the same lines' memos. A run over every line has one pass: keeping a million memos' facts
  // would only hold the worker's memory.
  const memoOf = job.scope.kind === 'lines' ? perKey(readMemo) : readMemo
  try {
    const companyDoc = reader.company.get(companyId) as string | undefined
    company = companyDoc ? parse<Company>(companyDoc) : undefined
    categories = (reader.categories.all() as string[]).map((d) => parse<TaxCategory>(d))
    guides = openGuidesOf(
      (reader.documents.all(companyId) as string[]).map((d) => parse<CompanyDocument>(d)),
    )
    const guideAmounts = new Set(guides.map((guide) => guide.cents))
    rows = new Map()
    // Each line's document has its own copy of the company's and the account's ids: one is kept.
    const intern = perKey((value: string) => value)
    /**
     * `skipOutside`: each line comes once (a run over every line), and those the rules leave out
     * are only counted.
     */
    const take = (list: Iterable<Row>, skipOutside = false) => {
      for (const row of list) {
        // A line the rules say nothing of, without a record, changes nothing: counted, not held
        // (two thirds of the bench's million lines are debits of no open guide's amount, and
        // those are not even parsed).
        if (skipOutside && !row.r && outsideRules(row.cents, guideAmounts)) {
          outside++
          continue
        }
        const transaction = parse<BankTransaction>(row.t)
        if (rows.has(transaction.id)) continue
        rows.set(
          transaction.id,
          heldOf(transaction, row.r ? parse<ReconciliationRecord>(row.r) : undefined, intern),
        )
      }
    }
    // A row at a time: a company's million lines are never held as one array of strings beside
    // their parsed copies (scripts/bench-scale.ts, the full reconciliation row).
    if (scope.kind === 'all') take(reader.all.iterate(companyId) as Iterable<Row>, true)
    else {
      const ids = JSON.stringify(scope.transactionIds)
      take(reader.byIds.all(ids, companyId) as Row[])
      // Lines of the same amounts may tie with these (rule 4), be freed by them, or suggest
      // what they took (a suggestion of one invoice is of its amount).
      const amounts = new Set(scope.amounts)
      for (const { amount } of rows.values()) amounts.add(toCents(amount))
      if (amounts.size > 0)
        take(reader.sameAmounts.all(companyId, JSON.stringify([...amounts])) as Row[])
      for (const range of scope.ranges)
        take(reader.inRange.all(companyId, range.from, range.to) as Row[])
    }
    // Matches whose invoice stopped being issued (cancelled): undone, the line looked at again,
    // the other invoices of a several-invoices match open again.
    const freed: string[] = []
    for (const doc of reader.releasedInvoices.all(companyId) as string[]) {
      const request = parse<NfsRequest>(doc)
      const lineId = request.receivedBy?.transactionId
      if (!lineId || released.has(lineId)) continue
      const [row] = reader.byIds.all(JSON.stringify([lineId]), companyId) as Row[]
      const record = row?.r ? parse<ReconciliationRecord>(row.r) : undefined
      if (!row || record?.match?.kind !== 'invoice') continue
      released.add(lineId)
      rows.set(lineId, heldOf(parse<BankTransaction>(row.t), record, intern))
      freed.push(...record.match.invoiceIds.filter((id) => id !== request.id))
    }
    invoices = openInvoicesOf(reader, companyId, scope, rows.values())
    if (freed.length > 0)
      for (const doc of reader.invoicesByIds.all(JSON.stringify(freed)) as string[]) {
        const request = parse<NfsRequest>(doc)
        if (request.status === 'issued' && request.companyId === companyId)
          invoices.push(engineInvoiceOf(request))
      }
    // A run over a few lines read the invoices of their credits' amounts (openInvoicesOf): the
    // credits a first pass leaves without a single invoice read, in the same snapshot, what their
    // several-invoices search may add up; the rules then run again over both.
    if (company && scope.kind === 'lines' && scope.ranges.length === 0) {
      lines = linesOf(rows, released)
      outcomes = reconcile(
        engineInputFrom({ company, lines, invoices, guides, categories, memoOf }),
      )
      const known = new Set(invoices.map((invoice) => invoice.id))
      const more = groupInvoicesOf(reader, companyId, lines, outcomes, known, memoOf)
      if (more.length > 0) {
        invoices.push(...more)
        outcomes = undefined
      }
    }
  } finally {
    if (own) db.exec('COMMIT')
  }
  if (!company) return { changes: [], looked: 0, invoices: 0 }

  const changes: Change[] = []
  /** A line's change from its outcome, if it changes anything; the line is let go. */
  const changeOf = (id: string, outcome: LineOutcome) => {
    const held = rows.get(id)
    if (!held) return
    rows.delete(id)
    const next = contentOf(held, outcome)
    const release = released.has(id)
    // Without a record, the same content is none (JSON.stringify(null) is no record's JSON).
    const same = held.record ? held.record.content === contentJson(next) : next === null
    if (!release && same) return
    changes.push({ transactionId: id, baseRev: held.record?.rev ?? 0, release, next })
    if (sink && changes.length >= sink.size) sink.take(changes.splice(0))
  }
  let looked = outside + (lines?.length ?? 0)
  if (lines && outcomes) for (const line of lines) changeOf(line.id, outcomes.get(line.id) ?? null)
  else {
    // Each outcome makes its change as it is made, and its line goes then (rules.ts onOutcome).
    reconcile(
      engineInputFrom({
        company,
        lines: lines ?? linesIn(rows, released, () => void looked++),
        invoices,
        guides,
        categories,
        memoOf,
        onOutcome: changeOf,
      }),
    )
    // A line the rules gave no outcome has none (as a missing one in a map).
    for (const [id, held] of rows) if (looksAt(id, held, released)) changeOf(id, null)
  }
  return { changes, looked, invoices: invoices.length }
}
