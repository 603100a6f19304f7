import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays } from '../../src/kernel/dates'
import type { NfsRequest } from '../../src/schemas/invoice'
import { newBankTransaction } from '../../mock-server/domain/bank/ledger'
import { issuedNfsRequest, serviceOf } from '../../mock-server/domain/invoices/requests'
import {
  jobReader,
  runJob,
  type Change,
  type JobScope,
} from '../../mock-server/domain/bank/reconciliation/job'
import { readMemo } from '../../mock-server/domain/bank/reconciliation/memo'
import { buildSeed } from '../../mock-server/seed/index'
import { Store } from '../../mock-server/store/database'

// What a run over a few lines reads (mock-server/domain/bank/reconciliation/job.ts: an import's
// lines read the open invoices of their amounts in their windows, then what a several-invoices
// search of theirs may add up): the same changes as a run that reads every open invoice, while
// invoices out of every line's reach stay unread. The rules are docs/decisions.md "Bank
// reconciliation" (rules.ts).

const ANA = 'cmp-ana-design'
const DAY = '2026-02-16'
const T1 = '52418885000147'
const T2 = '08599373000132'
const T3 = '44240493000102'

// Counted: a run reads each memo once, though its first pass, its several-invoices search and its
// second pass all read them.
vi.mock('../../mock-server/domain/bank/reconciliation/memo', async (actual) => {
  const memo = await actual<typeof import('../../mock-server/domain/bank/reconciliation/memo')>()
  return { ...memo, readMemo: vi.fn(memo.readMemo) }
})

let dir: string
let store: Store
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-reach-'))
  store = new Store(path.join(dir, 'contabil.db'), () => buildSeed(), { log: () => {} })
})
afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** An issued, open invoice of ana's, `days` before DAY. */
function invoice(
  id: string,
  number: number,
  days: number,
  totalValue: number,
  taker: string,
  issWithheld = false,
): NfsRequest {
  const template = store.nfsRequests.find({ where: { companyId: ANA } }).find((r) => r.taker)!
  const date = addDays(DAY, -days)
  return issuedNfsRequest(
    {
      ...serviceOf(template),
      totalValue,
      issWithheld,
      withholdings: null,
      date,
      taker: { ...template.taker!, document: taker },
    },
    { id, by: template.createdBy, at: template.createdAt },
    { number, at: `${addDays(date, 1)}T15:00:00.000Z`, by: 'uid-admin' },
  )
}

const masked = (cnpj: string) => formatCnpj(cnpj, { version: 2 })

describe('a run over a few lines', () => {
  it('reads the invoices its lines can take, and changes what a run over every invoice changes', () => {
    const accountId = store.bankAccounts.find({ where: { companyId: ANA } })[0]!.id
    const credit = (id: string, amount: number, description: string) =>
      newBankTransaction(
        { fitId: id, date: DAY, amount, type: 'CREDIT', description, checkNumber: null },
        { companyId: ANA, accountId },
        `${DAY}T20:00:00.000Z`,
        { id },
      )
    const invoices = [
      // Two of T1's adding up to a credit naming T1 (several invoices, rule 4); one of T1's out
      // of the credit's window.
      invoice('nfs-reach-a1', 990_001, 10, 1111.11, T1),
      invoice('nfs-reach-a2', 990_002, 20, 2222.22, T1),
      invoice('nfs-reach-a9', 990_009, 200, 500, T1),
      // T2's, named by its number in one credit (matched) and of the amount of another credit,
      // which then adds up two of T3's, the taker it names.
      invoice('nfs-reach-j', 990_010, 5, 4100.37, T2),
      invoice('nfs-reach-k1', 990_011, 3, 1600.15, T3),
      invoice('nfs-reach-k2', 990_012, 7, 2500.22, T3),
      // ISS withheld, its amount unknown: what the taker pays is a range; one out of every window.
      invoice('nfs-reach-r', 990_020, 12, 1234, T2, true),
      invoice('nfs-reach-r9', 990_029, 300, 1234, T2, true),
      // Two named by their numbers in one credit, adding up to it.
      invoice('nfs-reach-n1', 990_031, 15, 300.41, T2),
      invoice('nfs-reach-n2', 990_032, 25, 400.52, T2),
    ]
    const lines = [
      credit('txn-reach-c1', 3333.33, `PIX RECEBIDO - CLIENTE UM - ${masked(T1)}`),
      credit('txn-reach-c3', 4100.37, `PIX RECEBIDO - CLIENTE TRES - ${masked(T3)}`),
      credit('txn-reach-c4', 4100.37, 'TED RECEBIDA NF 990010'),
      credit('txn-reach-c5', 1197.66, 'TED RECEBIDA - CLIENTE DOIS'),
      credit('txn-reach-c6', 700.93, 'PAGTO NF 990031 E NF 990032'),
    ]
    store.write(() => {
      store.nfsRequests.insertMany(invoices)
      store.bankTransactions.insertMany(lines)
    })
    const reader = jobReader(store.db)
    const transactionIds = lines.map((line) => line.id)
    const scope: JobScope = { kind: 'lines', transactionIds, ranges: [] }
    vi.mocked(readMemo).mockClear()
    const narrowed = runJob(reader, { companyId: ANA, scope })
    // Two passes and a search between them (more invoices read), each memo read once.
    const memos = vi.mocked(readMemo).mock.calls.map(([memo]) => memo)
    expect(memos.sort()).toEqual(lines.map((line) => line.description).sort())
    // The same lines beside a day no line has: such a run reads every open invoice.
    const everyInvoice = runJob(reader, {
      companyId: ANA,
      scope: { ...scope, ranges: [{ from: '2001-01-01', to: '2001-01-01' }] },
    })
    expect(narrowed.changes).toEqual(everyInvoice.changes)
    // Given a sink (the worker's), the run hands its changes on two at a time as it makes them
    // and answers only the last, incomplete slice: the same changes, in the same order.
    const slices: Change[][] = []
    const sunk = runJob(
      reader,
      { companyId: ANA, scope },
      { size: 2, take: (slice) => slices.push(slice) },
    )
    expect(narrowed.changes.length).toBeGreaterThan(2)
    expect(slices.every((slice) => slice.length === 2)).toBe(true)
    expect(sunk.changes.length).toBeLessThan(2)
    expect([...slices.flat(), ...sunk.changes]).toEqual(narrowed.changes)

    const outcome = (id: string) => {
      const change = narrowed.changes.find((c: Change) => c.transactionId === id)!
      return {
        status: change.next?.status,
        invoices: [
          ...(change.next?.match?.kind === 'invoice' ? [change.next.match.invoiceIds] : []),
          ...(change.next?.suggestions.map((s) => (s.kind === 'invoice' ? s.invoiceIds : [])) ??
            []),
        ],
      }
    }
    expect(outcome('txn-reach-c1')).toEqual({
      status: 'suggested',
      invoices: [['nfs-reach-a1', 'nfs-reach-a2']],
    })
    expect(outcome('txn-reach-c4')).toEqual({ status: 'matched', invoices: [['nfs-reach-j']] })
    expect(outcome('txn-reach-c3')).toEqual({
      status: 'suggested',
      invoices: [['nfs-reach-k1', 'nfs-reach-k2']],
    })
    expect(outcome('txn-reach-c5')).toEqual({ status: 'suggested', invoices: [['nfs-reach-r']] })
    expect(outcome('txn-reach-c6')).toEqual({
      status: 'suggested',
      invoices: [['nfs-reach-n1', 'nfs-reach-n2']],
    })
    // The eight the lines can reach; not the two out of every window, nor the seed's.
    expect(narrowed.invoices).toBe(8)
    expect(everyInvoice.invoices).toBeGreaterThan(invoices.length)
  })
})

describe('the lines of some amounts a run looks up', () => {
  it('are those with a record not matched, found by the amount on the index of their lines', () => {
    const reader = jobReader(store.db)
    const records = store.reconciliations.find({ where: { companyId: ANA } })
    // Of lines not matched and of matched ones (left out).
    const amounts = [
      ...records.filter((record) => record.status !== 'matched').slice(0, 4),
      ...records.filter((record) => record.status === 'matched').slice(0, 2),
    ].map((record) => record.amountCents)
    const rows = reader.sameAmounts.all(ANA, JSON.stringify(amounts)) as { r: string }[]
    const found = rows.map((row) => (JSON.parse(row.r) as { transactionId: string }).transactionId)
    const expected = records
      .filter((record) => amounts.includes(record.amountCents) && record.status !== 'matched')
      .map((record) => record.transactionId)
    expect(expected.length).toBeGreaterThan(0)
    expect(found.sort()).toEqual(expected.sort())
    // Its plan: the lines on their (company, amount) index, each record by its key; no scan.
    const plan = (
      store.db.prepare(`EXPLAIN QUERY PLAN ${reader.sameAmounts.source}`).all(ANA, '[]') as {
        detail: string
      }[]
    ).map((step) => step.detail)
    expect(plan.join('\n')).toMatch(
      /SEARCH t USING INDEX bank_transactions_by_company_id_amount_cents \(company_id=\? AND amount_cents=\?\)/,
    )
    expect(plan.join('\n')).toMatch(
      /SEARCH r USING INDEX sqlite_autoindex_reconciliations_1 \(id=\?\)/,
    )
    expect(plan.filter((step) => /^SCAN (t|r)\b/.test(step))).toEqual([])
  })

  it('leave the order of a run over every line as it was: newest first, on the date index', () => {
    const reader = jobReader(store.db)
    const plan = (
      store.db.prepare(`EXPLAIN QUERY PLAN ${reader.all.source}`).all(ANA) as { detail: string }[]
    ).map((step) => step.detail)
    expect(plan[0]).toMatch(
      /^SEARCH t USING INDEX bank_transactions_by_company_id_date_id_uncategorized \(company_id=\?\)$/,
    )
    expect(plan.filter((step) => /TEMP B-TREE/.test(step))).toEqual([])
  })
})
