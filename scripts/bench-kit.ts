import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import autocannon, { type Options, type Result } from 'autocannon'
import { newBankTransaction } from '../mock-server/domain/bank/ledger'
import { issuedNfsRequest, serviceOf } from '../mock-server/domain/invoices/requests'
import { addDays } from '../src/kernel/dates'
import { roundMoney } from '../src/kernel/money'
import type { BankTransaction } from '../src/schemas/bank'
import type { NfsRequest } from '../src/schemas/invoice'

// What the API benches share (scripts/bench-api.ts, scripts/bench-scale.ts): signing in against
// the Auth emulator, a load of autocannon after a warm-up, an OFX of payments, and the table they
// print.

export async function signIn(authPort: number, email: string, password: string) {
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  )
  const body = (await response.json()) as { idToken?: string }
  if (!body.idToken) throw new Error(`sign-in failed for ${email}`)
  return body.idToken
}

/** Load for `seconds` after one second of warm-up (routes compiled, statements prepared). */
export async function load(options: Options, seconds: number): Promise<Result> {
  await autocannon({ ...options, duration: 1 })
  return autocannon({ ...options, duration: seconds })
}

const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** An open invoice a payment pays: its service date, what the taker pays and who the taker is. */
export type OpenInvoice = { date: string; amount: number; taker: string }

/**
 * An OFX of ana's account at Banco Inter paying those invoices, each naming its taker; the lines'
 * ids start with `fitIdPrefix` (another prefix, another statement's lines).
 */
export function paymentsOfx(open: readonly OpenInvoice[], fitIdPrefix = 'PAG') {
  const entries = open.map(
    (o, i) =>
      `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${shiftDays(o.date, 3).replaceAll('-', '')}<TRNAMT>${o.amount.toFixed(2)}<FITID>${fitIdPrefix}${i}<MEMO>PIX RECEBIDO ${formatCnpj(o.taker, { version: 2 })}</STMTTRN>`,
  )
  return Buffer.from(
    [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      'CHARSET:1252',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL',
      '<BANKACCTFROM><BANKID>077<BRANCHID>0001<ACCTID>1212121-2<ACCTTYPE>CHECKING</BANKACCTFROM>',
      '<BANKTRANLIST><DTSTART>20200101<DTEND>20261130',
      ...entries,
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      '',
    ].join('\n'),
    'latin1',
  )
}

/** A file upload to the OFX import of a company. */
export function uploadOfx(api: string, companyId: string, headers: Record<string, string>) {
  return (file: Buffer, name: string) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/x-ofx' }), name)
    return fetch(`${api}/bank-statements/ofx/upload?companyId=${companyId}`, {
      method: 'POST',
      headers,
      body: form,
    })
  }
}

export type BenchRow = {
  name: string
  rps?: number
  p95?: number
  p99?: number
  note?: string
  check?: { ok: boolean; target: string }
}

/** The bench's table, markdown, columns padded to their widest cell. */
export function printRows(title: string, rows: readonly BenchRow[]) {
  const header = ['Measure', 'Requests/s', 'p95 (ms)', 'p99 (ms)', 'Target', 'Result']
  const table = rows.map((row) => [
    row.name,
    row.rps === undefined ? '—' : Math.round(row.rps).toLocaleString('en-US'),
    row.p95 === undefined ? '—' : String(row.p95),
    row.p99 === undefined ? '—' : String(row.p99),
    row.check?.target ?? '',
    row.note ?? (row.check ? (row.check.ok ? 'ok' : 'MISSED') : ''),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  console.log(`\n${title}\n`)
  console.log(line(header))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of table) console.log(line(row))
}

/**
 * The k-th issued invoice of ana's for a generated credit line, its day up to 20 days before the
 * line's: 1 in 10 not paid by it (its value R$ 7 more), the others for the line's amount. Built by
 * the invoices' factory (mock-server/domain/invoices/requests.ts).
 */
export function benchInvoice(
  template: NfsRequest,
  line: Pick<BankTransaction, 'date' | 'amount'>,
  k: number,
  made: { id: string; number: number; taker: string },
) {
  const date = addDays(line.date, -(k % 20))
  const unpaid = k % 10 === 9
  const totalValue = unpaid ? roundMoney(line.amount + 7) : line.amount
  const request = issuedNfsRequest(
    {
      ...serviceOf(template),
      totalValue,
      issWithheld: false,
      withholdings: null,
      date,
      taker: { ...template.taker!, document: made.taker, name: `Cliente ${k % 500}` },
    },
    { id: made.id, by: template.createdBy, at: template.createdAt },
    { number: made.number, at: `${addDays(date, 1)}T15:00:00.000Z`, by: 'uid-admin' },
  )
  return { request, unpaid, date, totalValue }
}

/** The kinds of a busy account's generated lines, in turn. */
const benchLineKinds = [
  ['CREDIT', 'PIX RECEBIDO'],
  ['DEBIT', 'PIX ENVIADO'],
  ['DEBIT', 'PAGAMENTO DE BOLETO'],
  ['POS', 'COMPRA CARTAO DEBITO'],
  ['CREDIT', 'TED RECEBIDA'],
  ['SRVCHG', 'TARIFA BANCARIA'],
] as const

/**
 * The i-th generated line of a busy account on its day (the kinds in turn, from R$ 50 to
 * R$ 5.049,99), tagged with the bench's prefixes (`txn-<tag>-<i>`, FITID `<TAG><i>`). Built by the
 * transactions' factory (mock-server/domain/bank/ledger.ts).
 */
export function benchLine(
  i: number,
  date: string,
  where: { companyId: string; accountId: string; tag: string },
  importedAt: string,
): BankTransaction {
  const [type, name] = benchLineKinds[i % benchLineKinds.length]!
  const amount = roundMoney(50 + ((i * 7919) % 500_000) / 100)
  return newBankTransaction(
    {
      fitId: `${where.tag.toUpperCase()}${String(i).padStart(8, '0')}`,
      date,
      amount: type === 'CREDIT' ? amount : -amount,
      type,
      description: `${name} - CLIENTE ${i % 977}`,
      checkNumber: null,
    },
    where,
    importedAt,
    { id: `txn-${where.tag}-${i}` },
  )
}
