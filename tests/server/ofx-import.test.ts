import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BankTransaction } from '../../src/schemas/bank'
import { NOT_OFX_MESSAGE } from '../../mock-server/domain/bank/ofx'
import { ANA, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

// What an OFX import says it did: how many entries became transactions (`imported`), how many
// were already there (`duplicates`: same account and FITID, or — when the FITID is missing or
// repeated inside the file — the same date, amount and description), and how many were dropped as
// dated after the statement's end (DTEND); and how a Windows-1252 file reads.

const BB_1252 = readFileSync(
  new URL('../../fixtures/finance/samples/extrato-bb-sgml.ofx', import.meta.url),
)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.store.reset())

function upload(file: Buffer | string) {
  const bytes = typeof file === 'string' ? Buffer.from(file, 'latin1') : file
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/x-ofx' }), 'x.ofx')
  return server.call('POST', `/bank-statements/ofx/upload?${OWN}`, { as: ANA, raw: form })
}

const transactionsOf = (accountId: string): BankTransaction[] =>
  server.store.data.bankTransactions.filter((t: BankTransaction) => t.accountId === accountId)

type Entry = { fitId?: string; date: string; amount: string; memo: string }

/** A small OFX 1.x statement of account 0077/445566-7, October 2026. */
function statement(entries: Entry[], header = 'CHARSET:1252') {
  const lines = entries.map(
    (e) =>
      `<STMTTRN><TRNTYPE>${e.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${e.date.replaceAll('-', '')}<TRNAMT>${e.amount}${e.fitId ? `<FITID>${e.fitId}` : ''}<MEMO>${e.memo}</STMTTRN>`,
  )
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
${header}

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>077<BRANCHID>0001<ACCTID>445566-7<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261001<DTEND>20261031
${lines.join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`
}

describe('a Windows-1252 statement (Banco do Brasil, CHARSET:1252)', () => {
  it('is really 1252, not UTF-8', () => {
    expect(BB_1252.toString('latin1')).toContain('CHARSET:1252')
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(BB_1252)).toThrow()
  })

  it('imports with its accents, counts what it did, and says all is there the second time', async () => {
    const first = await upload(BB_1252)
    expect(first.status, first.text).toBe(201)
    expect(first.body.data).toMatchObject({ imported: 26, duplicates: 0, dropped: 1 })
    const descriptions = transactionsOf(first.body.data.account.id).map((t) => t.description)
    for (const accented of [
      'PIX RECEBIDO - CONSULTÓRIO DRA. HELENA SOUZA',
      'TARIFA PACOTE DE SERVIÇOS',
      'PAGTO BOLETO - LOCAÇÃO SALA COMERCIAL',
      'PIX RECEBIDO - JOÃO PEDRO ALMEIDA',
      'COMPRA CARTÃO DÉBITO - PAPELARIA DO CENTRO',
    ])
      expect(descriptions).toContain(accented)
    expect(descriptions.join(' ')).not.toMatch(/\uFFFD|Ã\u0093|Ã§/)

    const second = await upload(BB_1252)
    expect(second.body.data).toMatchObject({ imported: 0, duplicates: 26, dropped: 1 })
  })

  it('a UTF-8 file that declares CHARSET:1252 (some banks do) keeps its accents too', async () => {
    const utf8 = Buffer.from(
      statement([{ fitId: 'U1', date: '2026-10-05', amount: '-12.50', memo: 'PADARIA SÃO JOSÉ' }]),
      'utf8',
    )
    const res = await upload(utf8)
    expect(res.body.data.imported).toBe(1)
    expect(transactionsOf(res.body.data.account.id)[0]!.description).toBe('PADARIA SÃO JOSÉ')
  })
})

describe('entries already there', () => {
  it('without FITID: matched by date, amount and memo; two equal payments in a day stay two', async () => {
    const coffee = { date: '2026-10-05', amount: '-6.50', memo: 'CAFETERIA CENTRAL' }
    const rent = { date: '2026-10-10', amount: '-2850.00', memo: 'ALUGUEL OUTUBRO' }
    const first = await upload(statement([coffee, coffee, rent]))
    expect(first.body.data).toMatchObject({ imported: 3, duplicates: 0, dropped: 0 })
    const again = await upload(statement([coffee, coffee, rent]))
    expect(again.body.data).toMatchObject({ imported: 0, duplicates: 3 })
    // A third coffee that day is new; the rent is there.
    const later = await upload(statement([coffee, coffee, coffee, rent]))
    expect(later.body.data).toMatchObject({ imported: 1, duplicates: 3 })
    expect(transactionsOf(first.body.data.account.id)).toHaveLength(4)
  })

  it('with a FITID the file repeats: told apart by content; the same line twice is one entry', async () => {
    const a = {
      fitId: 'DIA20261005',
      date: '2026-10-05',
      amount: '150.00',
      memo: 'PIX RECEBIDO - ANA',
    }
    const b = {
      fitId: 'DIA20261005',
      date: '2026-10-05',
      amount: '80.00',
      memo: 'PIX RECEBIDO - BIA',
    }
    const first = await upload(statement([a, b, a]))
    expect(first.body.data).toMatchObject({ imported: 2, duplicates: 1, dropped: 0 })
    const accountId = first.body.data.account.id
    expect(
      transactionsOf(accountId)
        .map((t) => t.amount)
        .sort(),
    ).toEqual([150, 80].sort())
    const again = await upload(statement([a, b]))
    expect(again.body.data).toMatchObject({ imported: 0, duplicates: 2 })
    // An entry seen before under a FITID of its own, now in a file that repeats that FITID.
    const c = { fitId: 'UNICO1', date: '2026-10-07', amount: '-40.00', memo: 'TARIFA' }
    await upload(statement([c]))
    const d = { ...c, amount: '-41.00', memo: 'TARIFA AVULSA' }
    const mixed = await upload(statement([c, d]))
    expect(mixed.body.data).toMatchObject({ imported: 1, duplicates: 1 })
    expect(transactionsOf(accountId)).toHaveLength(4)
  })

  it('with its own FITID: matched by FITID, whatever the memo says now', async () => {
    const entry = { fitId: 'F-1', date: '2026-10-05', amount: '-10.00', memo: 'TARIFA' }
    await upload(statement([entry]))
    const renamed = await upload(statement([{ ...entry, memo: 'TARIFA MENSAL' }]))
    expect(renamed.body.data).toMatchObject({ imported: 0, duplicates: 1 })
  })

  it('dated after the statement (DTEND): dropped, and counted', async () => {
    const res = await upload(
      statement([
        { fitId: 'IN', date: '2026-10-31', amount: '-1.00', memo: 'ULTIMO DIA' },
        { fitId: 'OUT', date: '2026-11-01', amount: '-1.00', memo: 'AGENDADO' },
      ]),
    )
    expect(res.body.data).toMatchObject({ imported: 1, duplicates: 0, dropped: 1 })
  })
})

describe('files it refuses', () => {
  it('a file that is not OFX, with a message that says what to send', async () => {
    for (const file of [
      Buffer.from('%PDF-1.7\n1 0 obj\n'),
      Buffer.from('Data;Descrição;Valor\n05/10/2026;PIX;10,00\n'),
    ]) {
      const res = await upload(file)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(NOT_OFX_MESSAGE)
    }
  })
})
