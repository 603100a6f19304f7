import { z } from 'zod'
import {
  bankAccountListQuerySchema,
  bankAccountSummarySchema,
  deletedBankAccountSchema,
  exportQuerySchema,
  exportTypeSchema,
  ofxImportResultSchema,
  type BankAccount,
  type BankAccountSummary,
} from '../../src/schemas/bank'
import { companyScopeQuerySchema, idSchema, listOf, recordOf } from '../../src/schemas/common'
import { periodRange } from '../../src/schemas/finance-common'
import { endpoint, type Call } from '../api'
import { ownedBy } from '../access'
import { importStatement, removeBankAccount } from '../domain/bank/commands'
import { accountsOfCompany, accountView, taxCategoriesById } from '../domain/bank/ledger'
import { exportCsv, exportTxt } from '../domain/bank/exports'
import { ofxQueueMessages } from '../ofx/reader'
import { ofxUpload } from '../ofx/upload'
import { badRequest, paginate } from '../http'
import type { Store } from '../store/database'

// Bank accounts (docs/product.md §7 "Bank statements"): the company's accounts with their counts,
// OFX imports (an account is found by bank and number, or created) and the accounting exports.

const NOT_FOUND = 'Conta bancária não encontrada.'

/**
 * An account as the accounts screen shows it: its counts, the days its transactions cover (both
 * ends read from the account's date index) and the last import.
 */
function accountSummary(store: Store, account: BankAccount): BankAccountSummary {
  const newest = store.bankTransactions.first({
    where: { accountId: account.id },
    order: 'date DESC, id DESC',
  })
  const oldest = store.bankTransactions.first({
    where: { accountId: account.id },
    order: 'date ASC, id ASC',
  })
  return {
    ...accountView(store, account),
    firstTransactionDate: oldest?.date ?? null,
    lastTransactionDate: newest?.date ?? null,
    // The newest entry came with the latest import that brought anything; an import that brought
    // nothing new still touches the account.
    lastImportAt: [account.updatedAt, newest?.importedAt ?? ''].sort().at(-1)!,
  }
}

const findAccount = (store: Store, id: string, companyId: string) =>
  ownedBy(store.bankAccounts.get(id), companyId, NOT_FOUND)

function listAccounts({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof bankAccountListQuerySchema> }>) {
  const page = paginate(accountsOfCompany(store, companyId), q)
  return { data: page.data.map((a) => accountSummary(store, a)), total: page.total }
}

/** One account (the transactions screen's title, and its 404 for an unknown or foreign id). */
function getAccount({ store, companyId, params }: Call<{ params: { id: string } }>) {
  return { data: accountSummary(store, findAccount(store, params.id, companyId)) }
}

/** The account and all its transactions, in one transaction. */
function deleteAccount({ store, companyId, params }: Call<{ params: { id: string } }>) {
  return { data: removeBankAccount(store, companyId, params.id) }
}

/**
 * An OFX statement (multipart `file`): read in a worker thread (a big file takes seconds), put in
 * the books a batch at a time. Answered 201 every time, even when every entry was there already.
 */
async function importOfx({ store, ofx, companyId, req }: Call) {
  if (!req.file) throw badRequest('Envie o arquivo OFX no campo "file" (multipart/form-data).')
  const statement = await ofx.read(req.file.buffer, companyId)
  const { outcome, reconciliation } = await importStatement(store, companyId, statement, {
    source: 'ofx',
    connectionId: null,
  })
  return {
    data: {
      account: outcome.view,
      created: outcome.created,
      imported: outcome.imported,
      duplicates: outcome.duplicates,
      dropped: outcome.dropped,
      statement: { from: statement.start, to: statement.end },
      reconciliation,
    },
  }
}

/** The account's transactions in a period, oldest first, for accounting software or a sheet. */
function exportStatement({
  store,
  companyId,
  params,
  query: q,
  res,
}: Call<{
  params: { id: string; type?: 'txt' | 'csv' }
  query: z.output<typeof exportQuerySchema>
}>) {
  const type = params.type ?? 'txt'
  const account = findAccount(store, params.id, companyId)
  const range = q.date
    ? periodRange(q.date)!
    : { from: q.from ?? '0000-01-01', to: q.to ?? '9999-12-31' }
  const transactions = store.bankTransactions.find({
    where: { accountId: account.id, date: range },
    order: 'date ASC, id ASC',
  })
  const categories = taxCategoriesById(store)
  const body =
    type === 'txt'
      ? exportTxt(account, transactions, categories)
      : exportCsv(account, transactions, categories)
  const period = q.date ?? `${q.from ?? 'inicio'}_${q.to ?? 'hoje'}`
  const name = `extrato-${account.bankId}-${account.accountNumber.replace(/[^0-9A-Za-z]/g, '')}-${period}.${type}`
  res
    .status(200)
    .type(type === 'txt' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8')
    .attachment(name)
    .set('X-Total-Count', String(transactions.length))
    .send(body)
}

const accountParams = z.object({ id: idSchema })
const exportAnswers = { 200: { media: ['text/plain', 'text/csv'] } } as const

export const bankAccountEndpoints = [
  endpoint({
    method: 'GET',
    path: '/bank-statements/accounts',
    summary: "The company's accounts, newest first, with counts, days covered and last import.",
    access: 'company',
    query: bankAccountListQuerySchema,
    answers: { 200: listOf(bankAccountSummarySchema) },
    errors: [404],
    handler: listAccounts,
  }),
  endpoint({
    method: 'GET',
    path: '/bank-statements/accounts/{id}',
    summary: 'One account: counts, days covered, last import.',
    access: 'company',
    params: accountParams,
    query: companyScopeQuerySchema,
    answers: { 200: recordOf(bankAccountSummarySchema) },
    errors: [404],
    handler: getAccount,
  }),
  endpoint({
    method: 'DELETE',
    path: '/bank-statements/accounts/{id}',
    summary: 'Removes the account and its transactions.',
    access: 'company',
    params: accountParams,
    query: companyScopeQuerySchema,
    answers: { 200: recordOf(deletedBankAccountSchema) },
    errors: [404],
    handler: deleteAccount,
  }),
  endpoint({
    method: 'POST',
    path: '/bank-statements/ofx/upload',
    summary: 'Imports an OFX statement (multipart `file`, up to 10 MB and 50,000 entries).',
    access: 'company',
    query: companyScopeQuerySchema,
    multipart: { field: 'file', read: ofxUpload },
    answers: { 201: recordOf(ofxImportResultSchema) },
    errors: [404, 413, 429],
    messages: { 429: ofxQueueMessages.full },
    handler: importOfx,
  }),
  endpoint({
    method: 'GET',
    path: '/bank-statements/accounts/{id}/exports/{type}',
    summary: 'The transactions of a period: txt (accounting software) or csv (spreadsheets).',
    access: 'company',
    params: accountParams.extend({ type: exportTypeSchema }),
    query: exportQuerySchema,
    answers: exportAnswers,
    errors: [404],
    handler: exportStatement,
  }),
  endpoint({
    method: 'GET',
    path: '/bank-statements/accounts/{id}/exports',
    summary: 'The same as `exports/txt`.',
    access: 'company',
    params: accountParams,
    query: exportQuerySchema,
    answers: exportAnswers,
    errors: [404],
    handler: exportStatement,
  }),
]
