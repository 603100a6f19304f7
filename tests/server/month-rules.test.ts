import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { todayInBrazil } from '../../src/schemas/finance-common'
import {
  addMonths,
  dasDueDate,
  dctfWebDueDate,
  employeeOf,
  fgtsDueDate,
  lastDayOf,
  proLaboreOf,
} from '../../src/kernel/tax'
import { yearsWith } from '../../src/kernel/tax/parameters'
import { ADMIN, ANA } from './finance-callers'
import { signIn, startTestServer, type TestServer } from './harness'
import { pdfText } from './pdf-text'

// The month right for every year and every payroll, on the server: employees on the payroll
// (their DARF and FGTS guide, each one's payslip as a PDF that prints any name), payroll periods
// within the company's life, the revenue before us counted in RBT12, the Selic read from the
// Banco Central's stand-in, and one guide per recalculation day.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ANA_ID = 'cmp-ana-design'
const PARTNER = '52998224725'
const current = () => todayInBrazil().slice(0, 7)
const last = () => addMonths(current(), -1)
const cents = (reais: number) => Math.round(reais * 100)
const reais = (value: number) => value / 100

const LUKASZ = { name: 'Łukasz Nowak', cpf: '11144477735', salary: 3_000, dependents: 0 }

const payroll = (period: string, body: unknown, as = ADMIN) =>
  server.call('PUT', `/companies/${ANA_ID}/payroll/${period}`, { as, body })

describe('employees on the payroll', () => {
  it('each employee answers INSS, IRRF, FGTS and net by the year; the month closes with the DARF (partners and employees) and the FGTS guide; the payslip PDF prints "Łukasz"', async () => {
    const period = last()
    const saved = await payroll(period, {
      proLabore: [{ partnerId: PARTNER, amount: 8_500 }],
      employees: [LUKASZ],
    })
    expect(saved.status).toBe(200)
    const employee = employeeOf(period, cents(3_000))
    const partner = proLaboreOf(period, cents(8_500))
    expect(saved.body.data.employees).toEqual([
      {
        ...LUKASZ,
        inss: reais(employee.inss),
        irrf: reais(employee.irrf),
        fgts: 240,
        net: reais(employee.net),
      },
    ])
    expect(saved.body.data).toMatchObject({
      salaries: 3_000,
      fgts: 240,
      employeesInss: reais(employee.inss),
      darf: reais(partner.inss + partner.irrf + employee.inss + employee.irrf),
      fatorRPayroll: 8_500 + 3_000 + 240,
      fgtsDueDate: fgtsDueDate(period),
    })

    const closed = await server.call('POST', `/companies/${ANA_ID}/simples/${period}/close`, {
      as: ADMIN,
    })
    expect(closed.status).toBe(200)
    const after = await server.call('GET', `/companies/${ANA_ID}/payroll/${period}`, { as: ANA })
    const kinds = after.body.data.guides.map((g: { kind: string; amount: number }) => [
      g.kind,
      g.amount,
    ])
    expect(kinds).toEqual([
      ['DARF', reais(partner.inss + partner.irrf + employee.inss + employee.irrf)],
      ['FGTS', 240],
    ])
    const fgts = after.body.data.guides[1]
    expect(fgts.dueDate).toBe(fgtsDueDate(period))
    const darf = after.body.data.guides[0]
    expect(darf.dueDate).toBe(dctfWebDueDate(period))

    const slip = await fetch(
      `${server.url}/companies/${ANA_ID}/payroll/${period}/receipts?cpf=${LUKASZ.cpf}`,
      { headers: { Authorization: `Bearer ${await signIn(ANA)}` } },
    )
    expect(slip.status).toBe(200)
    expect(slip.headers.get('content-type')).toContain('application/pdf')
    const text = await pdfText(await slip.arrayBuffer())
    expect(text).toContain('HOLERITE')
    expect(text).toContain('Łukasz Nowak')
    expect(text).toContain('248,60')
    expect(text).not.toContain('RECIBO DE PRÓ-LABORE')
  })

  it('salaries are the employees’ sum: a total without them is refused, naming the rule', async () => {
    const res = await payroll(last(), { proLabore: [], salaries: 1_000, fgts: 0 })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('soma dos salários dos empregados')
  })

  it('an employee with an invalid CPF or the same CPF twice is refused', async () => {
    const bad = await payroll(last(), {
      proLabore: [],
      employees: [{ ...LUKASZ, cpf: '12345678900' }],
    })
    expect(bad.status).toBe(400)
    const twice = await payroll(last(), { proLabore: [], employees: [LUKASZ, LUKASZ] })
    expect(twice.status).toBe(400)
    expect(twice.body.message).toContain('Cada empregado aparece uma vez')
  })

  it('the month asks for the employees of the month before when its payroll is missing', async () => {
    const before = addMonths(last(), -1)
    // The month before has an employee (the seed closed it: write it as if entered then).
    server.store.write(() => {
      const record = server.store.payrolls.get(`${ANA_ID}:${before}`)!
      server.store.payrolls.put({
        ...record,
        employees: [{ ...LUKASZ, inss: 248.6, irrf: 0, fgts: 240, net: 2_751.4 }],
      })
    })
    const month = await server.call('GET', `/companies/${ANA_ID}/simples/${last()}`, { as: ADMIN })
    const missing = month.body.data.missing.find(
      (m: { code: string }) => m.code === 'payroll-missing',
    )
    expect(missing.message).toContain('o empregado do mês anterior')
  })
})

describe('payroll periods within the company’s life', () => {
  it('after next month, before the start of activity (27/02/2025) or year 0000: refused in pt-BR', async () => {
    const late = await payroll('9999-12', { proLabore: [] })
    expect(late.status).toBe(400)
    expect(late.body.message).toContain('a folha vai até o mês que vem')
    const early = await payroll('0000-01', { proLabore: [] })
    expect(early.status).toBe(400)
    expect(early.body.message).toContain('anterior ao início de atividade')
    const january = await payroll('2025-01', { proLabore: [] })
    expect(january.status).toBe(400)
    expect(january.body.message).toContain('02/2025')
    // Next month is within the payroll's life. In December it opens a year whose minimum wage
    // and INSS table are not published yet (src/kernel/tax/parameters.ts): the refusal then names
    // that year, never the period rule.
    const next = addMonths(current(), 1)
    const year = Number(next.slice(0, 4))
    const nextMonth = await payroll(next, { proLabore: [] })
    if (yearsWith('minimumWage').includes(year) && yearsWith('inss').includes(year))
      expect(nextMonth.status, nextMonth.text).toBe(200)
    else {
      expect(nextMonth.status).toBe(409)
      expect(nextMonth.body.message).toContain(`Os valores de ${year} para`)
    }
  })
})

describe('the company’s RAT and FAP', () => {
  it('the accountant sets them; a client may not; out of range is refused', async () => {
    const set = await server.call('PUT', `/companies/${ANA_ID}/payroll-risk`, {
      as: ADMIN,
      body: { rat: 3, fap: 1.5 },
    })
    expect(set.status).toBe(200)
    expect(server.store.companies.get(ANA_ID)!.payrollRisk).toEqual({ rat: 3, fap: 1.5 })
    const view = await server.call('GET', `/companies/${ANA_ID}/payroll/${last()}`, { as: ANA })
    expect(view.body.data.risk).toMatchObject({
      needed: false,
      rat: 3,
      ratFrom: 'company',
      fap: 1.5,
    })
    const client = await server.call('PUT', `/companies/${ANA_ID}/payroll-risk`, {
      as: ANA,
      body: { rat: 1, fap: 1 },
    })
    expect(client.status).toBe(403)
    const wrong = await server.call('PUT', `/companies/${ANA_ID}/payroll-risk`, {
      as: ADMIN,
      body: { rat: 3, fap: 2.5 },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toContain('FAP')
  })
})

describe('revenue before us', () => {
  // 5 months ago: its RBT12 window reaches back before ana's first invoice here (10/2025), to
  // months of activity since 02/2025 that the product has no revenue for.
  const period = () => addMonths(current(), -5)

  it('the month lists the window’s months without data and will not close; declared by the accountant, RBT12 counts them', async () => {
    const before = await server.call('GET', `/companies/${ANA_ID}/simples/${period()}`, {
      as: ADMIN,
    })
    expect(before.status).toBe(200)
    const missingMonths: string[] = before.body.data.missingMonths
    const history = await server.call('GET', `/companies/${ANA_ID}/revenue-history`, { as: ANA })
    expect(history.status).toBe(200)
    const first = history.body.data.firstMonthWithUs as string
    expect(missingMonths.length).toBeGreaterThan(0)
    for (const month of missingMonths) expect(month < first).toBe(true)
    expect(before.body.data.missing.map((m: { code: string }) => m.code)).toContain(
      'revenue-history-missing',
    )
    const months = missingMonths.map((month) => ({ period: month, amount: 20_000 }))
    expect(
      (
        await server.call('PUT', `/companies/${ANA_ID}/revenue-history`, {
          as: ANA,
          body: { months },
        })
      ).status,
    ).toBe(403)
    const saved = await server.call('PUT', `/companies/${ANA_ID}/revenue-history`, {
      as: ADMIN,
      body: { months },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data.months).toEqual(months)
    const after = await server.call('GET', `/companies/${ANA_ID}/simples/${period()}`, {
      as: ADMIN,
    })
    expect(after.body.data.missingMonths).toEqual([])
    expect(after.body.data.rbt12).toBeCloseTo(before.body.data.rbt12 + 20_000 * months.length, 2)
    expect(after.body.data.missing.map((m: { code: string }) => m.code)).not.toContain(
      'revenue-history-missing',
    )
  })

  it('a month the product has, or one before the start of activity, is refused naming it', async () => {
    const history = (
      await server.call('GET', `/companies/${ANA_ID}/revenue-history`, { as: ADMIN })
    ).body.data
    const withUs = await server.call('PUT', `/companies/${ANA_ID}/revenue-history`, {
      as: ADMIN,
      body: { months: [{ period: history.firstMonthWithUs, amount: 1 }] },
    })
    expect(withUs.status).toBe(400)
    expect(withUs.body.message).toContain('já vem deste sistema')
    const early = await server.call('PUT', `/companies/${ANA_ID}/revenue-history`, {
      as: ADMIN,
      body: { months: [{ period: '2025-01', amount: 1 }] },
    })
    expect(early.status).toBe(400)
    expect(early.body.message).toContain('anterior ao início de atividade')
  })
})

describe('the Selic from the Banco Central', () => {
  it('the stand-in answers series 4390 as the SGS does; other series are not there', async () => {
    const res = await fetch(
      `${server.url}/banco-central/dados/serie/bcdata.sgs.4390/dados?formato=json&dataInicial=01/07/2025&dataFinal=31/08/2025`,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      { data: '01/07/2025', valor: '1.28' },
      { data: '01/08/2025', valor: '1.16' },
    ])
    expect(
      (await fetch(`${server.url}/banco-central/dados/serie/bcdata.sgs.432/dados?formato=json`))
        .status,
    ).toBe(404)
  })

  it('a guide due three months ago paid at the month’s end: refused naming the Selic months the product lacks; after reading the Banco Central, quoted with them', async () => {
    // ana's DAS of four months ago, left unpaid; the product without the last two months' Selic.
    const due = dasDueDate(addMonths(current(), -4))
    const needed = [addMonths(current(), -2), addMonths(current(), -1)]
    server.store.write(() => {
      const das = server.store.documents.get('doc-ana-das-3')!
      server.store.documents.update({ ...das, status: 'pending', paidAt: null })
      for (const month of needed) server.store.selicMonths.remove(month)
    })
    expect(server.store.documents.get('doc-ana-das-3')!.guia!.dueDate).toBe(due)
    const day = lastDayOf(current())
    const url = `/companies/${ANA_ID}/guides/doc-ana-das-3/late-payment?paymentDate=${day}`
    const refused = await server.call('GET', url, { as: ANA })
    expect(refused.status).toBe(409)
    for (const month of needed)
      expect(refused.body.message).toContain(`${month.slice(5)}/${month.slice(0, 4)}`)
    const read = await server.call('POST', '/selic/refresh', { as: ADMIN })
    expect(read.status).toBe(200)
    expect(read.body.data.lastRead.ok).toBe(true)
    const origins = Object.fromEntries(
      read.body.data.months.map((m: { month: string; origin: string }) => [m.month, m.origin]),
    )
    for (const month of needed) expect(origins[month]).toBe('banco-central')
    const quoted = await server.call('GET', url, { as: ANA })
    expect(quoted.status).toBe(200)
    expect(quoted.body.data.selicMonths).toEqual(needed)
  })

  it('the accountant adds a month the product lacks, with its source; not one that has not ended, nor over the Banco Central’s', async () => {
    const month = addMonths(current(), -1)
    server.store.write(() => server.store.selicMonths.remove(month))
    const added = await server.call('POST', '/selic', {
      as: ADMIN,
      body: {
        month,
        rate: 1.15,
        source: 'Receita Federal, tabela da taxa Selic, lida em dezembro',
      },
    })
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ month, rate: 1.15, origin: 'accountant' })
    const future = await server.call('POST', '/selic', {
      as: ADMIN,
      body: { month: current(), rate: 1, source: 'Banco Central, série 4390' },
    })
    expect(future.status).toBe(400)
    await server.call('POST', '/selic/refresh', { as: ADMIN })
    const over = await server.call('POST', '/selic', {
      as: ADMIN,
      body: { month, rate: 1.2, source: 'Banco Central, série 4390' },
    })
    expect(over.status).toBe(409)
    expect((await server.call('GET', '/selic', { as: ANA })).status).toBe(403)
  })
})

describe('one guide per recalculation day', () => {
  it('three requests for the same payment day answer one guide: one debt, not three', async () => {
    const today = todayInBrazil()
    const url = `/companies/${ANA_ID}/guides/doc-ana-darf/late-payment`
    const first = await server.call('POST', url, { as: ANA, body: { paymentDate: today } })
    const second = await server.call('POST', url, { as: ANA, body: { paymentDate: today } })
    const third = await server.call('POST', url, { as: ADMIN, body: { paymentDate: today } })
    expect(first.status).toBe(201)
    expect(second.status).toBe(200)
    expect(third.status).toBe(200)
    const ids = [first, second, third].map((res) => res.body.data.guide.documentId)
    expect(new Set(ids).size).toBe(1)
    expect(server.store.taxGuides.find({ where: { replaces: 'doc-ana-darf' } })).toHaveLength(1)
    const guides = await server.call('GET', `/companies/${ANA_ID}/guides`, { as: ANA })
    expect(
      guides.body.data.filter((g: { replaces: string | null }) => g.replaces === 'doc-ana-darf'),
    ).toHaveLength(1)
  })
})
