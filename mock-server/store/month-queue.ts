import type { Database, Statement } from 'better-sqlite3'

// The month-close queue's summary (mock-server/domain/simples/queue.ts): one row per company and
// month the queue lists, with what its page filters and sorts on — the company's place in pt-BR
// name order, its folded name and alias, its CNPJ and the month's status — under indexes that
// serve the first page, a search and a status filter without reading the companies.
//
// A month's rows are written once, by one statement, the first time its queue is asked for;
// from then on SQLite's triggers keep them in the transaction of every write of a company (added,
// renamed, placed again in the name order, leaving or joining the queue, removed) and of a closed
// month (closed, paid, reopened): set-based, in SQL, whatever command wrote. The month's count by
// status is kept beside them (month_queue_counts): a page without a search counts nothing.
//
// A row keeps too whether its month owes a DAS (`owes`, what the queue's "Atrasados" filter reads
// beside the period's due date: src/schemas/simples/api.ts monthOverdue): a closed month from its
// record (its DAS above zero and its guide published), a paid one never; an open one as the live
// calculation last said (mock-server/domain/simples/queue.ts writes it), NULL until then — and
// NULL again, by the triggers, at every write of what that calculation reads of the company (its
// record, its track, its invoices, declared revenue, revenue history, payroll).

/** A closed month's status as its rank (an open month has no closed_months row: 0). */
const statusRankSql = (status: string) =>
  `CASE ${status} WHEN 'closed' THEN 1 WHEN 'paid' THEN 2 ELSE 0 END`

/**
 * Whether a closed month owes its DAS (its record's DAS above zero and its guide published; a
 * paid month owes nothing); NULL for an open month (no record): the live calculation says.
 */
const owesSql = (m: string) =>
  `CASE ${m}.status WHEN 'paid' THEN 0 WHEN 'closed' THEN (ifnull(json_extract(${m}.doc, '$.calculation.das.amount'), 0) > 0 AND json_extract(${m}.doc, '$.dasDocumentId') IS NOT NULL) END`

/** The status of a month as its rank in the queue's status order (open first). */
export const monthStatusRanks = { open: 0, closed: 1, paid: 2 } as const
export type QueueStatus = keyof typeof monthStatusRanks

/** The rows of a company for every month whose queue exists (in a trigger: NEW is the company). */
const companyRowsSql = `INSERT INTO month_queue (period, company_id, name_rank, search_text, cnpj, status_rank, owes)
    SELECT p.period, NEW.id, NEW.name_rank, NEW.search_text, NEW.cnpj,
      ifnull(${statusRankSql('m.status')}, 0), ${owesSql('m')}
    FROM month_queue_periods p LEFT JOIN closed_months m ON m.company_id = NEW.id AND m.period = p.period
    WHERE NEW.queued = 1;`

/** An open month's DAS calculated again: its rows of a company forget what it owed. */
const forgetOwesSql = (companyId: string) =>
  `UPDATE month_queue SET owes = NULL WHERE company_id = ${companyId} AND status_rank = 0 AND owes IS NOT NULL;`

/** The triggers that make a company's open months be calculated again when `table` changes. */
const forgetOwesTriggers = (table: string, companyId: string) =>
  (['INSERT', 'UPDATE', 'DELETE'] as const)
    .map(
      (
        event,
      ) => `CREATE TRIGGER ${table}_month_queue_owes_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN
  ${event === 'INSERT' ? '' : forgetOwesSql(`OLD.${companyId}`)}
  ${event === 'DELETE' ? '' : forgetOwesSql(`NEW.${companyId}`)}
END;`,
    )
    .join('\n')

/** The summary's tables, indexes and triggers (after the collections' tables: database.ts). */
export const monthQueueSchemaSql = `
CREATE TABLE month_queue_periods (period TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE month_queue (period TEXT NOT NULL, company_id TEXT NOT NULL, name_rank INTEGER, search_text TEXT, cnpj TEXT, status_rank INTEGER NOT NULL, owes INTEGER, PRIMARY KEY (period, company_id)) WITHOUT ROWID;
CREATE INDEX month_queue_by_period_name_rank ON month_queue (period, name_rank, search_text, cnpj);
CREATE INDEX month_queue_by_period_status_rank_name_rank ON month_queue (period, status_rank, name_rank, search_text, cnpj);
CREATE INDEX month_queue_by_period_owes_name_rank ON month_queue (period, owes, name_rank, search_text, cnpj);
CREATE INDEX month_queue_by_period_owes_status_rank_name_rank ON month_queue (period, owes, status_rank, name_rank, search_text, cnpj);
CREATE INDEX month_queue_by_company_id ON month_queue (company_id);
CREATE TABLE month_queue_counts (period TEXT NOT NULL, status_rank INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (period, status_rank)) WITHOUT ROWID;
CREATE TRIGGER month_queue_count_insert AFTER INSERT ON month_queue BEGIN
  INSERT INTO month_queue_counts (period, status_rank, n) VALUES (NEW.period, NEW.status_rank, 1)
    ON CONFLICT (period, status_rank) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER month_queue_count_delete AFTER DELETE ON month_queue BEGIN
  UPDATE month_queue_counts SET n = n - 1 WHERE period = OLD.period AND status_rank = OLD.status_rank;
END;
CREATE TRIGGER month_queue_count_update AFTER UPDATE OF status_rank ON month_queue
  WHEN OLD.status_rank IS NOT NEW.status_rank BEGIN
  UPDATE month_queue_counts SET n = n - 1 WHERE period = OLD.period AND status_rank = OLD.status_rank;
  INSERT INTO month_queue_counts (period, status_rank, n) VALUES (NEW.period, NEW.status_rank, 1)
    ON CONFLICT (period, status_rank) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER companies_month_queue_insert AFTER INSERT ON companies BEGIN
  ${companyRowsSql}
END;
CREATE TRIGGER companies_month_queue_update AFTER UPDATE ON companies
  WHEN OLD.queued IS NOT NEW.queued OR OLD.name_rank IS NOT NEW.name_rank
    OR OLD.search_text IS NOT NEW.search_text OR OLD.cnpj IS NOT NEW.cnpj BEGIN
  DELETE FROM month_queue WHERE company_id = OLD.id;
  ${companyRowsSql}
END;
CREATE TRIGGER companies_month_queue_delete AFTER DELETE ON companies BEGIN
  DELETE FROM month_queue WHERE company_id = OLD.id;
END;
CREATE TRIGGER companies_month_queue_owes AFTER UPDATE ON companies BEGIN
  ${forgetOwesSql('NEW.id')}
END;
CREATE TRIGGER closed_months_month_queue_insert AFTER INSERT ON closed_months BEGIN
  UPDATE month_queue SET status_rank = ${statusRankSql('NEW.status')}, owes = ${owesSql('NEW')}
    WHERE period = NEW.period AND company_id = NEW.company_id;
END;
CREATE TRIGGER closed_months_month_queue_update AFTER UPDATE ON closed_months BEGIN
  UPDATE month_queue SET status_rank = 0, owes = NULL WHERE period = OLD.period AND company_id = OLD.company_id;
  UPDATE month_queue SET status_rank = ${statusRankSql('NEW.status')}, owes = ${owesSql('NEW')}
    WHERE period = NEW.period AND company_id = NEW.company_id;
END;
CREATE TRIGGER closed_months_month_queue_delete AFTER DELETE ON closed_months BEGIN
  UPDATE month_queue SET status_rank = 0, owes = NULL WHERE period = OLD.period AND company_id = OLD.company_id;
END;
${forgetOwesTriggers('tracks', 'id')}
${forgetOwesTriggers('nfs_requests', 'company_id')}
${forgetOwesTriggers('declared_revenues', 'company_id')}
${forgetOwesTriggers('revenue_histories', 'id')}
${forgetOwesTriggers('payrolls', 'company_id')}
`

/** The companies of a month whose open month's `owes` is not known. */
const unknownSql = 'SELECT company_id FROM month_queue WHERE period = ? AND owes IS NULL'

export type MonthQueueQuery = {
  period: string
  /** Folded words the name or alias must all hold (fold-text.ts). */
  words: readonly string[]
  /** Digits a CNPJ may hold instead (4 or more), when there are words. */
  digits: string
  status?: QueueStatus
  /** Open months first, then closed, then paid (name order within each). */
  byStatus: boolean
  /** Only the months that owe their DAS (`owes`; the caller has the period's due date passed). */
  owing?: boolean
  limit: number
  offset: number
}

/** The summary's reads and the write that begins a month's rows. */
export class MonthQueue {
  private readonly hasPeriod: Statement
  private readonly addPeriod: Statement
  private readonly fillPeriod: Statement
  private readonly unknown: Statement
  private readonly setOwes: Statement
  private readonly statements = new Map<string, Statement>()

  constructor(
    private readonly db: Database,
    /** Opens the store's read snapshot of this turn (database.ts). */
    private readonly read: () => void = () => {},
  ) {
    this.hasPeriod = db
      .prepare('SELECT EXISTS (SELECT 1 FROM month_queue_periods WHERE period = ?)')
      .pluck()
    this.addPeriod = db.prepare(
      'INSERT INTO month_queue_periods (period) VALUES (?) ON CONFLICT DO NOTHING',
    )
    this.fillPeriod = db.prepare(
      `INSERT INTO month_queue (period, company_id, name_rank, search_text, cnpj, status_rank, owes)
       SELECT ?, c.id, c.name_rank, c.search_text, c.cnpj, ifnull(${statusRankSql('m.status')}, 0), ${owesSql('m')}
       FROM companies c LEFT JOIN closed_months m ON m.company_id = c.id AND m.period = ?
       WHERE c.queued = 1`,
    )
    this.unknown = db.prepare(unknownSql).pluck()
    this.setOwes = db.prepare(
      'UPDATE month_queue SET owes = ? WHERE period = ? AND company_id = ? AND status_rank = 0',
    )
  }

  /** Whether a month's rows are written already. */
  has(period: string): boolean {
    this.read()
    return this.hasPeriod.get(period) === 1
  }

  /** Writes a month's rows, in one statement (inside store.write). */
  begin(period: string) {
    if (this.addPeriod.run(period).changes === 1) this.fillPeriod.run(period, period)
  }

  /** The companies whose open month of `period` has no `owes` yet (calculated since its last change). */
  unknownOwes(period: string): string[] {
    this.read()
    return this.unknown.all(period) as string[]
  }

  /** Writes whether open months owe their DAS, as calculated (inside store.write). */
  owe(period: string, owes: ReadonlyMap<string, boolean>) {
    for (const [companyId, owing] of owes) this.setOwes.run(owing ? 1 : 0, period, companyId)
  }

  /** The companies of a page, in the queue's order, and how many the query selects. */
  page(query: MonthQueueQuery): { companyIds: string[]; total: number } {
    this.read()
    const { page, count, values } = this.sqlOf(query)
    const companyIds = this.statement(page).all(...values, query.limit, query.offset) as string[]
    return { companyIds, total: this.statement(count).get(...values) as number }
  }

  /**
   * SQLite's plan of a query's page and total, and of the read of the months whose `owes` is not
   * known (`EXPLAIN QUERY PLAN`): what the tests check.
   */
  plan(query: MonthQueueQuery): { page: string[]; count: string[]; unknown: string[] } {
    const { page, count, values } = this.sqlOf(query)
    const explain = (sql: string, bound: unknown[]) =>
      (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...bound) as { detail: string }[]).map(
        (row) => row.detail,
      )
    return {
      page: explain(page, [...values, query.limit, query.offset]),
      count: explain(count, values),
      unknown: explain(unknownSql, [query.period]),
    }
  }

  private sqlOf(query: MonthQueueQuery) {
    const parts = ['period = ?']
    const values: (string | number)[] = [query.period]
    if (query.owing) parts.push('owes = 1')
    if (query.status !== undefined) {
      parts.push('status_rank = ?')
      values.push(monthStatusRanks[query.status])
    }
    if (query.words.length > 0) {
      const words = query.words.map(() => 'instr(search_text, ?) > 0').join(' AND ')
      values.push(...query.words)
      if (query.digits.length >= 4) {
        parts.push(`((${words}) OR instr(cnpj, ?) > 0)`)
        values.push(query.digits)
      } else parts.push(`(${words})`)
    }
    const where = parts.join(' AND ')
    const order = query.byStatus ? 'status_rank, name_rank' : 'name_rank'
    // Without a search, the total is the month's count by status as the triggers keep it.
    const counted = query.words.length === 0 && !query.owing
    return {
      page: `SELECT company_id FROM month_queue WHERE ${where} ORDER BY ${order} LIMIT ? + 0 OFFSET ? + 0`,
      count: counted
        ? `SELECT ifnull(sum(n), 0) FROM month_queue_counts WHERE ${where}`
        : `SELECT count(*) FROM month_queue WHERE ${where}`,
      values,
    }
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql).pluck()
      this.statements.set(sql, statement)
    }
    return statement
  }
}
