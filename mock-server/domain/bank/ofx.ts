import { createHash } from 'node:crypto'
import { Ofx } from 'ofx-data-extractor'
import {
  OFX_MAX_ENTRIES,
  ofxMessages,
  transactionTypes,
  type BankTransaction,
} from '../../../src/schemas/bank'
import { roundMoney } from '../../../src/schemas/finance-common'
import { invalid as refused } from '../errors'

// OFX statements (1.x SGML and 2.x XML) read with ofx-data-extractor.

export const NOT_OFX_MESSAGE =
  'O arquivo enviado não é um extrato OFX. No internet banking, exporte o extrato no formato OFX (Money/Quicken) e envie de novo.'

export type StatementEntry = Pick<
  BankTransaction,
  'fitId' | 'date' | 'amount' | 'type' | 'description' | 'checkNumber'
> & {
  /**
   * The entry has no FITID of its own (none, or one the file gives to several entries): it is
   * already in the account when a transaction there has the same date, amount and description.
   */
  matchByContent?: boolean
}

/** A bank statement, whatever its source (an OFX file or the Cora stand-in). */
export type Statement = {
  bankId: string
  bankName: string | null
  branch: string | null
  accountNumber: string
  accountType: string
  currency: string
  /** The period the statement covers (OFX DTSTART/DTEND), when it says. */
  start: string | null
  end: string | null
  balance: { amount: number; date: string } | null
  entries: StatementEntry[]
  /** Entries that could not be read (no date or amount). */
  invalid: number
  /** Entries the file repeats (same FITID, date, amount and description as an earlier one). */
  duplicatesInFile: number
}

/** Brazilian banks by COMPE code, for accounts whose OFX does not name the bank. */
const BANK_NAMES: Record<string, string> = {
  '1': 'Banco do Brasil',
  '33': 'Santander',
  '41': 'Banrisul',
  '77': 'Banco Inter',
  '104': 'Caixa Econômica Federal',
  '197': 'Stone',
  '208': 'BTG Pactual',
  '237': 'Bradesco',
  '260': 'Nu Pagamentos (Nubank)',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '336': 'C6 Bank',
  '341': 'Itaú Unibanco',
  '403': 'Cora SCD',
  '748': 'Sicredi',
  '756': 'Sicoob',
}

export const bankNameOf = (bankId: string) =>
  BANK_NAMES[String(Number(bankId))] ?? `Banco ${bankId}`

/** Bank files come in UTF-8 or in Windows-1252 (most Brazilian banks' OFX 1.x). */
export function decodeStatement(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer)
  } catch {
    return new TextDecoder('windows-1252').decode(buffer)
  }
}

type Raw = Record<string, unknown>
const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
const day = (value: unknown) => {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(text(value))
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null
}
const amountOf = (value: unknown) => {
  const raw = text(value).replace(/\s/g, '')
  // "1.234,56" or "-45,90" (some banks) as well as "1234.56".
  const normal = /,\d{1,2}$/.test(raw)
    ? raw.replace(/\./g, '').replace(',', '.')
    : raw.replace(/,/g, '')
  const number = Number(normal)
  return raw !== '' && Number.isFinite(number) ? roundMoney(number) : null
}

/**
 * The parser reads OFX line by line; banks also send the whole body on one line (SGML or XML).
 * Puts each element on its own line without changing what the file says.
 */
function oneTagPerLine(content: string): string {
  const start = content.search(/<OFX>/i)
  const body = content
    .slice(start)
    .replace(/\r\n?/g, '\n')
    .replace(/>\s*</g, '>\n<')
    // SGML: a value followed by the next element on the same line. The value's last character is
    // looked behind, not matched first: a try fails at once wherever no space or `<` stands, where
    // it matched every character of a value (two thirds of this function's time, 10,000 entries).
    .replace(/(?<=[^>\s])[ \t]*<(?=[A-Za-z])/g, '\n<')
    // SGML: a value followed by the end of the aggregate that holds it (not its own end tag).
    .replace(/<([A-Za-z0-9.]+)>([^<\n]*)<\/(?!\1>)/g, '<$1>$2\n</')
  return content.slice(0, start) + body
}

/**
 * Reads an OFX file (in the worker thread of mock-server/ofx/reader.ts: a big file takes seconds). Anything
 * that is not a bank statement in OFX answers 400 with a message that says what to send instead,
 * as does a file with more than OFX_MAX_ENTRIES entries.
 */
export function parseOfx(buffer: Buffer): Statement {
  const content = decodeStatement(buffer)
  if (!/<OFX>/i.test(content) || !/(OFXHEADER|<\?OFX|<\?xml)/i.test(content.slice(0, 2000)))
    throw refused(NOT_OFX_MESSAGE)
  // Counted before the parse, which takes seconds for a big file.
  const entryTag = /<STMTTRN>/gi
  let entryCount = 0
  while (entryTag.exec(content)) entryCount++
  if (entryCount > OFX_MAX_ENTRIES) throw refused(ofxMessages.tooManyEntries(entryCount))
  let json: Raw
  try {
    json = new Ofx(oneTagPerLine(content)).toJson() as unknown as Raw
  } catch {
    throw refused(NOT_OFX_MESSAGE)
  }
  const ofx = (json.OFX ?? {}) as Raw
  if (typeof ofx !== 'object') throw refused(NOT_OFX_MESSAGE)
  const bankMessages = ofx.BANKMSGSRSV1 as Raw | undefined
  if (!bankMessages) {
    if (ofx.CREDITCARDMSGSRSV1)
      throw refused(
        'Este OFX é de cartão de crédito. Envie o extrato da conta corrente da empresa.',
      )
    throw refused(NOT_OFX_MESSAGE)
  }
  const responses = asArray(bankMessages.STMTTRNRS as Raw | Raw[])
  const statement = responses.map((r) => r.STMTRS as Raw | undefined).find(Boolean)
  const account = statement?.BANKACCTFROM as Raw | undefined
  const accountNumber = text(account?.ACCTID)
  const bankId = text(account?.BANKID)
  if (!statement || !account || !accountNumber || !bankId)
    throw refused('O extrato OFX não identifica o banco e a conta (BANKID e ACCTID).')

  const list = (statement.BANKTRANLIST ?? {}) as Raw
  const rawEntries = asArray((list.STMTTRN ?? list.STRTTRN) as Raw | Raw[] | undefined)
  // FITIDs the file gives to more than one entry (some banks reuse them): such entries are told
  // apart, and matched against the account, by what they say.
  const fitIdUses = new Map<string, number>()
  for (const raw of rawEntries) {
    const fitId = text(raw.FITID)
    if (fitId) fitIdUses.set(fitId, (fitIdUses.get(fitId) ?? 0) + 1)
  }
  const entries: StatementEntry[] = []
  let invalid = 0
  let duplicatesInFile = 0
  const generated = new Map<string, number>()
  const repeated = new Map<string, Set<string>>()
  for (const raw of rawEntries) {
    const date = day(raw.DTPOSTED)
    const amount = amountOf(raw.TRNAMT)
    if (!date || amount === null) {
      invalid++
      continue
    }
    const name = text(raw.NAME)
    const memo = text(raw.MEMO)
    const description = (
      name && memo && !memo.includes(name) ? `${name} - ${memo}` : memo || name || 'SEM DESCRICAO'
    ).slice(0, 255)
    const type = text(raw.TRNTYPE).toUpperCase()
    const says = `${date}|${amount}|${description}`
    let fitId = text(raw.FITID)
    let matchByContent = false
    if (!fitId) {
      // No FITID (rare, against the spec): a stable one from what the entry says, numbered
      // when the same line repeats in the file (two equal payments on a day are two).
      const base = createHash('sha1').update(says).digest('hex').slice(0, 16)
      const n = (generated.get(base) ?? 0) + 1
      generated.set(base, n)
      fitId = `gen-${base}-${n}`
      matchByContent = true
    } else if ((fitIdUses.get(fitId) ?? 0) > 1) {
      const seen = repeated.get(fitId) ?? new Set<string>()
      repeated.set(fitId, seen)
      // The same FITID saying the same thing twice is one entry listed twice.
      if (seen.has(says)) {
        duplicatesInFile++
        continue
      }
      seen.add(says)
      if (seen.size > 1) fitId = `${fitId}#${seen.size}`
      matchByContent = true
    }
    entries.push({
      fitId: fitId.slice(0, 255),
      date,
      amount,
      type: (transactionTypes as readonly string[]).includes(type)
        ? (type as StatementEntry['type'])
        : 'OTHER',
      description,
      checkNumber: text(raw.CHECKNUM) || null,
      ...(matchByContent ? { matchByContent } : {}),
    })
  }
  const ledger = statement.LEDGERBAL as Raw | undefined
  const balanceAmount = amountOf(ledger?.BALAMT)
  const balanceDate = day(ledger?.DTASOF)
  const signon = ((ofx.SIGNONMSGSRSV1 as Raw | undefined)?.SONRS as Raw | undefined)?.FI as
    Raw | undefined
  return {
    bankId,
    bankName: text(signon?.ORG) || null,
    branch: text(account.BRANCHID) || null,
    accountNumber,
    accountType: text(account.ACCTTYPE) || 'CHECKING',
    currency: text(statement.CURDEF).toUpperCase().slice(0, 3) || 'BRL',
    start: day(list.DTSTART),
    end: day(list.DTEND),
    balance:
      balanceAmount !== null && balanceDate ? { amount: balanceAmount, date: balanceDate } : null,
    entries,
    invalid,
    duplicatesInFile,
  }
}
