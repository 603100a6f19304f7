import Sqlite from 'better-sqlite3'
import express from 'express'
import { layouts } from '../mock-server/store/layout'

// The anchor of `npm run bench:scale` (scripts/bench-scale.ts): a minimal indexed handler on the
// same data, in a process of its own — an Express handler that reads a page with one statement on
// the same index the mock server's list uses, and its total from the same kept count, with no
// sign-in, no access check, no input schema and no view. What a list at that size costs at the
// least on this machine, measured in the same run.
// Usage: tsx scripts/bench-scale-anchor.ts <port> <contabil.db>

const [port, file] = process.argv.slice(2)
if (!port || !file) throw new Error('usage: bench-scale-anchor <port> <contabil.db>')

// Read-only: the mock server is the file's one writer (WAL: readers do not block it).
const db = new Sqlite(file, { readonly: true, fileMustExist: true })
db.pragma('mmap_size = 1073741824')

const page = (sql: string) => db.prepare(sql).pluck()
const count = db
  .prepare(`SELECT ifnull((SELECT n FROM row_counts WHERE grouping = ? AND key = ?), 0)`)
  .pluck()
const T = {
  transactions: layouts.bankTransactions.table,
  records: layouts.reconciliations.table,
  companies: layouts.companies.table,
}
const statements = {
  transactions: page(
    `SELECT doc FROM ${T.transactions} WHERE account_id = ? ORDER BY date DESC, id DESC LIMIT ? OFFSET ?`,
  ),
  records: page(
    `SELECT doc FROM ${T.records} WHERE company_id = ? AND status = ? ORDER BY date DESC, id DESC LIMIT ? OFFSET ?`,
  ),
  companies: page(`SELECT doc FROM ${T.companies} ORDER BY name_rank LIMIT ? OFFSET ?`),
  companiesTotal: db.prepare(`SELECT count(*) FROM ${T.companies}`).pluck(),
}

const int = (value: unknown, fallback: number) => Number(value ?? fallback) | 0
const answer = (res: express.Response, docs: unknown[], total: unknown) =>
  res.type('json').send(`{"data":[${docs.join(',')}],"total":${Number(total)}}`)

const app = express()
app.get('/transactions', (req, res) => {
  const account = String(req.query.accountId)
  const docs = statements.transactions.all(
    account,
    int(req.query.limit, 10),
    int(req.query.offset, 0),
  )
  answer(res, docs, count.get(`${T.transactions}:account_id`, account))
})
app.get('/reconciliation', (req, res) => {
  const company = String(req.query.companyId)
  const status = String(req.query.status)
  const docs = statements.records.all(
    company,
    status,
    int(req.query.limit, 10),
    int(req.query.offset, 0),
  )
  answer(res, docs, count.get(`${T.records}:company_id,status`, `${company}|${status}`))
})
app.get('/companies', (req, res) => {
  const docs = statements.companies.all(int(req.query.limit, 25), int(req.query.offset, 0))
  answer(res, docs, statements.companiesTotal.get())
})
app.listen(Number(port), '127.0.0.1', () => console.log(`[bench-scale anchor] :${port}`))
