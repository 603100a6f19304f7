import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listOf, recordOf } from '../../src/schemas/common'
import { aliasSuggestionSchema, cnaeMatchSchema } from '../../src/schemas/assistant'
import type { BankTransaction } from '../../src/schemas/bank'
import type { Company } from '../../src/schemas/company'
import { todayInBrazil } from '../../src/schemas/finance-common'
import type { NfsRequest } from '../../src/schemas/invoice'
import { anualBillingSchema, billingByCategorySchema } from '../../src/schemas/report'
import { ANA, BRUNO, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const cents = (values: number[]) =>
  Math.round(values.reduce((sum, v) => sum + Math.round(v * 100), 0)) / 100

describe('GET /reports/anual-billing-by-company', () => {
  it('sums issued invoices per month over the last 12 months', async () => {
    const res = await server.call('GET', `/reports/anual-billing-by-company?${OWN}`, { as: ANA })
    expect(res.status).toBe(200)
    const { data } = recordOf(anualBillingSchema).parse(res.body)
    expect(data.months).toHaveLength(12)
    expect(data.months[11]!.month).toBe(todayInBrazil().slice(0, 7))
    const issued = server.store.data.nfsRequests.filter(
      (r: NfsRequest) => r.companyId === 'cmp-ana-design' && r.status === 'issued',
    )
    for (const row of data.months) {
      const ofMonth = issued.filter((r: NfsRequest) => r.date.startsWith(row.month))
      expect(row).toEqual({
        month: row.month,
        total: cents(ofMonth.map((r: NfsRequest) => r.totalValue)),
        count: ofMonth.length,
      })
    }
    expect(data.total).toBe(cents(data.months.map((m) => m.total)))
    expect(data.total).toBeGreaterThan(0)
    expect(data.mei).toBeNull()
  })

  it('shows the MEI limit and how much of it is used this year', async () => {
    const company = server.store.data.companies.find((c: Company) => c.id === 'cmp-ana-design')!
    company.size = 'MEI'
    server.store.write(() => server.store.companies.update(company))
    const res = await server.call('GET', `/reports/anual-billing-by-company?${OWN}`, { as: ANA })
    const year = Number(todayInBrazil().slice(0, 4))
    const used = cents(
      server.store.data.nfsRequests
        .filter(
          (r: NfsRequest) =>
            r.companyId === 'cmp-ana-design' &&
            r.status === 'issued' &&
            r.date.startsWith(String(year)),
        )
        .map((r: NfsRequest) => r.totalValue),
    )
    // Ana's company became active in 2025: the full yearly limit applies.
    expect(res.body.data.mei).toEqual({
      year,
      limit: 81000,
      used,
      remaining: Math.max(0, cents([81000, -used])),
      percentUsed: Math.round((used / 81000) * 1000) / 10,
      exceeded: used > 81000,
    })
    await server.store.reset()
  })

  it('refuses other companies and anonymous callers', async () => {
    expect(
      (await server.call('GET', `/reports/anual-billing-by-company?${OWN}`, { as: BRUNO })).status,
    ).toBe(403)
    expect(
      (
        await server.call('GET', '/reports/anual-billing-by-company?companyId=cmp-nope', {
          as: 'admin@contabil.dev',
        })
      ).status,
    ).toBe(404)
    expect((await server.call('GET', '/reports/anual-billing-by-company')).status).toBe(401)
  })
})

describe('GET /reports/billing-by-category', () => {
  it('sums the transactions of a month or a year by tax category', async () => {
    const anaTransactions = server.store.data.bankTransactions.filter(
      (t: BankTransaction) => t.companyId === 'cmp-ana-design',
    )
    const month = anaTransactions[0]!.date.slice(0, 7)
    for (const period of [month, month.slice(0, 4)]) {
      const res = await server.call('GET', `/reports/billing-by-category?${OWN}&period=${period}`, {
        as: ANA,
      })
      expect(res.status).toBe(200)
      const { data } = recordOf(billingByCategorySchema).parse(res.body)
      const inPeriod = anaTransactions.filter((t: BankTransaction) => t.date.startsWith(period))
      expect(data.totals.count).toBe(inPeriod.length)
      expect(data.totals.credits).toBe(
        cents(
          inPeriod
            .filter((t: BankTransaction) => t.amount > 0)
            .map((t: BankTransaction) => t.amount),
        ),
      )
      expect(data.totals.balance).toBe(cents(inPeriod.map((t: BankTransaction) => t.amount)))
      const rent = data.categories.find((c) => c.taxCategory?.id === 'aluguel')
      const rentTx = inPeriod.filter((t: BankTransaction) => t.taxCategoryId === 'aluguel')
      expect(rent?.count ?? 0).toBe(rentTx.length)
      if (rent) expect(rent.debits).toBe(cents(rentTx.map((t: BankTransaction) => -t.amount)))
      const codes = data.categories.filter((c) => c.taxCategory).map((c) => c.taxCategory!.code)
      expect(codes).toEqual([...codes].sort())
      const uncategorized = inPeriod.filter((t: BankTransaction) => t.taxCategoryId === null)
      if (uncategorized.length > 0)
        expect(data.categories.at(-1)).toMatchObject({
          taxCategory: null,
          count: uncategorized.length,
        })
    }
  })

  it('takes YYYY-MM or YYYY only', async () => {
    for (const period of ['2026-13', '26', '2026-1', '', '2026-10-01']) {
      const res = await server.call('GET', `/reports/billing-by-category?${OWN}&period=${period}`, {
        as: ANA,
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Período inválido (use AAAA-MM ou AAAA)')
    }
    expect(
      (await server.call('GET', `/reports/billing-by-category?${OWN}`, { as: ANA })).status,
    ).toBe(400)
  })
})

describe('POST /luca/cnaes/match', () => {
  const match = async (intent: string, limit?: number) => {
    const res = await server.call('POST', '/luca/cnaes/match', {
      as: ANA,
      body: { intent, ...(limit ? { limit } : {}) },
    })
    expect(res.status).toBe(200)
    return listOf(cnaeMatchSchema).parse(res.body)
  }

  it('finds the subclass for everyday descriptions', async () => {
    const cases: [string, string[]][] = [
      ['sou dentista', ['8630504']],
      ['conserto celulares', ['9512600']],
      ['vendo bolos e doces pela internet', ['4721104', '4721102']],
      ['Faço BOLOS caseiros', ['1091102']],
      ['salão de beleza', ['9602501']],
      ['manutencao de computadores', ['9511800']],
      ['vendo roupas no instagram', ['4781400']],
      ['sou advogada', ['6911701']],
      ['banho e tosa de cachorro', ['9609208']],
      ['aulas de inglês', ['8593700']],
      ['faço unhas', ['9602501']],
      ['conserto de ar condicionado', ['4322302']],
      ['designer gráfico freelancer', ['7410299']],
      ['fotógrafa de casamentos', ['7420001']],
      ['loja de ótica', ['4774100']],
      ['vendo óculos de sol', ['4774100']],
    ]
    for (const [intent, expected] of cases) {
      const top = (await match(intent)).data.slice(0, 3).map((m) => m.code)
      expect(
        top.some((code) => expected.includes(code)),
        `${intent} → ${top.join(', ')}`,
      ).toBe(true)
    }
  })

  it('answers code, formatted code, text, a 0–1 score and the MEI flag, best first', async () => {
    const body = await match('conserto de celulares', 5)
    expect(body.data).toHaveLength(5)
    expect(body.total).toBeGreaterThan(5)
    expect(body.data[0]).toEqual({
      code: '9512600',
      formatted: '9512-6/00',
      text: 'Reparação e manutenção de equipamentos de comunicação',
      score: 1,
      isAllowedMei: true,
    })
    const scores = body.data.map((m) => m.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    // Plurals, case and accents meet the same subclass.
    expect((await match('DENTISTAS')).data[0]!.code).toBe('8630504')
    expect((await match('odontologica')).data[0]!.code).toBe('8630504')
  })

  it('validates the intent', async () => {
    for (const body of [
      {},
      { intent: '' },
      { intent: 'ab' },
      { intent: 'x'.repeat(501) },
      { intent: 42 },
      { intent: 'bolos', extra: 1 },
      { intent: 'bolos', limit: 0 },
    ]) {
      const res = await server.call('POST', '/luca/cnaes/match', { as: ANA, body })
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(res.body.message).toEqual(expect.any(String))
    }
    const short = await server.call('POST', '/luca/cnaes/match', { as: ANA, body: { intent: '' } })
    expect(short.body.message).toBe('Descreva a atividade com pelo menos 3 letras.')
    const long = await server.call('POST', '/luca/cnaes/match', {
      as: ANA,
      body: { intent: 'a'.repeat(501) },
    })
    expect(long.body.message).toBe('Descreva a atividade em até 500 caracteres.')
    expect(
      (await server.call('POST', '/luca/cnaes/match', { body: { intent: 'bolos' } })).status,
    ).toBe(401)
    const nothing = await match('xyzzy qwerty')
    expect(nothing).toEqual({ data: [], total: 0 })
  })
})

describe('POST /luca/companies/alias-suggest', () => {
  it('builds real candidate names from the key words, the trade and the owner', async () => {
    const res = await server.call('POST', '/luca/companies/alias-suggest', {
      as: ANA,
      body: { intent: 'vendo bolos e doces pela internet' },
    })
    expect(res.status).toBe(200)
    const body = listOf(aliasSuggestionSchema).parse(res.body)
    const names = body.data.map((s) => s.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'Bolos & Doces',
        'Bolos da Ana',
        'Casa dos Bolos',
        'Confeitaria Ribeiro',
      ]),
    )
    expect(new Set(names).size).toBe(names.length)
    expect(names.length).toBeLessThanOrEqual(10)
    for (const name of names) expect(name).toMatch(/^[\p{Lu}][\p{L} &]+$/u)

    const dentist = await server.call('POST', '/luca/companies/alias-suggest', {
      as: ANA,
      body: { intent: 'sou dentista', limit: 3 },
    })
    expect(dentist.body.data.map((s: { name: string }) => s.name)).toEqual([
      'Odontologia Ribeiro',
      'Odontologia Ana',
      'Ribeiro Odontologia',
    ])
  })

  it('leaves out names already taken and validates the intent', async () => {
    const res = await server.call('POST', '/luca/companies/alias-suggest', {
      as: ANA,
      body: { intent: 'estúdio de design' },
    })
    const taken = server.store.data.companies.flatMap((c: Company) => [c.name, c.alias])
    for (const s of res.body.data) expect(taken).not.toContain(s.name)
    expect(
      (
        await server.call('POST', '/luca/companies/alias-suggest', {
          as: ANA,
          body: { intent: ' ' },
        })
      ).status,
    ).toBe(400)
  })
})
