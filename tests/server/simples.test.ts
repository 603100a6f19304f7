import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isValidBoleto } from '@brazilian-utils/brazilian-utils'
import { todayInBrazil } from '../../src/schemas/finance-common'
import { paymentLineProblem } from '../../src/schemas/payment-line'
import { addMonths, dasDueDate, formatCollectionLine, proLaboreOf } from '../../src/kernel/tax'
import type { NfsRequest } from '../../src/schemas/invoice'
import { ADMIN, ANA, BRUNO, EVA } from './finance-callers'
import { startTestServer, type TestServer } from './harness'
import { pdfText } from './pdf-text'
import { textBeyondMargins } from '../pdf-text'
import { addDays } from '../../src/kernel/tax/calendar'
import { formatCents, toCents } from '../../src/kernel/money'

// The month of a Simples Nacional company on the server: calculated live from the issued NFS-e
// of the competence and the payroll, closed by the accountant into a DAS guide (a PDF with its
// FEBRABAN line), the month-close queue, the payroll, declared revenue and a late guide.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ANA_ID = 'cmp-ana-design'
const current = () => todayInBrazil().slice(0, 7)
const last = () => addMonths(current(), -1)

/** A file's bytes; `onDay` (`YYYY-MM-DD`) dates the request (the harness's test clock). */
async function download(as: string, companyId: string, fileName: string, onDay?: string) {
  const link = await server.call('GET', `/download/${fileName}?companyId=${companyId}`, {
    as,
    headers: onDay ? { 'x-test-clock': `${onDay}T12:00:00-03:00` } : {},
  })
  expect(link.status).toBe(200)
  const response = await fetch(link.body.data.url.replace(/^https?:\/\/[^/]+/, server.url))
  expect(response.status).toBe(200)
  return response.arrayBuffer()
}

const enterPayroll = (period: string, amount = 8_500) =>
  server.call('PUT', `/companies/${ANA_ID}/payroll/${period}`, {
    as: ADMIN,
    body: { proLabore: [{ partnerId: '52998224725', amount }], salaries: 0, fgts: 0 },
  })

describe('GET /companies/{id}/simples/{period}', () => {
  it("counts the issued NFS-e of the competence, by activity, and asks for the month's payroll", async () => {
    const period = last()
    const res = await server.call('GET', `/companies/${ANA_ID}/simples/${period}`, { as: ANA })
    expect(res.status).toBe(200)
    const month = res.body.data
    const issued = server.store.data.nfsRequests.filter(
      (r: NfsRequest) =>
        r.companyId === ANA_ID && r.status === 'issued' && r.date.startsWith(period),
    )
    const total = issued.reduce((sum, r) => sum + Math.round(r.totalValue * 100), 0) / 100
    expect(month).toMatchObject({ period, regime: 'simples', status: 'open', revenue: total })
    expect(month.invoices.count).toBe(issued.length)
    expect(month.das.dueDate).toBe(dasDueDate(period))
    const sum = month.activities.reduce(
      (t: number, a: { amount: number }) => t + Math.round(a.amount * 100),
      0,
    )
    expect(Math.round(month.das.amount * 100)).toBe(sum)
    expect(month.missing.map((m: { code: string }) => m.code)).toContain('payroll-missing')
    expect(month.guide).toBeNull()
  })

  it('a closed, paid month answers as it was frozen, with its guide paid and no line to pay', async () => {
    const period = addMonths(current(), -2)
    const res = await server.call('GET', `/companies/${ANA_ID}/simples/${period}`, { as: ANA })
    expect(res.body.data.status).toBe('paid')
    expect(res.body.data.guide).toMatchObject({ status: 'paid', line: null, kind: 'DAS' })
  })

  it("another company's month is refused", async () => {
    const res = await server.call('GET', `/companies/${ANA_ID}/simples/${last()}`, { as: BRUNO })
    expect(res.status).toBe(403)
  })
})

describe('payroll of the month', () => {
  it('lists every partner before anything is entered, then computes INSS, IRRF and net', async () => {
    const before = await server.call('GET', `/companies/${ANA_ID}/payroll/${last()}`, { as: ANA })
    expect(before.body.data).toMatchObject({ entered: false, locked: false })
    expect(before.body.data.partners).toEqual([
      expect.objectContaining({ partnerId: '52998224725', name: 'Ana Paula Ribeiro', amount: 0 }),
    ])
    const saved = await enterPayroll(last())
    expect(saved.status).toBe(200)
    const expected = proLaboreOf(last(), 850_000)
    expect(saved.body.data.partners[0]).toMatchObject({
      amount: 8_500,
      inss: expected.inss / 100,
      irrf: expected.irrf / 100,
      net: expected.net / 100,
    })
    expect(saved.body.data).toMatchObject({
      entered: true,
      cppOutsideDas: false,
      fatorRPayroll: 8_500,
    })
  })

  it('refuses a partner the company does not have, naming it', async () => {
    const res = await server.call('PUT', `/companies/${ANA_ID}/payroll/${last()}`, {
      as: ANA,
      body: { proLabore: [{ partnerId: '11144477735', amount: 1 }], salaries: 0, fgts: 0 },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('11144477735')
  })
})

describe('closing the month', () => {
  it('publishes the DAS guide: amount, due date and a 48-digit line that passes the FEBRABAN check digits, as a PDF', async () => {
    const period = last()
    await enterPayroll(period)
    const open = (await server.call('GET', `/companies/${ANA_ID}/simples/${period}`, { as: ADMIN }))
      .body.data
    expect(open.missing.filter((m: { code: string }) => m.code !== 'month-not-over')).toEqual([])
    const closed = await server.call('POST', `/companies/${ANA_ID}/simples/${period}/close`, {
      as: ADMIN,
    })
    expect(closed.status).toBe(200)
    const guide = closed.body.data.guide
    expect(closed.body.data.status).toBe('closed')
    expect(guide.amount).toBe(open.das.amount)
    expect(guide.dueDate).toBe(dasDueDate(period))
    const document = server.store.documents.get(guide.documentId)!
    const line = document.guia!.digitableLine!
    expect(line).toHaveLength(48)
    expect(paymentLineProblem(line, ['collection'])).toBeNull()
    expect(isValidBoleto(line)).toBe(true)
    // Ana sees it in her documents and downloads its PDF: on its due day, with its line; after
    // it, stamped and without the line that no longer pays it.
    const text = await pdfText(await download(ANA, ANA_ID, document.fileName, guide.dueDate))
    expect(text).toContain(formatCents(toCents(guide.amount)))
    expect(text).toContain(guide.dueDate.split('-').reverse().join('/'))
    expect(text).toContain(formatCollectionLine(line))
    const dayAfter = addDays(guide.dueDate, 1)
    const late = await pdfText(await download(ANA, ANA_ID, document.fileName, dayAfter))
    expect(late).toContain('VENCIDA — gere a guia atualizada')
    expect(late).not.toContain(formatCollectionLine(line))
    // Closed once: the second time is a conflict, and the payroll no longer changes.
    const again = await server.call('POST', `/companies/${ANA_ID}/simples/${period}/close`, {
      as: ADMIN,
    })
    expect(again.status).toBe(409)
    // Each is told in their own words: the accountant retifies, the owner asks the accountant.
    const refused = await enterPayroll(period, 1_000)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('Para corrigir, retifique o PGDAS-D e a DCTFWeb do mês.')
    const owner = await server.call('PUT', `/companies/${ANA_ID}/payroll/${period}`, {
      as: ANA,
      body: { proLabore: [{ partnerId: '52998224725', amount: 1_000 }] },
    })
    expect(owner.status).toBe(409)
    expect(owner.body.message).toContain('Fale com a contabilidade para retificar.')
  })

  it('refuses a month that is missing its payroll, saying so', async () => {
    const res = await server.call('POST', `/companies/${ANA_ID}/simples/${last()}/close`, {
      as: ADMIN,
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toContain('Folha do mês')
  })

  it('refuses the current month: it has not ended', async () => {
    const res = await server.call('POST', `/companies/${ANA_ID}/simples/${current()}/close`, {
      as: ADMIN,
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toContain('ainda não terminou')
  })

  it('a client never closes a month', async () => {
    await enterPayroll(last())
    const res = await server.call('POST', `/companies/${ANA_ID}/simples/${last()}/close`, {
      as: ANA,
    })
    expect(res.status).toBe(403)
  })

  it('the queue lists ana with what is missing, and closes several at once', async () => {
    const period = last()
    const queue = await server.call('GET', `/simples/${period}?query=ana`, { as: ADMIN })
    expect(queue.status).toBe(200)
    const row = queue.body.data.find((r: { company: { id: string } }) => r.company.id === ANA_ID)
    expect(row.missing.map((m: { code: string }) => m.code)).toContain('payroll-missing')
    await enterPayroll(period)
    const closed = await server.call('POST', `/simples/${period}/close`, {
      as: ADMIN,
      body: { companyIds: [ANA_ID, 'cmp-eva-studio'] },
    })
    expect(closed.status).toBe(200)
    expect(closed.body.data).toEqual([
      expect.objectContaining({ companyId: ANA_ID, closed: true }),
      expect.objectContaining({ companyId: 'cmp-eva-studio', closed: false }),
    ])
    const after = await server.call('GET', `/simples/${period}?status=closed`, { as: ADMIN })
    expect(after.body.data.map((r: { company: { id: string } }) => r.company.id)).toContain(ANA_ID)
  })

  it('names the fator R among what the payroll decides only where it applies', async () => {
    const queue = await server.call('GET', `/simples/${last()}?limit=100`, { as: ADMIN })
    const payrollMissing = (companyId: string) =>
      queue.body.data
        .find((r: { company: { id: string } }) => r.company.id === companyId)
        .missing.find((m: { code: string }) => m.code === 'payroll-missing').message
    // Ana's design studio goes by the fator R; the law firm (Annex IV) does not.
    expect(payrollMissing(ANA_ID)).toContain('ela decide o fator R, a DCTFWeb e o FGTS.')
    expect(payrollMissing('cmp-marina-advocacia')).toContain('ela decide a DCTFWeb e o FGTS.')
    expect(payrollMissing('cmp-marina-advocacia')).not.toContain('fator R')
  })

  it('a month whose DAS is R$ 0,00 is never late, in the rows nor in the "Atrasados" filter', async () => {
    // On the 28th of this month last month's DAS is past due (mock-server/domain/simples/queue.ts).
    const day = `${current()}-28`
    expect(dasDueDate(last()) < day).toBe(true)
    const onDay = { as: ADMIN, headers: { 'x-test-clock': `${day}T12:00:00-03:00` } }
    type Row = {
      company: { id: string }
      status: string
      das: { amount: number }
      overdue: boolean
    }
    const all: Row[] = (await server.call('GET', `/simples/${last()}?limit=100`, onDay)).body.data
    const open = all.filter((row) => row.status === 'open')
    const nothingToPay = open.filter((row) => row.das.amount === 0)
    const toPay = open.filter((row) => row.das.amount > 0)
    expect(nothingToPay.length, 'an open month without revenue in the seed').toBeGreaterThan(0)
    expect(toPay.length, 'an open month with a DAS in the seed').toBeGreaterThan(0)
    for (const row of nothingToPay) expect(row.overdue, row.company.id).toBe(false)
    for (const row of toPay) expect(row.overdue, row.company.id).toBe(true)
    const filtered = await server.call('GET', `/simples/${last()}?limit=100&overdue=true`, onDay)
    const late = filtered.body.data as Row[]
    expect(late.map((row) => row.company.id).sort()).toEqual(
      all
        .filter((row) => row.overdue)
        .map((row) => row.company.id)
        .sort(),
    )
    expect(filtered.body.total).toBe(late.length)
    for (const row of late) expect(row.das.amount, row.company.id).toBeGreaterThan(0)
  })

  it('the queue is for the back office only', async () => {
    expect((await server.call('GET', `/simples/${last()}`, { as: ANA })).status).toBe(403)
  })
})

describe('a guide paid late', () => {
  it('never offers the expired line, and is recalculated into a new guide with multa and juros', async () => {
    const today = todayInBrazil()
    const guides = await server.call('GET', `/companies/${ANA_ID}/guides`, { as: ANA })
    expect(guides.status).toBe(200)
    const overdue = guides.body.data.filter((g: { overdue: boolean }) => g.overdue)
    for (const guide of overdue) expect(guide.line).toBeNull()
    const darf = guides.body.data.find(
      (g: { documentId: string }) => g.documentId === 'doc-ana-darf',
    )
    // The seed's DARF fell due last month.
    expect(darf).toMatchObject({ overdue: true, line: null, updatable: true })
    const quote = await server.call(
      'GET',
      `/companies/${ANA_ID}/guides/doc-ana-darf/late-payment`,
      { as: ANA },
    )
    expect(quote.status).toBe(200)
    expect(quote.body.data.total).toBeGreaterThan(66)
    const made = await server.call(
      'POST',
      `/companies/${ANA_ID}/guides/doc-ana-darf/late-payment`,
      {
        as: ANA,
        body: { paymentDate: today },
      },
    )
    expect(made.status).toBe(201)
    expect(made.body.data.guide.amount).toBe(quote.body.data.total)
    expect(made.body.data.guide.dueDate).toBe(today)
    expect(made.body.data.guide.line).toHaveLength(48)
    // Its PDF, as ana downloads it: the updated title (16 pt) wraps inside the page, whole.
    const updated = server.store.documents.get(made.body.data.guide.documentId)!
    expect(updated.name).toMatch(/\(atualizada para pagamento em \d{2}\/\d{2}\/\d{4}\)$/)
    const file = await download(ANA, ANA_ID, updated.fileName, today)
    const { boxes, beyond } = await textBeyondMargins(file, 40)
    expect(boxes).toBeGreaterThan(10)
    expect(beyond).toEqual([])
    const printed = (await pdfText(file)).replace(/\s+/g, '')
    expect(printed).toContain(updated.name.replace(/\s+/g, ''))
    const after = await server.call('GET', `/companies/${ANA_ID}/guides`, { as: ANA })
    expect(after.body.data.map((g: { documentId: string }) => g.documentId)).not.toContain(
      'doc-ana-darf',
    )
    // Paying the new guide pays the expired one with it.
    await server.call(
      'PUT',
      `/documents/${made.body.data.guide.documentId}/status/paid?companyId=${ANA_ID}`,
      { as: ANA },
    )
    expect(server.store.documents.get('doc-ana-darf')!.status).toBe('paid')
  })

  it("eva's guides are not ana's to recalculate", async () => {
    const res = await server.call(
      'GET',
      `/companies/${ANA_ID}/guides/doc-eva-studio-darf/late-payment`,
      { as: ANA },
    )
    expect(res.status).toBe(404)
    expect((await server.call('GET', `/companies/cmp-eva-studio/guides`, { as: EVA })).status).toBe(
      200,
    )
  })
})
