// Generated OFX statements for the server tests and `npm run bench:api`: an OFX 1.x (SGML) file
// with `count` entries, one line each, as compact as a bank's (about 92 bytes an entry), or
// padded to a given size with longer memos.

export type OfxSampleOptions = {
  /** Pads the memos so the file comes out at about this many bytes. */
  bytes?: number
  /** First FITID number (so two samples do not share entries). */
  firstId?: number
  bankId?: string
  accountNumber?: string
}

const header = (bankId: string, accountNumber: string) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261120090000[-3:BRT]<LANGUAGE>POR<FI><ORG>Banco Inter S.A.<FID>077</FI></SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>${bankId}<BRANCHID>0001<ACCTID>${accountNumber}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20200101<DTEND>20261120
`
const footer = `</BANKTRANLIST><LEDGERBAL><BALAMT>0.00<DTASOF>20261120</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`

export function ofxSample(count: number, options: OfxSampleOptions = {}): Buffer {
  const { firstId = 0, bankId = '077', accountNumber = '9876543-2' } = options
  const start = header(bankId, accountNumber)
  const end = Date.parse('2026-11-19T12:00:00Z')
  const entry = (i: number, pad: string) => {
    const n = firstId + i
    const date = new Date(end - Math.floor(i / 80) * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '')
    const credit = n % 3 === 0
    const amount = (((n * 104729) % 900000) / 100 + 10).toFixed(2)
    return `<STMTTRN><TRNTYPE>${credit ? 'CREDIT' : 'DEBIT'}<DTPOSTED>${date}<TRNAMT>${credit ? '' : '-'}${amount}<FITID>${n}<MEMO>PIX ${n % 977}${pad}</STMTTRN>\n`
  }
  let pad = ''
  if (options.bytes) {
    const plain = start.length + footer.length + count * entry(count - 1, '').length
    const extra = Math.max(0, Math.floor((options.bytes - plain) / count))
    pad = ' '.repeat(extra > 0 ? 1 : 0) + 'X'.repeat(Math.max(0, extra - 1))
  }
  const parts = [start]
  for (let i = 0; i < count; i++) parts.push(entry(i, pad))
  parts.push(footer)
  return Buffer.from(parts.join(''), 'latin1')
}
