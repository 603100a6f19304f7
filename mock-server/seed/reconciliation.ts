import { addDays } from '../../src/kernel/dates'
import { formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils'
import { bankText, type BankPayment } from '../../src/schemas/bank'
import type { Company } from '../../src/schemas/company'
import { roundMoney, todayInBrazil, toCents } from '../../src/schemas/finance-common'
import type { NfsRequest } from '../../src/schemas/invoice'
import type { ReconciliationRecord } from '../../src/schemas/reconciliation'
import { reconcile } from '../domain/bank/reconciliation/rules'
import { newBankTransaction } from '../domain/bank/ledger'
import { issuedNfsRequest, serviceOf } from '../domain/invoices/requests'
import { engineInputOf, isOpenInvoice } from '../domain/bank/reconciliation/inputs'
import { contentOf } from '../domain/bank/reconciliation/job'
import { markPaid, markReceived, storedRecord } from '../domain/bank/reconciliation/writes'
import { rngFor } from '../stand-ins/cora/statement-generator'
import type { FinanceData } from './finance'

// Bank reconciliation of the seeded statements: ana's accounts tell a story the screen shows from
// the first start — her takers pay her issued invoices by Pix or TED naming their CPF or CNPJ
// (matched by themselves), one pays without it (a suggestion), one invoice's taker withholds the
// ISS, the last invoices are not paid yet, one credit of the month has no invoice, and the DAS and
// INSS debits pay the accountant's guides (all but the newest DAS). Then the rules run over every company's statement,
// as the server would run them.

const ANA = 'cmp-ana-design'
/** A payment the rules match by themselves: the taker withholds the ISS and says how much. */
export const SEEDED_ISS_LINE = 'txn-ana-iss-retido'
/** A TED naming nobody's document, and the invoice it pays: a suggestion ana confirms. */
export const SEEDED_SUGGESTED_LINE = 'txn-ana-sugestao'
export const SEEDED_SUGGESTED_INVOICE = 'nfs-ana-sugerida'
/** A credit of this month no invoice explains ("Receita sem nota"). */
export const SEEDED_UNINVOICED_LINE = 'txn-ana-sem-nota'

/** The client who paid ana this month without an invoice ("Receita sem nota"). */
const UNINVOICED = { name: 'ESTUDIO NOVA LUZ LTDA', document: '11444777000161', amount: 1850 }
/**
 * The tax guides ana paid through her Cora account, by id. The newest DAS (doc-ana-das-0) is left
 * to pay: the documents list shows a pending guide, and marking it paid by hand stays possible.
 */
const PAID_GUIDES = ['doc-ana-das-3', 'doc-ana-das-2', 'doc-ana-das-1', 'doc-ana-darf-1']

const shiftDay = addDays
const instant = (day: string, hour: number) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`).toISOString()
const masked = (document: string) =>
  document.length === 11 ? formatCpf(document) : formatCnpj(document, { version: 2 })

/** Moves an account's seeded balance by what the story changed in it. */
function moveBalance(finance: FinanceData, accountId: string, cents: number) {
  const account = finance.bankAccounts.find((a) => a.id === accountId)
  if (account?.balance != null) account.balance = roundMoney(account.balance + cents / 100)
}

/**
 * Ana's statements as a reconciliation story (see the top of the file). Her generated credits
 * from takers go (the OFX accounts) or become automatic investment redemptions (Cora: a sync
 * brings the same FITIDs back, which then stay duplicates); a payment is added for each issued
 * invoice; the DAS and INSS debits carry the guides' amounts.
 */
function tellAnasStory(finance: FinanceData, now: Date) {
  const today = todayInBrazil(now)
  const rng = rngFor('reconciliation-story:ana')
  const lines = finance.bankTransactions
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!
    if (line.companyId !== ANA || line.type !== 'CREDIT') continue
    if (line.accountId === 'acc-ana-cora') {
      line.type = 'XFER'
      line.description = 'RESGATE AUTOMATICO CDB CORA'
      line.taxCategoryId = 'aplicacoes-resgates'
    } else {
      moveBalance(finance, line.accountId, -toCents(line.amount))
      lines.splice(i, 1)
    }
  }

  const issued = finance.nfsRequests
    .filter((r) => r.companyId === ANA && r.status === 'issued' && r.issuedAt)
    .sort((a, b) => a.issuedAt!.localeCompare(b.issuedAt!) || a.id.localeCompare(b.id))
  // One older invoice whose taker withholds the ISS (2 %, LC 116/2003 art. 8-A) and says so.
  const withheld = issued.find((r) => r.schedulerId === null && r.date < shiftDay(today, -150))
  if (withheld) {
    withheld.issWithheld = true
    withheld.withholdings = { iss: roundMoney(withheld.totalValue * 0.02) }
  }
  // The two newest one-off invoices of two different takers (a statement that pays them can
  // then tell them apart by who paid).
  const unpaid = new Set<string>()
  const unpaidTakers = new Set<string>()
  for (const r of [...issued].reverse()) {
    if (unpaid.size === 2) break
    const taker = r.taker?.document ?? ''
    if (r.schedulerId !== null || unpaidTakers.has(taker)) continue
    unpaid.add(r.id)
    unpaidTakers.add(taker)
  }
  let n = 0
  const pay = (request: NfsRequest, day: string, named: boolean, id = `txn-ana-pay-${++n}`) => {
    const taker = request.taker
    const cents =
      toCents(request.totalValue) -
      (request.withholdings?.iss ? toCents(request.withholdings.iss) : 0)
    const accountId = rng.chance(0.8) ? 'acc-ana-cora' : 'acc-ana-itau'
    const how = rng.chance(0.8) ? 'PIX RECEBIDO' : 'TED RECEBIDA'
    const who = taker ? taker.name.slice(0, 40) : 'CLIENTE'
    lines.push(
      newBankTransaction(
        {
          fitId: `PAY${day.replaceAll('-', '')}${id.replace(/\D/g, '').padStart(4, '0')}`,
          date: day,
          amount: cents / 100,
          type: 'CREDIT',
          description: bankText(
            named && taker
              ? `${how} - ${who} - ${masked(taker.document)}`
              : `TED RECEBIDA - ${who}`,
          ),
          checkNumber: null,
        },
        { companyId: ANA, accountId },
        instant(shiftDay(day, 1), 6),
        { id, taxCategoryId: named ? 'receitas-servicos' : null },
      ),
    )
    moveBalance(finance, accountId, cents)
  }
  for (const request of issued) {
    // Paid within days of the issue (a monthly invoice before the next month's); the two newest
    // one-off invoices are on a longer term and still open.
    if (unpaid.has(request.id)) continue
    const day = shiftDay(todayInBrazil(new Date(request.issuedAt!)), rng.int(2, 12))
    if (day > shiftDay(today, -3)) continue
    pay(request, day, true, request === withheld ? SEEDED_ISS_LINE : undefined)
  }
  // The newest invoice, paid by a TED that names nobody's document: the rules suggest it, ana
  // confirms. Issued the day after the last one (its NFS-e number is the next), never later than
  // today: when the last one was issued today, this one is too, after it.
  const last = issued.at(-1)
  const template = [...issued].reverse().find((r) => r.schedulerId === null && r.taker)
  if (last && template) {
    const dayAfterLast = shiftDay(todayInBrazil(new Date(last.issuedAt!)), 1)
    const notBefore = [dayAfterLast, shiftDay(today, -12)].sort().at(-1)!
    const issuedOn = [notBefore, today].sort()[0]!
    const issuedAt = new Date(
      Math.max(
        Math.min(Date.parse(instant(issuedOn, 17)), now.getTime()),
        Date.parse(last.issuedAt!) + 60_000,
      ),
    ).toISOString()
    const date = shiftDay(issuedOn, -2)
    // The template's service and taker, asked for again and issued by the manual path.
    const suggested = issuedNfsRequest(
      { ...serviceOf(template), totalValue: 4350, date, issWithheld: false, withholdings: null },
      { id: SEEDED_SUGGESTED_INVOICE, by: template.createdBy, at: instant(date, 9) },
      { number: (last.number ?? 0) + 1, at: issuedAt, by: 'uid-admin' },
    )
    finance.nfsRequests.push(suggested)
    pay(suggested, [shiftDay(issuedOn, 5), today].sort()[0]!, false, SEEDED_SUGGESTED_LINE)
  }
  // Money in this month that no invoice explains.
  const month = today.slice(0, 8)
  const day = `${month}${String(Math.min(Number(today.slice(8)), 3)).padStart(2, '0')}`
  lines.push(
    newBankTransaction(
      {
        fitId: `SEMNOTA${day.replaceAll('-', '')}`,
        date: day,
        amount: UNINVOICED.amount,
        type: 'CREDIT',
        description: bankText(`PIX RECEBIDO - ${UNINVOICED.name} - ${masked(UNINVOICED.document)}`),
        checkNumber: null,
      },
      { companyId: ANA, accountId: 'acc-ana-cora' },
      instant(day, 23),
      { id: SEEDED_UNINVOICED_LINE },
    ),
  )
  moveBalance(finance, 'acc-ana-cora', toCents(UNINVOICED.amount))

  // The DAS and INSS debits for exactly what the guides ask, on their due dates: the statement
  // generator pays on the 15th (INSS) and 20th (DAS) of each month, the guides fall due on a
  // business day (a DAS due on a Sunday is paid on Monday), so the month's debit is moved to it.
  // The INSS of the pró-labore is paid by the DCTFWeb's DARF.
  for (const id of PAID_GUIDES) {
    const guide = finance.documents.find((d) => d.id === id)?.guia
    if (!guide) continue
    const debit = lines.find(
      (t) =>
        t.accountId === 'acc-ana-cora' &&
        t.date.slice(0, 7) === guide.dueDate.slice(0, 7) &&
        t.amount < 0 &&
        (guide.kind === 'DAS' ? /\bDAS\b/ : /\bGPS\b/).test(t.description),
    )
    if (!debit) continue
    moveBalance(finance, debit.accountId, -(toCents(debit.amount) + toCents(guide.amount)))
    debit.amount = -guide.amount
    debit.date = guide.dueDate
    if (guide.kind === 'DARF')
      debit.description = bankText(
        `PAGAMENTO DARF DCTFWEB - COMPETENCIA ${guide.competence.slice(5)}/${guide.competence.slice(0, 4)}`,
      )
  }
}

/**
 * The reconciliation of every seeded statement (ana's told as a story first), written into the
 * finance data: matched invoices received, matched guides paid, a record per line the rules
 * look at.
 */
export function seedReconciliation(
  finance: FinanceData,
  companies: readonly Company[],
  now: Date = new Date(),
): ReconciliationRecord[] {
  tellAnasStory(finance, now)
  const accounts = new Map(finance.bankAccounts.map((a) => [a.id, a]))
  const records: ReconciliationRecord[] = []
  for (const company of companies) {
    const lines = finance.bankTransactions.filter((t) => t.companyId === company.id)
    if (lines.length === 0) continue
    const invoices = finance.nfsRequests.filter(
      (r) => r.companyId === company.id && isOpenInvoice(r),
    )
    const outcomes = reconcile(
      engineInputOf({
        company,
        lines: lines.map((transaction) => ({ transaction, record: undefined })),
        invoices,
        documents: finance.documents.filter((d) => d.companyId === company.id),
        categories: finance.taxCategories,
      }),
    )
    for (const line of lines) {
      const content = contentOf(line, outcomes.get(line.id) ?? null)
      if (!content) continue
      const at = line.importedAt
      const account = accounts.get(line.accountId)
      const payment: BankPayment = {
        transactionId: line.id,
        accountId: line.accountId,
        bankName: account?.bankName ?? 'Conta bancária',
        accountNumber: account?.accountNumber ?? '',
        date: line.date,
      }
      let guideBefore: ReconciliationRecord['guideBefore'] = null
      const match = content.match
      if (match?.kind === 'invoice')
        for (const id of match.invoiceIds)
          markReceived(
            finance.nfsRequests.find((r) => r.id === id)!,
            payment,
            at,
          )
      if (match?.kind === 'guide')
        guideBefore = markPaid(
          finance.documents.find((d) => d.id === match.documentId)!,
          payment,
          at,
        )
      records.push(storedRecord(line.id, content, at, undefined, guideBefore))
    }
  }
  return records
}
