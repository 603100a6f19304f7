import { describe, expect, it } from 'vitest'
import type { NfsRequest, NfsScheduler } from '../../src/schemas/invoice'
import { NOT_OFX_MESSAGE, parseOfx } from '../../mock-server/domain/bank/ofx'
import { runDateOf, runSchedules } from '../../mock-server/domain/invoices/schedules'
import {
  loadStatementProfiles,
  statementMonth,
} from '../../mock-server/stand-ins/cora/statement-generator'
import { seedFinance } from '../../mock-server/seed/finance'

const taker: NfsScheduler['taker'] = {
  document: '66769352000114',
  name: 'Café Bom Grão Comércio Ltda',
  email: 'marketing@cafebomgrao.com.br',
  address: {
    zipCode: '05435000',
    state: 'SP',
    city: 'São Paulo',
    street: 'Rua Harmonia',
    number: '321',
    complement: '',
    neighborhood: 'Vila Madalena',
  },
}
const scheduler = (over: Partial<NfsScheduler> = {}): NfsScheduler => ({
  id: 'sch-1',
  companyId: 'cmp-1',
  cnpj: '45218739000102',
  dayOfMonth: 31,
  totalValue: 1000,
  serviceDescription: 'Mensalidade de design',
  serviceCode: '23.01',
  taxationCode: '230101',
  municipalityCode: '3550308',
  municipalityName: 'São Paulo/SP',
  issWithheld: false,
  issTaxation: 'taxable',
  taker,
  active: true,
  lastRunMonth: null,
  createdAt: '2025-12-01T13:00:00.000Z',
  ...over,
  updatedAt: '2025-12-01T13:00:00.000Z',
})
const companies = [{ id: 'cmp-1', status: 'active' as const }]
// Noon in Brazil on a given day.
const at = (day: string) => new Date(`${day}T12:00:00-03:00`)

describe('runSchedules', () => {
  it('uses the last day of shorter months for dayOfMonth 31', () => {
    expect(runDateOf('2026-02', 31)).toBe('2026-02-28')
    expect(runDateOf('2028-02', 30)).toBe('2028-02-29')
    expect(runDateOf('2026-04', 31)).toBe('2026-04-30')
    expect(runDateOf('2026-05', 31)).toBe('2026-05-31')
    expect(runDateOf('2026-05', 1)).toBe('2026-05-01')
  })

  it('makes one pending request per month up to today, and nothing more when run again', () => {
    const data = { companies, nfsSchedulers: [scheduler()], nfsRequests: [] as NfsRequest[] }
    const run = runSchedules(data, at('2026-03-15'))
    expect(run.created.map((r) => r.date)).toEqual(['2025-12-31', '2026-01-31', '2026-02-28'])
    expect(
      run.created.every(
        (r) => r.status === 'pending' && r.schedulerId === 'sch-1' && r.totalValue === 1000,
      ),
    ).toBe(true)
    expect(run.handled).toEqual([{ schedulerId: 'sch-1', lastRunMonth: '2026-02' }])
    // Idempotent: by the month marker and by the request id.
    const after = {
      ...data,
      nfsSchedulers: [scheduler({ lastRunMonth: '2026-02' })],
      nfsRequests: run.created,
    }
    expect(runSchedules(after, at('2026-03-20'))).toEqual({ created: [], handled: [] })
    expect(runSchedules({ ...data, nfsRequests: run.created }, at('2026-03-15')).created).toEqual(
      [],
    )
    // The March run comes on the 31st.
    expect(runSchedules(after, at('2026-03-31')).created.map((r) => r.date)).toEqual(['2026-03-31'])
  })

  it("catches up at most 24 months, counted from today's month in Brazil (23:30 on 30 November)", () => {
    // 23:30 in São Paulo on 30 November is 1 December in UTC: the 24 months end in November.
    const lateNight = new Date('2026-11-30T23:30:00-03:00')
    const old = scheduler({ dayOfMonth: 30, createdAt: '2020-01-01T13:00:00.000Z' })
    const run = runSchedules({ companies, nfsSchedulers: [old], nfsRequests: [] }, lateNight)
    const months = run.created.map((r) => r.date.slice(0, 7))
    expect(months[0]).toBe('2024-11')
    expect(months.at(-1)).toBe('2026-11')
    expect(months).toHaveLength(25)
    expect(run.handled).toEqual([{ schedulerId: 'sch-1', lastRunMonth: '2026-11' }])
  })

  it('skips the month a schedule started after its day, inactive schedules and disabled companies', () => {
    const late = scheduler({ dayOfMonth: 5, createdAt: '2026-03-10T13:00:00.000Z' })
    const run = runSchedules(
      { companies, nfsSchedulers: [late], nfsRequests: [] },
      at('2026-04-06'),
    )
    expect(run.created.map((r) => r.date)).toEqual(['2026-04-05'])
    expect(run.handled).toEqual([{ schedulerId: 'sch-1', lastRunMonth: '2026-04' }])
    expect(
      runSchedules(
        { companies, nfsSchedulers: [scheduler({ active: false })], nfsRequests: [] },
        at('2026-04-06'),
      ).created,
    ).toEqual([])
    const disabled = [{ id: 'cmp-1', status: 'disabled' as const }]
    expect(
      runSchedules(
        { companies: disabled, nfsSchedulers: [scheduler()], nfsRequests: [] },
        at('2026-04-06'),
      ).created,
    ).toEqual([])
  })

  it('does not touch its input', () => {
    const data = { companies, nfsSchedulers: [scheduler()], nfsRequests: [] as NfsRequest[] }
    const copy = JSON.parse(JSON.stringify(data))
    runSchedules(data, at('2026-06-01'))
    expect(data).toEqual(copy)
  })
})

describe('parseOfx', () => {
  const sgml = (body: string) =>
    Buffer.from(`OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>${body}</OFX>`, 'latin1')

  it('reads a statement written on one line, with comma decimals and Latin-1 text', () => {
    const statement = parseOfx(
      sgml(
        '<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>341<BRANCHID>0912<ACCTID>45872-3<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20261001<DTEND>20261031<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261010<TRNAMT>-1.234,56<FITID>A1<MEMO>PAGTO ALUGUEL SALA 3 - AÇÃO</STMTTRN><STMTTRN><TRNTYPE>XYZ<DTPOSTED>20261011<TRNAMT>10.00<NAME>PIX<MEMO>JOÃO</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>',
      ),
    )
    expect(statement).toMatchObject({
      bankId: '341',
      branch: '0912',
      accountNumber: '45872-3',
      start: '2026-10-01',
      end: '2026-10-31',
      invalid: 0,
    })
    expect(statement.entries).toEqual([
      {
        fitId: 'A1',
        date: '2026-10-10',
        amount: -1234.56,
        type: 'DEBIT',
        description: 'PAGTO ALUGUEL SALA 3 - AÇÃO',
        checkNumber: null,
      },
      {
        fitId: expect.stringMatching(/^gen-/),
        date: '2026-10-11',
        amount: 10,
        type: 'OTHER',
        description: 'PIX - JOÃO',
        checkNumber: null,
        // No FITID: it is matched against the account by date, amount and description.
        matchByContent: true,
      },
    ])
  })

  it('gives entries without a FITID a stable one, and counts unreadable entries', () => {
    const body =
      '<BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><BANKID>1<ACCTID>9</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>FEE<DTPOSTED>20261001<TRNAMT>-5<MEMO>TARIFA</STMTTRN><STMTTRN><TRNTYPE>FEE<DTPOSTED>20261001<TRNAMT>-5<MEMO>TARIFA</STMTTRN><STMTTRN><TRNTYPE>FEE<DTPOSTED>ontem<TRNAMT>-5<MEMO>X</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>'
    const first = parseOfx(sgml(body))
    const second = parseOfx(sgml(body))
    expect(first.entries).toHaveLength(2)
    expect(first.invalid).toBe(1)
    expect(first.entries[0]!.fitId).not.toBe(first.entries[1]!.fitId)
    expect(first.entries.map((e) => e.fitId)).toEqual(second.entries.map((e) => e.fitId))
  })

  it('refuses what is not a bank statement in OFX', () => {
    for (const text of [
      '',
      'hello',
      '%PDF-1.7',
      '<html><body>OFX</body></html>',
      'OFXHEADER:100\n\nsem corpo',
    ])
      expect(() => parseOfx(Buffer.from(text))).toThrow(NOT_OFX_MESSAGE)
    expect(() =>
      parseOfx(sgml('<CREDITCARDMSGSRSV1><CCSTMTTRNRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>')),
    ).toThrow(/cartão de crédito/)
    expect(() =>
      parseOfx(sgml('<BANKMSGSRSV1><STMTTRNRS><STMTRS></STMTRS></STMTTRNRS></BANKMSGSRSV1>')),
    ).toThrow(/BANKID e ACCTID/)
  })
})

describe('statement fixtures', () => {
  it('are the same for the same account and month, whatever else is generated', () => {
    const profile = loadStatementProfiles()['servicos-principal']!
    const parties = {
      company: 'ANA DESIGN LTDA',
      owner: 'ANA PAULA RIBEIRO',
      takers: ['PADARIA PAO DOURADO LTDA'],
    }
    const a = statementMonth(profile, parties, '403:1-1', '2026-03')
    const b = statementMonth(profile, parties, '403:1-1', '2026-03')
    expect(a).toEqual(b)
    expect(new Set(a.map((e) => e.fitId)).size).toBe(a.length)
    expect(
      statementMonth(profile, parties, '403:1-1', '2026-03', '2026-03-10').every(
        (e) => e.date <= '2026-03-10',
      ),
    ).toBe(true)
    expect(statementMonth(profile, parties, '403:2-2', '2026-03')).not.toEqual(a)
  })

  it('seed the last 14 months, valid by the schemas, the same twice on one day', () => {
    const now = new Date('2026-11-21T15:00:00Z')
    const one = seedFinance(now)
    expect(JSON.stringify(seedFinance(now))).toBe(JSON.stringify(one))
    const ana = one.bankTransactions.filter((t) => t.companyId === 'cmp-ana-design')
    expect(ana.length).toBeGreaterThan(1000)
    const months = new Set(ana.map((t) => t.date.slice(0, 7)))
    expect(months.size).toBe(14)
    expect(
      ana.some((t) => t.taxCategoryId === null) && ana.some((t) => t.taxCategoryId !== null),
    ).toBe(true)
    for (const description of [
      'PIX RECEBIDO',
      'PRO-LABORE',
      'DAS SIMPLES NACIONAL',
      'ALUGUEL',
      'TAR',
      'TED RECEBIDA',
    ])
      expect(
        ana.some((t) => t.description.includes(description)),
        description,
      ).toBe(true)
    const statuses = new Set(
      one.nfsRequests.filter((r) => r.companyId === 'cmp-ana-design').map((r) => r.status),
    )
    expect(statuses).toEqual(new Set(['pending', 'processing', 'issued', 'rejected']))
    const issued = one.nfsRequests
      .filter((r) => r.companyId === 'cmp-ana-design' && r.number !== null)
      .map((r) => r.number)
    expect([...issued].sort((x, y) => x! - y!)).toEqual(issued.map((_, i) => i + 1))
  })
})
