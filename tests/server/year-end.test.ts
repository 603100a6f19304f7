import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  darf1841DueDate,
  dasnSimeiLateFine,
  defisLateFine,
  monthTaxOn,
} from '../../src/kernel/tax/year-end'
import { todayInBrazil } from '../../src/schemas/finance-common'
import { toCents } from '../../src/kernel/money'
import { addMonths, meiLimitFor } from '../../src/kernel/tax'
import { UnknownTaxYear, yearsWith } from '../../src/kernel/tax/parameters'
import { completeDasn, dasnView } from '../../mock-server/domain/year-end/declarations'
import { ADMIN, ANA, BRUNO } from './finance-callers'
import { signIn, startTestServer, type TestServer } from './harness'
import { pdfText } from './pdf-text'

// The year on the server (mock-server/domain/year-end): ana's profits and a distribution above
// R$ 50.000 with its DARF 1841, the income report, the DEFIS and the DASN-SIMEI completed and
// delivered, and the year-end queue, whose rows the writes keep.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ANA_ID = 'cmp-ana-design'
const MEI_ID = 'cmp-marcelo-techfix'
const today = () => todayInBrazil()
const year = () => Number(today().slice(0, 4))
const ANA_CPF = '52998224725'

const cents = (value: number) => toCents(value)

describe('profits and distributions', () => {
  it("ana's year: the presumption of her services (32 %) less the DAS's IRPJ, and what she drew", async () => {
    const res = await server.call('GET', `/companies/${ANA_ID}/profits/${year()}`, { as: ANA })
    expect(res.status).toBe(200)
    const profits = res.body.data
    // In a year's first days ana may have no revenue in it yet: a year without revenue presumes
    // nothing (src/kernel/tax/year-end/profits.ts), and her services' 32 % is read on the year
    // before.
    if (profits.revenue === 0) expect(profits.presumptionRate).toBe(0)
    const rated =
      profits.revenue > 0
        ? profits
        : (await server.call('GET', `/companies/${ANA_ID}/profits/${year() - 1}`, { as: ANA })).body
            .data
    expect(rated.presumptionRate).toBe(0.32)
    expect(cents(rated.presumed)).toBe(Math.round(cents(rated.revenue) * 0.32))
    expect(cents(rated.exemptLimit)).toBe(cents(rated.presumed) - cents(rated.irpjInDas))
    expect(cents(profits.exemptLimit)).toBe(cents(profits.presumed) - cents(profits.irpjInDas))
    expect(profits.basis).toBe('presumption')
    const months = Number(today().slice(5, 7)) - 1
    expect(profits.distributed).toBe(6_000 * months)
    expect(profits.months.at(-1)).toBe(today().slice(0, 7))
    expect(profits.previewMonths).toContain(today().slice(0, 7))
    expect(rated.warnings.map((w: { code: string }) => w.code)).toContain('literal-reading')
  })

  it('R$ 60.000 in a month withholds R$ 6.000,00 into a DARF 1841; another payment recalculates the month; deleting it goes back', async () => {
    const first = await server.call('POST', `/companies/${ANA_ID}/profits/distributions`, {
      as: ANA,
      body: { partnerId: ANA_CPF, date: today(), amount: 60_000 },
    })
    expect(first.status).toBe(201)
    const distribution = first.body.data
    // Ana's seeded distributions are of the months before this one: R$ 60.000 is the month's.
    expect(cents(distribution.irrf)).toBe(monthTaxOn(6_000_000, today().slice(0, 7)))
    if (year() < 2026) return
    expect(distribution.guide).toMatchObject({
      kind: 'DARF',
      amount: distribution.irrf,
      dueDate: darf1841DueDate(today()),
      status: 'pending',
    })
    expect(distribution.warnings.map((w: { code: string }) => w.code)).toEqual(
      expect.arrayContaining(['withheld', 'above-exempt']),
    )
    const second = await server.call('POST', `/companies/${ANA_ID}/profits/distributions`, {
      as: ANA,
      body: { partnerId: ANA_CPF, date: today(), amount: 1_000 },
    })
    expect(second.body.data.irrf).toBe(100)
    expect(second.body.data.guide.amount).toBe(distribution.irrf + 100)
    const guides = await server.call('GET', `/companies/${ANA_ID}/guides`, { as: ANA })
    const darfs = guides.body.data.filter((g: { name: string }) => g.name.startsWith('DARF 1841'))
    expect(darfs).toHaveLength(1)
    expect(darfs[0].amount).toBe(distribution.irrf + 100)
    const removed = await server.call(
      'DELETE',
      `/companies/${ANA_ID}/profits/distributions/${second.body.data.id}`,
      { as: ANA },
    )
    expect(removed.status).toBe(200)
    const after = await server.call('GET', `/companies/${ANA_ID}/guides`, { as: ANA })
    const left = after.body.data.filter((g: { name: string }) => g.name.startsWith('DARF 1841'))
    expect(left.map((g: { amount: number }) => g.amount)).toEqual([distribution.irrf])
  })

  it('results up to 2025 approved by 31/01/2026 are not withheld; approved later, the exception is refused', async () => {
    if (year() < 2026 || year() > 2028) return
    const late = await server.call('POST', `/companies/${ANA_ID}/profits/distributions`, {
      as: ANA,
      body: {
        partnerId: ANA_CPF,
        date: today(),
        amount: 70_000,
        fromResultsUpTo2025: true,
        approvedOn: '2026-02-01',
      },
    })
    expect(late.status).toBe(400)
    expect(late.body.message).toMatch(/31\/01\/2026/)
    const ok = await server.call('POST', `/companies/${ANA_ID}/profits/distributions`, {
      as: ANA,
      body: {
        partnerId: ANA_CPF,
        date: today(),
        amount: 70_000,
        fromResultsUpTo2025: true,
        approvedOn: '2026-01-20',
      },
    })
    expect(ok.status).toBe(201)
    expect(ok.body.data.irrf).toBe(0)
  })

  it('refuses a stranger, a future day, and a MEI', async () => {
    const stranger = await server.call('POST', `/companies/${ANA_ID}/profits/distributions`, {
      as: ANA,
      body: { partnerId: '11144477735', date: today(), amount: 1_000 },
    })
    expect(stranger.status).toBe(400)
    const future = await server.call('POST', `/companies/${ANA_ID}/profits/distributions`, {
      as: ANA,
      body: { partnerId: ANA_CPF, date: `${year() + 1}-01-02`, amount: 1_000 },
    })
    expect(future.status).toBe(400)
    const mei = await server.call('GET', `/companies/${MEI_ID}/profits/${year()}`, { as: ADMIN })
    expect(mei.status).toBe(409)
    const other = await server.call('GET', `/companies/${ANA_ID}/profits/${year()}`, { as: BRUNO })
    expect(other.status).toBe(403)
  })

  it("the books' higher profit becomes the limit, with its source", async () => {
    const res = await server.call('PUT', `/companies/${ANA_ID}/profits/${year()}/books`, {
      as: ADMIN,
      body: { profit: 900_000, source: `Balancete de ${today()}`, upTo: today() },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ basis: 'books', exemptLimit: 900_000 })
    expect(res.body.data.books.source).toMatch(/Balancete/)
    const cleared = await server.call('DELETE', `/companies/${ANA_ID}/profits/${year()}/books`, {
      as: ADMIN,
    })
    expect(cleared.body.data.basis).toBe('presumption')
  })
})

describe('income reports', () => {
  it("last year's report: the payroll's pró-labore, INSS and IRRF, and the profits (PDF in the model's blocks)", async () => {
    const y = year() - 1
    const res = await server.call('GET', `/companies/${ANA_ID}/income-reports/${y}`, { as: ANA })
    expect(res.status).toBe(200)
    const report = res.body.data
    const [ana] = report.partners
    const payrolls = server.store.data.payrolls.filter(
      (p: { companyId: string; period: string }) =>
        p.companyId === ANA_ID && p.period.startsWith(`${y}-`),
    )
    const proLabore = payrolls.reduce(
      (total: number, p: { partners: { amount: number }[] }) =>
        total + cents(p.partners[0]!.amount),
      0,
    )
    expect(cents(ana.proLabore)).toBe(proLabore)
    expect(report.yearOver).toBe(true)
    const pdf = await fetch(`${server.url}/companies/${ANA_ID}/income-reports/${y}/${ANA_CPF}`, {
      headers: { Authorization: `Bearer ${await signIn(ANA)}` },
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(await pdf.arrayBuffer())
    expect(text).toContain('Comprovante de Rendimentos Pagos')
    expect(text).toContain('Ana Paula Ribeiro')
    expect(text).toContain('529.982.247-25')
    expect(text).toMatch(/3\. Rendimentos tributáveis/)
    expect(text).toMatch(/6\. Valores pagos ao titular ou sócio/)
  })

  it('the accountant sends them once the year is over', async () => {
    const early = await server.call('POST', `/companies/${ANA_ID}/income-reports/${year()}/send`, {
      as: ADMIN,
    })
    expect(early.status).toBe(409)
    const sent = await server.call(
      'POST',
      `/companies/${ANA_ID}/income-reports/${year() - 1}/send`,
      { as: ADMIN },
    )
    expect(sent.status).toBe(200)
    expect(sent.body.data.sentAt).not.toBeNull()
  })
})

describe('the DEFIS and the DASN-SIMEI', () => {
  it("ana's DEFIS of last year: completed, delivered with its receipt, the late fine; the queue follows", async () => {
    const y = year() - 1
    const before = await server.call('GET', `/companies/${ANA_ID}/defis/${y}`, { as: ADMIN })
    expect(before.status).toBe(200)
    const defis = before.body.data
    expect(defis.missing.map((m: { code: string }) => m.code)).toContain('cashStart-missing')
    const refused = await server.call('POST', `/companies/${ANA_ID}/defis/${y}/deliver`, {
      as: ADMIN,
      body: { receipt: '12345678901234' },
    })
    expect(refused.status).toBe(409)
    const completion = {
      cashStart: 500,
      cashEnd: 1_500,
      bankStart: 10_000,
      bankEnd: 18_500,
      stockStart: 0,
      stockEnd: 0,
      purchases: 0,
      employeesStart: 0,
      employeesEnd: 0,
      otherMonths: defis.months.missing.length
        ? { months: defis.months.missing, revenue: 120_000, das: 7_200, irpj: 288 }
        : null,
    }
    const put = await server.call('PUT', `/companies/${ANA_ID}/defis/${y}`, {
      as: ADMIN,
      body: completion,
    })
    expect(put.status).toBe(200)
    expect(put.body.data.missing).toEqual([])
    const delivered = await server.call('POST', `/companies/${ANA_ID}/defis/${y}/deliver`, {
      as: ADMIN,
      body: { receipt: '12345678901234' },
    })
    expect(delivered.status).toBe(200)
    const result = delivered.body.data
    expect(result.status).toBe('delivered')
    const fine = defisLateFine(y, cents(result.das), today())
    expect(result.delivery.fine?.fine ?? null).toBe(fine ? fine.fine / 100 : null)
    const queue = await server.call('GET', `/year-end/${y}?status=delivered&query=ana`, {
      as: ADMIN,
    })
    expect(queue.body.data.map((row: { company: { id: string } }) => row.company.id)).toEqual([
      ANA_ID,
    ])
    const again = await server.call('PUT', `/companies/${ANA_ID}/defis/${y}`, {
      as: ADMIN,
      body: completion,
    })
    expect(again.status).toBe(409)
  })

  it("marcelo's DASN-SIMEI: the opening year's limit, completed and delivered", async () => {
    const y = year() - 1
    const res = await server.call('GET', `/companies/${MEI_ID}/dasn-simei/${y}`, { as: ADMIN })
    expect(res.status).toBe(200)
    expect(res.body.data.limit).toBe(meiLimitFor(y, '2025-06-18'))
    // Answered in the seed: no employee, R$ 9.800 without an invoice.
    expect(res.body.data.missing).toEqual([])
    expect(res.body.data.revenue.services).toBe(res.body.data.fromProduct.services + 9_800)
    const put = await server.call('PUT', `/companies/${MEI_ID}/dasn-simei/${y}`, {
      as: ADMIN,
      body: { hadEmployee: false, otherRevenue: { commerce: 0, industry: 0, services: 12_000 } },
    })
    expect(put.body.data.revenue.services).toBe(put.body.data.fromProduct.services + 12_000)
    const delivered = await server.call('POST', `/companies/${MEI_ID}/dasn-simei/${y}/deliver`, {
      as: ADMIN,
      body: { receipt: '99887766554433' },
    })
    expect(delivered.status).toBe(200)
    const dasn = delivered.body.data
    const fine = dasnSimeiLateFine(y, cents(dasn.taxesDeclared), today())
    expect(dasn.delivery.fine?.fine ?? null).toBe(fine ? fine.fine / 100 : null)
  })

  it("a year whose minimum wage is not published: marcelo's DASN-SIMEI is refused, saying so, and nothing is kept", () => {
    // The first year src/kernel/tax/parameters.ts lacks, on a day of its January: marcelo is
    // active then, so its DAS-MEI cannot be told.
    const unpublished = Math.max(...yearsWith('minimumWage')) + 1
    const day = `${unpublished}-01-15`
    const company = server.store.byId('companies', MEI_ID)!
    const message = new UnknownTaxYear(unpublished, 'minimumWage').message
    expect(() => dasnView(server.store, company, unpublished, day)).toThrow(message)
    const before = server.store.snapshot()
    const completion = {
      hadEmployee: false,
      otherRevenue: { commerce: 0, industry: 0, services: 1 },
    }
    expect(() =>
      completeDasn(server.store, MEI_ID, unpublished, completion, `${day}T12:00:00.000Z`, day),
    ).toThrow(message)
    expect(server.store.snapshot()).toEqual(before)
  })

  it('the company may not deliver; only the accountant', async () => {
    const res = await server.call('POST', `/companies/${MEI_ID}/dasn-simei/${year() - 1}/deliver`, {
      as: 'marcelo.techfix.jp@gmail.com',
      body: { receipt: '99887766554433' },
    })
    expect(res.status).toBe(403)
  })
})

describe('the year-end queue', () => {
  it('lists every client company, by name, from the rows the writes keep; a month close updates its row', async () => {
    const y = year()
    const page = await server.call('GET', `/year-end/${y}?limit=100`, { as: ADMIN })
    expect(page.status).toBe(200)
    const names = page.body.data.map((row: { company: { name: string } }) => row.company.name)
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')))
    const mei = page.body.data.find((row: { company: { id: string } }) => row.company.id === MEI_ID)
    expect(mei).toMatchObject({ declaration: 'dasn-simei', regime: 'mei' })
    const period = addMonths(today().slice(0, 7), -3)
    if (period.startsWith(`${y}-`)) {
      const closed = await server.call('POST', `/companies/${MEI_ID}/simples/${period}/close`, {
        as: ADMIN,
      })
      expect(closed.status).toBe(200)
      const after = await server.call('GET', `/year-end/${y}?query=marcelo`, { as: ADMIN })
      expect(after.body.data[0].monthsClosed).toBe(mei.monthsClosed + 1)
    }
  })

  it('filters by status and searches by CNPJ', async () => {
    const y = year() - 1
    const late = await server.call('GET', `/year-end/${y}?status=late`, { as: ADMIN })
    expect(late.body.data.every((row: { status: string }) => row.status === 'late')).toBe(true)
    const byCnpj = await server.call('GET', `/year-end/${y}?query=45.218.739`, { as: ADMIN })
    expect(byCnpj.body.data.map((row: { company: { id: string } }) => row.company.id)).toEqual([
      ANA_ID,
    ])
    const forbidden = await server.call('GET', `/year-end/${y}`, { as: ANA })
    expect(forbidden.status).toBe(403)
  })
})
