import { readFileSync } from 'node:fs'
import express from 'express'
import jsonServer from 'json-server'

// The two reference servers of `npm run bench:api`, each in its own process, over the same data
// file as the mock server:
// - `json-server`: plain json-server's own router, filtering the collection per request (the floor);
// - `minimal`: a bare Express handler paging an in-memory index built once (the ceiling).
// Usage: tsx scripts/bench-baselines.ts <json-server|minimal> <port> <db.json>

const [mode, port, file] = process.argv.slice(2)
if (!mode || !port || !file)
  throw new Error('usage: bench-baselines <json-server|minimal> <port> <db.json>')

const data = JSON.parse(readFileSync(file, 'utf8')) as {
  bankTransactions: Array<{ accountId: string; date: string; id: string }>
}

let app
if (mode === 'json-server') {
  app = jsonServer.create()
  app.use(jsonServer.router(data as unknown as object))
} else {
  const byAccount = new Map<string, typeof data.bankTransactions>()
  for (const transaction of data.bankTransactions) {
    const list = byAccount.get(transaction.accountId) ?? []
    list.push(transaction)
    byAccount.set(transaction.accountId, list)
  }
  for (const list of byAccount.values())
    list.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : -1))
  app = express()
  app.get('/transactions', (req, res) => {
    const list = byAccount.get(String(req.query.accountId)) ?? []
    const limit = Number(req.query.limit ?? 10)
    const offset = Number(req.query.offset ?? 0)
    res.json({ data: list.slice(offset, offset + limit), total: list.length })
  })
}
// Loopback only, like the mock server: it serves the bench's copy of the data.
app.listen(Number(port), '127.0.0.1', () => console.log(`[bench ${mode}] :${port}`))
