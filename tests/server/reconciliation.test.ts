import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BankTransaction } from '../../src/schemas/bank'
import type { CompanyDocument } from '../../src/schemas/document'
import type { NfsRequest } from '../../src/schemas/invoice'
import type { ReconciliationRecord, ReconciliationRow } from '../../src/schemas/reconciliation'
import type { Change } from '../../mock-server/domain/bank/reconciliation/job'
import {
  applyBatch,
  applyChange,
  finishBatch,
  RECEIPT_PATCH,
  writeRunBatch,
  type RunCounts,
} from '../../mock-server/domain/bank/reconciliation/writes'
import {
  reconcileAfterInvoiceChange,
  reconcileCompany,
  reconcileLines,
} from '../../mock-server/domain/bank/reconciliation/reconciler'
import { creditsWithoutInvoice } from '../../mock-server/domain/simples/months'
import { summarySums } from '../../mock-server/domain/bank/reconciliation/views'
import {
  SEEDED_SUGGESTED_INVOICE,
  SEEDED_SUGGESTED_LINE,
} from '../../mock-server/seed/reconciliation'
import { todayInBrazil } from '../../src/schemas/finance-common'
import { addMonths } from '../../src/kernel/tax'
import { ADMIN, ANA, BRUNO, EVA, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'
import { anaStatement, uploadAnaOfx } from './ana-statement'

// Bank reconciliation through the API (docs/decisions.md "Bank reconciliation"): the seeded story,
// an OFX import that pays two invoices (one naming the taker's CNPJ: matched by itself; one not: a
// suggestion), a person's confirmation and undo with their refusals, an invoice issued and one
// cancelled, a guide deleted, a credit recategorised, an account deleted, and the month's summary.

const COMPANY = 'cmp-ana-design'
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
})

const records = (): ReconciliationRecord[] =>
  server.store.data.reconciliations.filter((r: ReconciliationRecord) => r.companyId === COMPANY)
const request = (id: string): NfsRequest => server.store.nfsRequests.get(id)!
const openInvoices = (): NfsRequest[] =>
  server.store.data.nfsRequests
    .filter((r: NfsRequest) => r.companyId === COMPANY && r.status === 'issued' && !r.receivedBy)
    .sort((a: NfsRequest, b: NfsRequest) => a.date.localeCompare(b.date))

async function list(query = '') {
  const res = await server.call('GET', `/bank-statements/reconciliation?${OWN}${query}`, {
    as: ANA,
  })
  expect(res.status).toBe(200)
  return res.body as { data: ReconciliationRow[]; total: number }
}

const masked = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
const statement = anaStatement
const upload = (text: string) => uploadAnaOfx(server, text)

/** A PDF put in ana's folder through her signed upload link (as the accountant does): its stored name. */
async function uploadPdf(name: string) {
  const link = await server.call('GET', `/upload/${name}?${OWN}`, { as: ADMIN })
  const signed = new URL(link.body.data.url)
  const put = await fetch(server.url + signed.pathname + signed.search, {
    method: 'PUT',
    body: '%PDF-1.4',
  })
  return ((await put.json()) as { data: { fileName: string } }).data.fileName
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

describe('the seeded story', () => {
  it('has matched credits and guides, one suggestion and one credit without an invoice', async () => {
    const suggested = await list('&status=suggested')
    expect(suggested.total).toBe(1)
    const [row] = suggested.data
    expect(row!.transaction.description).toMatch(/^TED RECEBIDA - /)
    expect(row!.suggestions[0]).toMatchObject({
      kind: 'invoice',
      // Paid five days after its issue, or today when that is sooner: issued the day after the
      // seed's newest invoice, it is issued today when that one was issued yesterday or today
      // (mock-server/seed/reconciliation.ts).
      reasons: ['mesmo valor', expect.stringMatching(/(dias? após a emissão|no dia da emissão)$/)],
    })
    expect(row!.invoices[0]).toMatchObject({ id: row!.suggestions[0]!.id, status: 'issued' })

    const unmatched = await list('&status=unmatched')
    expect(unmatched.data.map((r) => [r.transaction.id, r.memoDocument])).toEqual([
      ['txn-ana-sem-nota', '11444777000161'],
    ])

    const matched = await list('&status=matched&side=debit&limit=20')
    const guides = matched.data.map((r) => (r.match?.kind === 'guide' ? r.match.documentId : null))
    expect(guides).toEqual(expect.arrayContaining(['doc-ana-das-1', 'doc-ana-darf-1']))
    const das = server.store.documents.get('doc-ana-das-1')!
    expect(das).toMatchObject({
      status: 'paid',
      paidBy: { accountId: 'acc-ana-cora', bankName: 'Cora SCD' },
    })

    // Every automatic match of an invoice wrote it down as received, by the same line.
    for (const record of records().filter((r) => r.match?.kind === 'invoice')) {
      const match = record.match as Extract<ReconciliationRecord['match'], { kind: 'invoice' }>
      for (const id of match.invoiceIds)
        expect(request(id).receivedBy?.transactionId).toBe(record.transactionId)
    }
  })

  it('filters invoices received and not received', async () => {
    const open = await server.call('GET', `/nfs/requests?${OWN}&received=false&limit=50`, {
      as: ANA,
    })
    expect(open.status).toBe(200)
    expect(open.body.data.map((r: NfsRequest) => r.id).sort()).toEqual(
      openInvoices()
        .map((r) => r.id)
        .sort(),
    )
    const received = await server.call('GET', `/nfs/requests?${OWN}&received=true&limit=1`, {
      as: ANA,
    })
    expect(received.body.data[0].receivedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/))
    expect(received.body.total).toBeGreaterThan(50)
  })
})

describe('an OFX import that pays two invoices', () => {
  it('matches the one naming the taker, suggests the other; a person confirms, then undoes', async () => {
    const [first, second] = openInvoices().filter((r) => r.taker && r.schedulerId === null)
    expect(first && second).toBeTruthy()
    const day = (r: NfsRequest) => shift(r.date, 4)
    const imported = await upload(
      statement([
        {
          fitId: 'P1',
          date: day(first!),
          amount: first!.totalValue,
          memo: `PIX RECEBIDO - ${first!.taker!.name.toUpperCase()} - ${masked(first!.taker!.document)}`,
        },
        {
          fitId: 'P2',
          date: day(second!),
          amount: second!.totalValue,
          memo: `TED RECEBIDA - ${second!.taker!.name.toUpperCase()}`,
        },
        { fitId: 'P3', date: day(second!), amount: -35.9, memo: 'TARIFA' },
      ]),
    )
    expect(imported.status).toBe(201)
    expect(imported.body.data.reconciliation).toMatchObject({ matched: 1 })

    const lines: BankTransaction[] = server.store.data.bankTransactions.filter(
      (t: BankTransaction) => ['P1', 'P2'].includes(t.fitId),
    )
    const paying = lines.find((t) => t.fitId === 'P1')!
    const naming = lines.find((t) => t.fitId === 'P2')!
    expect(request(first!.id)).toMatchObject({
      receivedAt: paying.date,
      receivedBy: {
        transactionId: paying.id,
        bankName: expect.any(String),
        accountNumber: '778899-1',
      },
    })
    const suggested = (await list('&status=suggested')).data.find(
      (r) => r.transaction.id === naming.id,
    )!
    expect(suggested.suggestions.map((s) => s.id)).toContain(second!.id)

    // Refusals: amounts that do not add up, a debit for an invoice, an invoice already received.
    const wrong = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
      as: ANA,
      body: { transactionId: naming.id, invoiceIds: [first!.id, second!.id] },
    })
    expect(wrong.status).toBe(409)
    expect(wrong.body.message).toMatch(/já está conciliada com outra movimentação/)
    const tariff = server.store.data.bankTransactions.find(
      (t: BankTransaction) => t.fitId === 'P3',
    )!
    const debit = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
      as: ANA,
      body: { transactionId: tariff.id, invoiceIds: [second!.id] },
    })
    expect(debit.status).toBe(400)
    expect(debit.body.message).toBe(
      'Notas fiscais se conciliam com entradas (créditos); esta movimentação é uma saída.',
    )
    const other = openInvoices().find(
      (r) => r.id !== second!.id && r.totalValue !== second!.totalValue,
    )
    if (other) {
      const differ = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
        as: ANA,
        body: { transactionId: naming.id, invoiceIds: [other.id] },
      })
      expect(differ.status).toBe(400)
      expect(differ.body.message).toMatch(/^Os valores não fecham: a movimentação é de R\$/)
    }

    const confirmed = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
      as: ANA,
      body: { transactionId: naming.id, invoiceIds: [second!.id] },
    })
    expect(confirmed.status).toBe(201)
    expect(confirmed.body.data).toMatchObject({
      status: 'matched',
      match: { kind: 'invoice', invoiceIds: [second!.id], auto: false, confirmedBy: 'uid-ana' },
    })
    expect(request(second!.id).receivedBy?.transactionId).toBe(naming.id)
    const again = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
      as: ANA,
      body: { transactionId: naming.id, invoiceIds: [second!.id] },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(
      'Esta movimentação já está conciliada. Desfaça a conciliação antes de escolher outra.',
    )

    const undone = await server.call(
      'DELETE',
      `/bank-statements/reconciliation/${naming.id}?${OWN}`,
      {
        as: ANA,
      },
    )
    expect(undone.status).toBe(200)
    expect(undone.body.data.status).toBe('suggested')
    expect(undone.body.data.suggestions[0]).toMatchObject({
      id: second!.id,
      reasons: expect.arrayContaining(['conciliação desfeita antes']),
    })
    expect(request(second!.id).receivedBy).toBeNull()
    const twice = await server.call(
      'DELETE',
      `/bank-statements/reconciliation/${naming.id}?${OWN}`,
      {
        as: ANA,
      },
    )
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('Esta movimentação não está conciliada: não há o que desfazer.')

    // Undoing an automatic match: never matched automatically again, still suggested.
    const auto = await server.call(
      'DELETE',
      `/bank-statements/reconciliation/${paying.id}?${OWN}`,
      {
        as: ANA,
      },
    )
    expect(auto.body.data).toMatchObject({ status: 'suggested', suggestions: [{ id: first!.id }] })
    expect(request(first!.id).receivedBy).toBeNull()
  })

  it('answers 404 for another company’s transaction and 403 for another company', async () => {
    const eva = server.store.data.bankTransactions.find(
      (t: BankTransaction) => t.companyId !== COMPANY && t.amount > 0,
    )!
    const res = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
      as: ANA,
      body: { transactionId: eva.id, invoiceIds: [openInvoices()[0]!.id] },
    })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Movimentação não encontrada.')
    expect(
      (await server.call('GET', `/bank-statements/reconciliation?${OWN}`, { as: BRUNO })).status,
    ).toBe(403)
  })
})

describe('invoices and guides that change', () => {
  it('an invoice issued for the credit without one: matched by itself', async () => {
    const credit = server.store.bankTransactions.get('txn-ana-sem-nota')!
    const body = {
      cnpj: '45218739000102',
      totalValue: credit.amount,
      serviceDescription: 'Projeto gráfico e diagramação de material institucional',
      taxationCode: '230101',
      municipalityCode: '3550308',
      issWithheld: false,
      date: credit.date,
      taker: {
        document: '11.444.777/0001-61',
        name: 'Estúdio Nova Luz Ltda',
        email: 'contato@novaluz.com.br',
        address: {
          zipCode: '01304-001',
          state: 'SP',
          city: 'São Paulo',
          street: 'Rua Augusta',
          number: '100',
          complement: '',
          neighborhood: 'Consolação',
        },
      },
    }
    const created = await server.call('POST', `/nfs/requests?${OWN}`, { as: ANA, body })
    expect(created.status).toBe(201)
    const id = created.body.data.id
    await server.call('PUT', `/nfs/requests/${id}/status/processing`, { as: ADMIN })
    const pdfFileName = await uploadPdf('nfse-9001.pdf')
    const issued = await server.call('PUT', `/nfs/requests/${id}/status/issued`, {
      as: ADMIN,
      body: { number: 9001, pdfFileName },
    })
    expect(issued.status).toBe(200)
    expect(issued.body.data.receivedBy).toMatchObject({ transactionId: 'txn-ana-sem-nota' })
    expect(server.store.reconciliations.get('txn-ana-sem-nota')).toMatchObject({
      status: 'matched',
      match: {
        invoiceIds: [id],
        auto: true,
        reasons: ['CNPJ do tomador no histórico', 'mesmo valor', expect.any(String)],
      },
    })
  })

  it('an invoice cancelled: its match is undone and the line goes back to the lists', async () => {
    const record = records().find((r) => r.match?.kind === 'invoice' && r.match.auto)!
    const [invoiceId] = (record.match as { invoiceIds: string[] }).invoiceIds
    // What the national cancellation will do to the record, then its call.
    server.store.write(() => {
      const cancelled = request(invoiceId!)
      server.store.nfsRequests.update({ ...cancelled, status: 'cancelled' as NfsRequest['status'] })
    })
    await reconcileAfterInvoiceChange(server.store, COMPANY, [invoiceId!])
    expect(request(invoiceId!).receivedBy).toBeNull()
    const line = server.store.reconciliations.get(record.transactionId)!
    expect(line.status).not.toBe('matched')
    expect(line.match).toBeNull()
  })

  it('a guide deleted leaves its debit; a guide uploaded is paid by the debit', async () => {
    const guide = server.store.documents.get('doc-ana-das-1')!
    const debitId = guide.paidBy!.transactionId
    const removed = await server.call('DELETE', `/documents/doc-ana-das-1?${OWN}`, { as: ADMIN })
    expect(removed.status).toBe(200)
    expect(server.store.reconciliations.get(debitId)).toBeUndefined()

    const fileName = await uploadPdf('das-novo.pdf')
    const created = await server.call('POST', `/documents?${OWN}`, {
      as: ADMIN,
      body: {
        type: 'guia',
        name: 'DAS – Simples Nacional',
        fileName,
        guia: { ...guide.guia, digitableLine: undefined },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ status: 'paid', paidBy: { transactionId: debitId } })

    // Pending before its debit paid it: undoing the match leaves it pending again.
    const undone = await server.call(
      'DELETE',
      `/bank-statements/reconciliation/${debitId}?${OWN}`,
      {
        as: ANA,
      },
    )
    expect(undone.status).toBe(200)
    expect(server.store.documents.get(created.body.data.id)).toMatchObject({
      status: 'pending',
      paidAt: null,
      paidBy: null,
    })
  })

  it('undoing a guide match puts the guide back as it was', async () => {
    // The accountant had marked this DAS paid by hand before its debit was matched: undoing the
    // match puts back that state (status and day), without the transaction.
    const guide = server.store.documents.get('doc-ana-das-2')! as CompanyDocument
    expect(guide.status).toBe('paid')
    const before = server.store.reconciliations.get(guide.paidBy!.transactionId)!.guideBefore
    expect(before).toEqual({ status: 'paid', paidAt: expect.any(String) })
    const res = await server.call(
      'DELETE',
      `/bank-statements/reconciliation/${guide.paidBy!.transactionId}?${OWN}`,
      {
        as: ANA,
      },
    )
    expect(res.status).toBe(200)
    expect(server.store.documents.get('doc-ana-das-2')).toMatchObject({
      status: before!.status,
      paidAt: before!.paidAt,
      paidBy: null,
    })
    const back = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
      as: ANA,
      body: { transactionId: guide.paidBy!.transactionId, documentId: 'doc-ana-das-2' },
    })
    expect(back.status).toBe(201)
    expect(server.store.documents.get('doc-ana-das-2')).toMatchObject({ status: 'paid' })
  })
})

describe('what else moves a line', () => {
  it('a credit classified as a partner’s contribution leaves reconciliation', async () => {
    const res = await server.call(
      'PUT',
      `/bank-statements/transactions/txn-ana-sem-nota/tax-category?${OWN}`,
      {
        as: ANA,
        body: { taxCategoryId: 'aporte-socios' },
      },
    )
    expect(res.status).toBe(200)
    await expect.poll(() => server.store.reconciliations.get('txn-ana-sem-nota')).toBeUndefined()
  })

  it('an account deleted: what it paid is open again', async () => {
    const paid = server.store.data.nfsRequests.filter(
      (r: NfsRequest) => r.receivedBy?.accountId === 'acc-ana-itau',
    )
    expect(paid.length).toBeGreaterThan(0)
    expect(
      (await server.call('DELETE', `/bank-statements/accounts/acc-ana-itau?${OWN}`, { as: ANA }))
        .status,
    ).toBe(200)
    for (const r of paid) expect(request(r.id).receivedBy).toBeNull()
    expect(records().filter((r) => r.accountId === 'acc-ana-itau')).toEqual([])
  })
})

describe('the month', () => {
  it('sums the credits matched, suggested and without an invoice, and the invoices not received', async () => {
    const credit = server.store.bankTransactions.get('txn-ana-sem-nota')!
    const period = credit.date.slice(0, 7)
    const res = await server.call(
      'GET',
      `/bank-statements/reconciliation/summary?${OWN}&period=${period}`,
      {
        as: ANA,
      },
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      period,
      creditsWithoutInvoice: { count: 1, amount: credit.amount },
      invoicesNotReceived: { count: openInvoices().length },
      tabs: { unmatched: 1, suggested: 1 },
    })
    expect(res.body.data.credits.count).toBe(
      res.body.data.matchedCredits.count + res.body.data.suggestedCredits.count + 1,
    )
    expect(creditsWithoutInvoice(server.store, COMPANY, period).map((t) => t.id)).toEqual([
      'txn-ana-sem-nota',
    ])
    expect(
      (
        await server.call('GET', `/bank-statements/reconciliation/summary?${OWN}&period=2026-13`, {
          as: ANA,
        })
      ).status,
    ).toBe(400)
  })
  it('reads its sums from indexes: the invoices not received from the index alone', () => {
    // A company with a million lines and 200,000 open invoices (scripts/bench-scale.ts): the
    // invoices' sum read every open invoice's row (900 ms), the panel's card waiting on it.
    const sums = summarySums(COMPANY, '2026-10')
    const invoices = server.store.nfsRequests.planOfGroupSums(...sums.invoicesNotReceived)
    expect(invoices.join('\n')).toMatch(
      /^SEARCH nfs_requests USING COVERING INDEX \w+ \(company_id=\? AND status=\? AND received=\?\)$/,
    )
    const lines = server.store.reconciliations.planOfGroupSums(...sums.lines)
    expect(lines.join('\n')).toMatch(
      /^SEARCH reconciliations USING (COVERING )?INDEX \w+ \(company_id=\? AND date>\? AND date<\?\)/m,
    )
    expect(lines.filter((step) => /^SCAN /.test(step))).toEqual([])
  })
})

describe('credits explained without an invoice', () => {
  const SHOP = 'cmp-eva-comercio'
  /** The shop's card payouts of last month: unmatched credits of the acquirer. */
  function shopMonth() {
    // The newest month that has ended (this one has not) whose credits without an invoice are all
    // card sales: in some months a customer's PIX comes in too
    // (fixtures/finance/statement-profiles.json, "comercio").
    let month = addMonths(todayInBrazil().slice(0, 7), -1)
    for (let back = 0; back < 12; back++, month = addMonths(month, -1)) {
      const credits = creditsWithoutInvoice(server.store, SHOP, month)
      if (credits.length > 1 && credits.every((c) => /STONE/.test(c.description)))
        return { month, credits }
    }
    throw new Error(`${SHOP}: no month of card sales only in the year before ${month}`)
  }
  const explain = (as: string, companyId: string, transactionIds: string[], explanation: string) =>
    server.call('POST', `/bank-statements/reconciliation/explanations?companyId=${companyId}`, {
      as,
      body: { transactionIds, explanation },
    })
  const missing = async (period: string) =>
    (
      await server.call('GET', `/companies/${SHOP}/simples/${period}`, { as: ADMIN })
    ).body.data.missing.map((m: { code: string }) => m.code) as string[]

  it('a shop explains its card sales as the revenue it declared: the month can close', async () => {
    const { month, credits } = shopMonth()
    expect(await missing(month)).toContain('credits-without-invoice')

    // The owner explains them; the rows say how and who.
    const res = await explain(
      EVA,
      SHOP,
      credits.map((c) => c.id),
      'declared-sale',
    )
    expect(res.status).toBe(201)
    expect(res.body.total).toBe(credits.length)
    const row = res.body.data[0] as ReconciliationRow
    expect(row.status).toBe('matched')
    expect(row.match).toMatchObject({
      kind: 'explained',
      explanation: 'declared-sale',
      period: month,
    })
    expect(row.confirmer).toEqual({ name: 'Eva Santos Lima', accountant: false })
    expect(row.match!.reasons[0]).toMatch(/receita sem nota declarada em \d{2}\/\d{4}/)
    expect(creditsWithoutInvoice(server.store, SHOP, month)).toEqual([])
    expect(await missing(month)).not.toContain('credits-without-invoice')

    // The declared revenue may not go below what the credits it explains add up to.
    const declared = await server.call('PUT', `/companies/${SHOP}/simples/${month}/revenue`, {
      as: EVA,
      body: { items: [{ cnae: '4781400', amount: 100 }] },
    })
    expect(declared.status).toBe(409)
    expect(declared.body.message).toMatch(/não pode ser menor/)

    // Undone: the credit is without an invoice again, and blocks the close.
    const undo = await server.call(
      'DELETE',
      `/bank-statements/reconciliation/${credits[0]!.id}?companyId=${SHOP}`,
      { as: ADMIN },
    )
    expect(undo.status).toBe(200)
    expect(undo.body.data.status).not.toBe('matched')
  })

  it('refuses a sale beyond the declared revenue, a debit, and a line matched already', async () => {
    const { month, credits } = shopMonth()
    server.store.write(() =>
      server.store.declaredRevenues.put({
        ...server.store.declaredRevenues.get(`${SHOP}:${month}`)!,
        items: [{ cnae: '4781400', annex: null, amount: 10 }],
      }),
    )
    const beyond = await explain(ADMIN, SHOP, [credits[0]!.id], 'declared-sale')
    expect(beyond.status).toBe(409)
    expect(beyond.body.message).toMatch(/Declare o restante/)
    expect(creditsWithoutInvoice(server.store, SHOP, month)).toHaveLength(credits.length)

    // The accountant explains one as a transfer (any amount: not revenue).
    const transfer = await explain(ADMIN, SHOP, [credits[0]!.id], 'transfer')
    expect(transfer.status).toBe(201)
    expect(transfer.body.data[0].confirmer).toMatchObject({ accountant: true })
    expect((await explain(EVA, SHOP, [credits[0]!.id], 'loan')).status).toBe(409)

    const debit = server.store.data.bankTransactions.find(
      (t: BankTransaction) => t.companyId === SHOP && t.amount < 0,
    )!
    expect((await explain(EVA, SHOP, [debit.id], 'transfer')).status).toBe(400)
    expect((await explain(ANA, SHOP, [credits[1]!.id], 'transfer')).status).toBe(403)
  })

  it('names the payer the memo gives beside its document, to fill in the invoice', async () => {
    const { data } = await list('&status=unmatched')
    const row = data.find((r) => r.transaction.id === 'txn-ana-sem-nota')!
    expect(row.memoDocument).not.toBeNull()
    expect(row.memoName).toMatch(/[A-Z]{3}/)
    expect(row.transaction.description).toContain(row.memoName!)
  })
})

describe('the test hooks (npm run bench:api times runs through them)', () => {
  it('reconciles a company at once and lists the runs, newest first', async () => {
    const res = await server.call('POST', `/__test/companies/${COMPANY}/reconcile`)
    expect(res.status).toBe(200)
    // The seed is what the rules make of it: a run over every line changes nothing.
    expect(res.body.data).toMatchObject({ matched: 0, suggested: 0, unmatched: 0, removed: 0 })
    expect(res.body.data.looked).toBeGreaterThan(100)
    const runs = await server.call('GET', '/__test/reconciliation/runs')
    expect(runs.body.data[0]).toMatchObject({
      companyId: COMPANY,
      scope: 'all',
      ms: expect.any(Number),
    })
  })
})

describe('an automatic run meets a person (ledger.applyChange)', () => {
  it('never overwrites a confirmation made while it ran, and never matches an invoice twice', async () => {
    const line = server.store.reconciliations.get(SEEDED_SUGGESTED_LINE)!
    const invoiceId = SEEDED_SUGGESTED_INVOICE
    // What a run read: the line as suggested, and its invoice open; it proposes a match.
    const proposal: Change = {
      transactionId: line.transactionId,
      baseRev: line.rev,
      release: false,
      next: {
        companyId: line.companyId,
        accountId: line.accountId,
        date: line.date,
        amountCents: line.amountCents,
        side: 'credit',
        status: 'matched',
        match: { kind: 'invoice', invoiceIds: [invoiceId], reasons: ['mesmo valor'] },
        suggestions: [],
        memoDocument: null,
      },
    }
    // Meanwhile ana confirms it herself.
    const confirmed = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
      as: ANA,
      body: { transactionId: line.transactionId, invoiceIds: [invoiceId] },
    })
    expect(confirmed.status).toBe(201)
    const outcome = server.store.write(() => {
      const batch = applyBatch()
      const result = applyChange(server.store, proposal, batch)
      finishBatch(server.store, batch)
      return result
    })
    expect(outcome).toBe('stale')
    expect(server.store.reconciliations.get(line.transactionId)!.match).toMatchObject({
      auto: false,
      confirmedBy: 'uid-ana',
    })

    // Another line proposing the same invoice, now taken: refused.
    const other = server.store.reconciliations.get('txn-ana-sem-nota')!
    const twice = server.store.write(() =>
      applyChange(
        server.store,
        { ...proposal, transactionId: other.transactionId, baseRev: other.rev },
        applyBatch(),
      ),
    )
    expect(twice).toBe('stale')
    expect(request(invoiceId).receivedBy?.transactionId).toBe(line.transactionId)
  })
})

describe("a run's batch, written a slice at a time (ledger.writeRunBatch)", () => {
  /** The seeded suggestion proposed as a match of its invoice, and the uninvoiced line's record. */
  function proposals(): Change[] {
    const line = server.store.reconciliations.get(SEEDED_SUGGESTED_LINE)!
    const other = server.store.reconciliations.get('txn-ana-sem-nota')!
    const content = (record: ReconciliationRecord) => ({
      companyId: record.companyId,
      accountId: record.accountId,
      date: record.date,
      amountCents: record.amountCents,
      side: record.side,
      memoDocument: record.memoDocument,
    })
    return [
      {
        transactionId: line.transactionId,
        baseRev: line.rev,
        release: false,
        next: {
          ...content(line),
          status: 'matched',
          match: {
            kind: 'invoice',
            invoiceIds: [SEEDED_SUGGESTED_INVOICE],
            reasons: ['mesmo valor'],
          },
          suggestions: [],
        },
      },
      // The same invoice again: taken by the change before it in the same batch.
      {
        transactionId: other.transactionId,
        baseRev: other.rev,
        release: false,
        next: {
          ...content(other),
          status: 'matched',
          match: {
            kind: 'invoice',
            invoiceIds: [SEEDED_SUGGESTED_INVOICE],
            reasons: ['mesmo valor'],
          },
          suggestions: [],
        },
      },
      // A change read before another write: stale.
      { transactionId: SEEDED_SUGGESTED_LINE, baseRev: 0, release: false, next: null },
    ]
  }
  const written = () => ({
    invoice: request(SEEDED_SUGGESTED_INVOICE),
    received: server.store.nfsRequests.count({ id: SEEDED_SUGGESTED_INVOICE, received: 1 }),
    records: [SEEDED_SUGGESTED_LINE, 'txn-ana-sem-nota'].map((id) =>
      server.store.reconciliations.get(id),
    ),
  })
  const sameTime = <T>(value: T): T =>
    JSON.parse(JSON.stringify(value).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'T')) as T

  it('writes what the changes one at a time write, its invoices received in one statement', async () => {
    const changes = proposals()
    const oneByOne = server.store.write(() => {
      const batch = applyBatch()
      const outcomes = changes.map((change) => applyChange(server.store, change, batch))
      finishBatch(server.store, batch)
      return outcomes
    })
    expect(oneByOne).toEqual(['applied', 'stale', 'stale'])
    const expected = written()

    await server.call('POST', '/__reset')
    const counts: RunCounts = { matched: 0, suggested: 0, unmatched: 0, removed: 0 }
    const stale: string[] = []
    writeRunBatch(server.store, proposals(), counts, stale)
    expect(counts).toEqual({ matched: 1, suggested: 0, unmatched: 0, removed: 0 })
    expect(stale).toEqual(['txn-ana-sem-nota', SEEDED_SUGGESTED_LINE])
    const got = written()
    expect(got.received).toBe(1)
    expect(got.invoice.receivedBy?.transactionId).toBe(SEEDED_SUGGESTED_LINE)
    expect(sameTime(got)).toEqual(sameTime(expected))
  })

  it("reads and writes a slice by key, on the key's index", () => {
    const byKey = /^SEARCH \w+ USING (COVERING )?INDEX sqlite_autoindex_\w+ \(id=\?\)$/m
    for (const plan of [
      server.store.nfsRequests.planOfColumnsOfKeys(['companyId', 'status', 'received']),
      server.store.bankTransactions.planOfColumnsOfKeys([]),
      server.store.nfsRequests.planOfPatch(RECEIPT_PATCH),
    ]) {
      expect(plan.join('\n')).toMatch(byKey)
      expect(plan.filter((step) => /^SCAN (?!(p|json_each) VIRTUAL TABLE)/.test(step))).toEqual([])
    }
  })
})

describe('the queue of runs', () => {
  it('runs what a request waits for ahead of the runs nobody waits for', async () => {
    const others: string[] = server.store.data.companies
      .map((c: { id: string }) => c.id)
      .filter((id: string) => id !== COMPANY)
      .slice(0, 6)
    const finished: string[] = []
    // A bulk month close queues every company's run in the background...
    const background = others.map((id) =>
      reconcileCompany(server.store, id, undefined, { awaited: false }).then(() =>
        finished.push(id),
      ),
    )
    // ...then ana undoes a match and waits for hers.
    await reconcileLines(server.store, COMPANY, [SEEDED_SUGGESTED_LINE]).then(() =>
      finished.push(COMPANY),
    )
    await Promise.all(background)
    // Only the run already under way when she asked finished before hers.
    expect(finished.indexOf(COMPANY)).toBeLessThanOrEqual(1)
    expect(finished).toHaveLength(others.length + 1)
  })
})
