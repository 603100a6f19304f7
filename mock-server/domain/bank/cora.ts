import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { subDays } from 'date-fns'
import { z } from 'zod'
import { transactionTypes, type BankConnection } from '../../../src/schemas/bank'
import { isoDateSchema } from '../../../src/schemas/common'
import { roundMoney } from '../../../src/kernel/money'
import { todayInBrazil } from '../../../src/schemas/finance-common'
import {
  CORA_BANK_ID,
  CORA_SYNC_DAYS,
  type CoraApi,
  type CoraStatement,
} from '../../stand-ins/cora/contract'
import { outsideServiceFailed } from '../errors'
import type { Store } from '../../store/database'
import { accountOfStatement, bookStatement } from './ledger'
import type { Statement } from './ofx'

// A company's Cora account as the product has it (docs/product.md §7 "Bank statements", §12):
// the connection its consent makes, and the statement Cora answers put in the books like a
// statement file's, de-duplicated by FITID. Cora itself is reached only through its API's client
// (mock-server/stand-ins/cora/contract.ts), which the composition root (mock-server/app.ts) hands
// the commands.

/** Cora's API, as the product's commands get it. */
export type CoraClient = CoraApi

export const CORA_CODE_INVALID = 'Código de autorização da Cora inválido, expirado ou já usado.'
export const CORA_OTHER_USER =
  'Esta autorização da Cora foi iniciada por outra pessoa. Conecte o Cora com o seu próprio acesso.'

/**
 * Cora answered no statement for the token it had just given (its side failed), or its answer was
 * lost (an error, or none in time).
 */
export const CORA_UNANSWERED = 'A Cora não devolveu o extrato da conta. Tente conectar de novo.'
/** Cora's answer to the code's exchange was lost (an error, or none in time). */
export const CORA_UNREACHED = 'A Cora não respondeu à autorização. Tente conectar de novo.'
/** Cora answered a statement the product cannot read (a field missing or of the wrong kind). */
export const CORA_MALFORMED =
  'A Cora devolveu um extrato que não pôde ser lido. Nada foi importado; tente conectar de novo.'

/**
 * What Cora answers to the call `ask`, waited for `waitMs` at most: its answer lost (the call
 * failed, or did not answer in time) is refused as the outside service's failure with `message`.
 * Cora's late answer is dropped: nothing was written for this call.
 */
export async function askCora<T>(ask: () => Promise<T>, waitMs: number, message: string) {
  const stop = new AbortController()
  try {
    return await Promise.race([
      ask(),
      sleep(waitMs, undefined, { signal: stop.signal }).then(() => {
        throw new Error(`no answer in ${waitMs} ms`)
      }),
    ])
  } catch {
    throw outsideServiceFailed(message)
  } finally {
    stop.abort()
  }
}

const coraDay = isoDateSchema
/** Cora's statement as the product reads it (stand-ins/cora/contract.ts `CoraStatement`). */
const coraStatementSchema = z.object({
  account: z.object({
    bankId: z.literal(CORA_BANK_ID),
    bankName: z.string(),
    branch: z.string().trim().min(1),
    accountNumber: z.string().trim().min(1),
    accountType: z.literal('CHECKING'),
    currency: z.literal('BRL'),
  }),
  start: coraDay,
  end: coraDay,
  entries: z.array(
    z.object({
      id: z.string().trim().min(1),
      date: coraDay,
      amount: z.number(),
      type: z.enum(transactionTypes),
      description: z.string(),
    }),
  ),
})

/** Cora's statement, read; refused (nothing written) when it is not what the contract says. */
export function readCoraStatement(answer: unknown): CoraStatement {
  const read = coraStatementSchema.safeParse(answer)
  if (!read.success) throw outsideServiceFailed(CORA_MALFORMED)
  return read.data
}

/** The days a sync asks Cora for: the last `CORA_SYNC_DAYS`, up to today. */
export const coraSyncPeriod = (now: Date) => ({
  start: todayInBrazil(subDays(now, CORA_SYNC_DAYS)),
  end: todayInBrazil(now),
})

/** Cora's statement as a statement of the books (ofx.ts's shape). */
function statementOf(cora: CoraStatement): Statement {
  return {
    ...cora.account,
    start: cora.start,
    end: cora.end,
    balance: null,
    entries: cora.entries.map((entry) => ({
      fitId: entry.id,
      date: entry.date,
      amount: entry.amount,
      type: entry.type,
      description: entry.description,
      checkNumber: null,
    })),
    invalid: 0,
    duplicatesInFile: 0,
  }
}

/**
 * Books what Cora answered for a company: its Cora connection (made the first time, active and
 * synced now), the account and the statement's new entries. Inside the caller's store.write().
 */
export function syncCora(store: Store, companyId: string, cora: CoraStatement, now = new Date()) {
  const at = now.toISOString()
  let connection = store.bankConnections
    .find({ where: { companyId } })
    .find((c) => c.provider === 'cora')
  if (!connection) {
    const fresh: BankConnection = {
      id: `conn-${randomUUID()}`,
      companyId,
      provider: 'cora',
      status: 'active',
      accountIds: [],
      createdAt: at,
      lastSyncAt: at,
    }
    connection = store.bankConnections.insert(fresh)
  }
  const statement = statementOf(cora)
  if (!accountOfStatement(store, companyId, statement)) {
    // A new Cora account opens with the balance the bank reports: what the period moved.
    const moved = statement.entries.reduce((sum, e) => sum + e.amount, 0)
    statement.balance = { amount: roundMoney(moved), date: statement.end as string }
  }
  const outcome = bookStatement(
    store,
    companyId,
    statement,
    { source: 'cora', connectionId: connection.id },
    now,
  )
  connection.status = 'active'
  connection.lastSyncAt = at
  if (!connection.accountIds.includes(outcome.account.id))
    connection.accountIds = [...connection.accountIds, outcome.account.id]
  store.bankConnections.update(connection)
  return { connection, ...outcome }
}
