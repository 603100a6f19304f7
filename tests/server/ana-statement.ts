import { ANA, OWN } from './finance-callers'
import type { TestServer } from './harness'

// An OFX statement of ana's account at Banco Inter (077) and its upload through the API, shared
// by the server tests that import lines for bank reconciliation.

const ofxAmount = (value: number) => value.toFixed(2)

/** A small OFX statement of ana's account at Banco Inter (077), its entries on their days. */
export function anaStatement(
  entries: { fitId: string; date: string; amount: number; memo: string }[],
) {
  const dates = entries.map((e) => e.date.replaceAll('-', '')).sort()
  const lines = entries.map(
    (e) =>
      `<STMTTRN><TRNTYPE>${e.amount < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${e.date.replaceAll('-', '')}<TRNAMT>${ofxAmount(e.amount)}<FITID>${e.fitId}<MEMO>${e.memo}</STMTTRN>`,
  )
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
CHARSET:1252

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>077<BRANCHID>0001<ACCTID>778899-1<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>${dates[0]}<DTEND>${dates.at(-1)}
${lines.join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`
}

/** Ana uploads an OFX file (as `inter.ofx`). */
export function uploadAnaOfx(server: TestServer, text: string) {
  const form = new FormData()
  form.append(
    'file',
    new Blob([Buffer.from(text, 'latin1')], { type: 'application/x-ofx' }),
    'inter.ofx',
  )
  return server.call('POST', `/bank-statements/ofx/upload?${OWN}`, { as: ANA, raw: form })
}
