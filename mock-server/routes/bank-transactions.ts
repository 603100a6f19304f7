import { z } from 'zod'
import {
  bankTransactionSchema,
  type BankTransaction,
  taxCategoryBulkUpdateSchema,
  taxCategorySchema,
  taxCategoryUpdateSchema,
  transactionListQuerySchema,
} from '../../src/schemas/bank'
import { companyScopeQuerySchema, idSchema, listOf, recordOf } from '../../src/schemas/common'
import { periodRange } from '../../src/schemas/finance-common'
import { endpoint, type Call } from '../api'
import { ownedBy } from '../access'
import { notRevenueCategory } from '../domain/bank/reconciliation/rules'
import { categoryKindsOf } from '../domain/bank/reconciliation/inputs'
import { reconcileLines } from '../domain/bank/reconciliation/reconciler'
import { foldText } from '../store/fold-text'
import { badRequest, notFound } from '../http'
import type { Store } from '../store/database'

// Bank transactions (docs/product.md §7 "Bank statements"): the company's or an account's
// transactions, newest first, and their tax categories (the chart of accounts).

const NOT_FOUND = 'Transação não encontrada.'

/** A category the chart has (or null, to clear it); 400 on `taxCategoryId` otherwise. */
function assertCategory(store: Store, taxCategoryId: string | null) {
  if (taxCategoryId !== null && !store.taxCategories.get(taxCategoryId))
    throw badRequest('Categoria não encontrada.', [
      { path: ['taxCategoryId'], message: 'Categoria não encontrada.' },
    ])
}

function listTaxCategories({ store }: Call) {
  const data = store.taxCategories.all().sort((a, b) => a.code.localeCompare(b.code))
  return { data, total: data.length }
}

/**
 * Bank reconciliation looks again at credits whose new category moves them in or out of revenue
 * (a transfer, a redemption or interest is not an invoice's payment).
 */
function reconcileRecategorized(
  store: Store,
  companyId: string,
  changed: readonly { transaction: BankTransaction; before: string | null }[],
) {
  const kinds = categoryKindsOf(store.taxCategories.all())
  const moved = changed
    .filter(
      ({ transaction, before }) =>
        transaction.amount > 0 &&
        notRevenueCategory(before, kinds) !== notRevenueCategory(transaction.taxCategoryId, kinds),
    )
    .map(({ transaction }) => transaction.id)
  void reconcileLines(store, companyId, moved, [], { awaited: false })
}

/** Several transactions at once (the screen's "Classificar selecionadas"): all or nothing. */
function setTaxCategories({
  store,
  companyId,
  body: input,
}: Call<{ body: z.output<typeof taxCategoryBulkUpdateSchema> }>) {
  assertCategory(store, input.taxCategoryId)
  const changed = store.write(() => {
    const transactions = [...new Set(input.transactionIds)].map((id) =>
      ownedBy(store.bankTransactions.get(id), companyId, NOT_FOUND),
    )
    return transactions.map((transaction) => {
      const before = transaction.taxCategoryId
      transaction.taxCategoryId = input.taxCategoryId
      store.bankTransactions.update(transaction)
      return { transaction, before }
    })
  })
  reconcileRecategorized(store, companyId, changed)
  return { data: { updated: changed.length, taxCategoryId: input.taxCategoryId } }
}

function setTaxCategory({
  store,
  companyId,
  params,
  body: input,
}: Call<{ params: { id: string }; body: { taxCategoryId: string | null } }>) {
  assertCategory(store, input.taxCategoryId)
  const transaction = ownedBy(store.bankTransactions.get(params.id), companyId, NOT_FOUND)
  const before = transaction.taxCategoryId
  transaction.taxCategoryId = input.taxCategoryId
  store.write(() => store.bankTransactions.update(transaction))
  reconcileRecategorized(store, companyId, [{ transaction, before }])
  return { data: transaction }
}

/** The later start and the earlier end of two day ranges (the period and `from`–`to`). */
function within(a: { from: string; to: string } | undefined, from?: string, to?: string) {
  if (!a && !from && !to) return undefined
  const start = [a?.from, from]
    .filter((d) => d !== undefined)
    .sort()
    .at(-1)
  const end = [a?.to, to].filter((d) => d !== undefined).sort()[0]
  return { from: start, to: end }
}

/**
 * The company's transactions, or one account's, newest first: without a category, in a period or
 * between days, with every word of a search (accents and case ignored). A page is read from the
 * account's date index, its total from the counts the store keeps.
 */
function listTransactions({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof transactionListQuerySchema> }>) {
  // The account must be the company's (its key and company in the index: nothing is read).
  if (q.accountId && !store.bankAccounts.exists({ id: q.accountId, companyId }))
    throw notFound('Conta bancária não encontrada.')
  const words = q.query ? foldText(q.query).split(' ').filter(Boolean) : []
  return store.bankTransactions.pageJson({
    where: {
      ...(q.accountId ? { accountId: q.accountId } : { companyId }),
      uncategorized: q.withoutTaxCategory ? 1 : undefined,
      date: within(q.date ? periodRange(q.date) : undefined, q.from, q.to),
      searchText: words.length ? { contains: words } : undefined,
    },
    order: 'date DESC, id DESC',
    limit: q.limit,
    offset: q.offset,
  })
}

export const bankTransactionEndpoints = [
  endpoint({
    method: 'GET',
    path: '/bank-statements/tax-categories',
    summary: 'The chart of accounts (tax categories), by code.',
    access: 'signed-in',
    answers: { 200: listOf(taxCategorySchema) },
    handler: listTaxCategories,
  }),
  endpoint({
    method: 'PUT',
    path: '/bank-statements/transactions/tax-category',
    summary: 'One category for up to 100 transactions at once (all or nothing).',
    access: 'company',
    query: companyScopeQuerySchema,
    body: taxCategoryBulkUpdateSchema,
    answers: {
      200: recordOf(z.object({ updated: z.number().int(), taxCategoryId: z.string().nullable() })),
    },
    errors: [404],
    handler: setTaxCategories,
  }),
  endpoint({
    method: 'PUT',
    path: '/bank-statements/transactions/{id}/tax-category',
    summary: "A transaction's tax category (null clears it).",
    access: 'company',
    params: z.object({ id: idSchema }),
    query: companyScopeQuerySchema,
    body: taxCategoryUpdateSchema,
    answers: { 200: recordOf(bankTransactionSchema) },
    errors: [404],
    handler: setTaxCategory,
  }),
  endpoint({
    method: 'GET',
    path: '/bank-statements/transactions',
    summary: 'Transactions, newest first: account, without category, period or days, search.',
    access: 'company',
    query: transactionListQuerySchema,
    answers: { 200: listOf(bankTransactionSchema) },
    errors: [404],
    handler: listTransactions,
  }),
]
