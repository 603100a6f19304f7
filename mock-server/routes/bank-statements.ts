import { Router, type Request } from 'express'
import {
  bankAccountListQuerySchema,
  coraExchangeQuerySchema,
  exportQuerySchema,
  exportTypeSchema,
  taxCategoryBulkUpdateSchema,
  taxCategoryUpdateSchema,
  transactionListQuerySchema,
  type BankAccount,
  type BankAccountSummary,
  type BankTransaction,
  type TaxCategory,
} from '../../src/schemas/bank'
import { pageQuerySchema } from '../../src/schemas/common'
import { periodRange } from '../../src/schemas/finance-common'
import { callerOf } from '../auth'
import type { RouteModule } from '../deps'
import { badRequest, handle, notFound, paginate, parse } from '../http'
import { accountView, importStatementInBatches, removeAccount } from '../finance/bank-ledger'
import {
  decideAuthorization,
  exchangeCoraCode,
  renderAuthorizePage,
  startCoraAuthorization,
} from '../finance/cora'
import { exportCsv, exportTxt } from '../finance/exports'
import { sliceByDate } from '../finance/grouped-index'
import { createOfxReader } from '../finance/ofx-reader'
import { ofxUpload } from '../finance/ofx-upload'
import { queryMatcher, searchTextCache } from '../finance/text'
import { accountKey, companyFor, companyKey, financeOf, ownedBy } from '../finance/state'

const transactionText = searchTextCache<BankTransaction>((t) => [t.description, t.checkNumber])

/**
 * An account as the accounts screen shows it: its counts, the days its transactions cover (the
 * index keeps them newest first, so both ends are read without a scan) and the last import.
 */
function accountSummary(
  store: Parameters<typeof accountView>[0],
  account: BankAccount,
): BankAccountSummary {
  const list = financeOf(store).transactions.list(accountKey(account.id))
  return {
    ...accountView(store, account),
    firstTransactionDate: list.at(-1)?.date ?? null,
    lastTransactionDate: list[0]?.date ?? null,
    // The newest entry came with the latest import that brought anything; an import that brought
    // nothing new still touches the account.
    lastImportAt: [account.updatedAt, list[0]?.importedAt ?? ''].sort().at(-1)!,
  }
}

/** Bank statements (SPEC section 7 "Bank statements") and the Cora authorize stand-in page. */
export const bankStatementsRoutes: RouteModule = {
  create: ({ store, auth, config }) => {
    const router = Router()
    const finance = () => financeOf(store)
    const ofxReader = createOfxReader()
    // Loaded ahead of the first upload, except in the test suites (most never upload a file).
    if (config.environment !== 'test') ofxReader.warm()
    store.onClose(() => void ofxReader.close())
    const companyOf = (req: Request) => companyFor(store, callerOf(req), req.query.companyId)
    const findAccount = (req: Request, companyId: string) =>
      ownedBy(
        finance().accounts.get(req.params.id ?? ''),
        companyId,
        'Conta bancária não encontrada.',
      )
    // The chart of accounts by id, rebuilt only when the collection is replaced (a reset).
    let chart: { source: readonly TaxCategory[]; byId: Map<string, TaxCategory> } | undefined
    const categories = () => {
      const source = store.raw.taxCategories
      if (chart?.source !== source || chart.byId.size !== source.length)
        chart = { source, byId: new Map(source.map((c) => [c.id, c])) }
      return chart.byId
    }
    // Build the indexes at start, not on the first request.
    void finance().accounts.version
    void finance().transactions.version

    // --- Cora ------------------------------------------------------------------------------

    router.get(
      '/bank-statements/connections/oauth/cora',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const started = startCoraAuthorization(
          store,
          config.publicUrl,
          config.webUrl,
          company.id,
          callerOf(req).uid,
        )
        await store.commit()
        return { data: started }
      }),
    )

    router.post(
      '/bank-statements/connections/oauth/cora',
      auth.authenticate,
      handle(async (req, res) => {
        const company = companyOf(req)
        const q = parse(coraExchangeQuerySchema, req.query)
        const outcome = exchangeCoraCode(store, company, { ...q, uid: callerOf(req).uid })
        await store.commit()
        res.status(201)
        return {
          data: {
            connection: outcome.connection,
            account: accountView(store, outcome.account),
            imported: outcome.imported,
            duplicates: outcome.duplicates,
          },
        }
      }),
    )

    // The stand-in of Cora's own authorize page (public: it is the bank's site).
    router.get('/cora/oauth/authorize', (req, res) => {
      const { status, html } = renderAuthorizePage(store, req.query.state)
      res.status(status).type('html').send(html)
    })
    router.post(
      '/cora/oauth/authorize',
      handle(async (req, res) => {
        const body = (req.body ?? {}) as Record<string, unknown>
        const answer = decideAuthorization(store, config.webUrl, body.state, body.decision)
        if (answer.location) {
          await store.commit()
          res.redirect(302, answer.location)
          return
        }
        res.status(answer.status).type('html').send(answer.html)
      }),
    )

    router.get(
      '/bank-statements/connections',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        const q = parse(pageQuerySchema(10), req.query)
        const list = store.data.bankConnections
          .filter((c) => c.companyId === company.id)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        return paginate(list, q)
      }),
    )

    router.get(
      '/bank-statements/connections/:id',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        const connection = ownedBy(
          store.data.bankConnections.find((c) => c.id === req.params.id),
          company.id,
          'Conexão bancária não encontrada.',
        )
        const accounts = connection.accountIds
          .map((id) => finance().accounts.get(id))
          .filter((a) => a !== undefined)
          .map((a) => accountView(store, a))
        return { data: { ...connection, accounts } }
      }),
    )

    // --- Accounts --------------------------------------------------------------------------

    router.get(
      '/bank-statements/accounts',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        const q = parse(bankAccountListQuerySchema, req.query)
        const page = paginate(finance().accounts.list(companyKey(company.id)), q)
        return { data: page.data.map((a) => accountSummary(store, a)), total: page.total }
      }),
    )

    // One account (the transactions screen's title, and its 404 for an unknown or foreign id).
    router.get(
      '/bank-statements/accounts/:id',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        return { data: accountSummary(store, findAccount(req, company.id)) }
      }),
    )

    router.delete(
      '/bank-statements/accounts/:id',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const account = findAccount(req, company.id)
        const view = accountView(store, account)
        const removedTransactions = removeAccount(store, account)
        await store.commit()
        return { data: { ...view, removedTransactions } }
      }),
    )

    router.post(
      '/bank-statements/ofx/upload',
      auth.authenticate,
      (req, _res, next) => {
        // Access first, before reading a large body.
        try {
          companyOf(req)
          next()
        } catch (error) {
          next(error)
        }
      },
      ofxUpload,
      handle(async (req, res) => {
        const company = companyOf(req)
        if (!req.file)
          throw badRequest('Envie o arquivo OFX no campo "file" (multipart/form-data).')
        // Read in a worker thread: a big file takes seconds.
        const statement = await ofxReader.read(req.file.buffer)
        const outcome = await importStatementInBatches(store, company.id, statement, {
          source: 'ofx',
          connectionId: null,
        })
        // An import is recorded every time (201), even when every entry was already there.
        res.status(201)
        return {
          data: {
            account: accountView(store, outcome.account),
            created: outcome.created,
            imported: outcome.imported,
            duplicates: outcome.duplicates,
            dropped: outcome.dropped,
            statement: { from: statement.start, to: statement.end },
          },
        }
      }),
    )

    const exportHandler = handle((req, res) => {
      const company = companyOf(req)
      const type = parse(exportTypeSchema, req.params.type ?? 'txt')
      const q = parse(exportQuerySchema, req.query)
      const account = findAccount(req, company.id)
      const range = q.date
        ? periodRange(q.date)!
        : { from: q.from ?? '0000-01-01', to: q.to ?? '9999-12-31' }
      // Newest first in the index; the export reads oldest first.
      const transactions = [
        ...sliceByDate(finance().transactions.list(accountKey(account.id)), range, (t) => t.date),
      ].reverse()
      const body =
        type === 'txt'
          ? exportTxt(account, transactions, categories())
          : exportCsv(account, transactions, categories())
      const period = q.date ?? `${q.from ?? 'inicio'}_${q.to ?? 'hoje'}`
      const name = `extrato-${account.bankId}-${account.accountNumber.replace(/[^0-9A-Za-z]/g, '')}-${period}.${type}`
      res
        .status(200)
        .type(type === 'txt' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8')
        .attachment(name)
        .set('X-Total-Count', String(transactions.length))
        .send(body)
    })
    router.get('/bank-statements/accounts/:id/exports', auth.authenticate, exportHandler)
    router.get('/bank-statements/accounts/:id/exports/:type', auth.authenticate, exportHandler)

    // --- Tax categories and transactions -----------------------------------------------------

    router.get(
      '/bank-statements/tax-categories',
      auth.authenticate,
      handle(() => {
        const data = [...store.data.taxCategories].sort((a, b) => a.code.localeCompare(b.code))
        return { data, total: data.length }
      }),
    )

    // Several transactions at once (the screen's "Classificar selecionadas"): all or nothing.
    router.put(
      '/bank-statements/transactions/tax-category',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const input = parse(taxCategoryBulkUpdateSchema, req.body)
        if (input.taxCategoryId !== null && !categories().has(input.taxCategoryId))
          throw badRequest('Categoria não encontrada.', [
            { path: ['taxCategoryId'], message: 'Categoria não encontrada.' },
          ])
        const transactions = [...new Set(input.transactionIds)].map((id) =>
          ownedBy(finance().transactions.get(id), company.id, 'Transação não encontrada.'),
        )
        for (const transaction of transactions)
          finance().transactions.update(transaction, (t) => {
            t.taxCategoryId = input.taxCategoryId
          })
        await store.commit()
        return { data: { updated: transactions.length, taxCategoryId: input.taxCategoryId } }
      }),
    )

    router.put(
      '/bank-statements/transactions/:id/tax-category',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const input = parse(taxCategoryUpdateSchema, req.body)
        if (input.taxCategoryId !== null && !categories().has(input.taxCategoryId))
          throw badRequest('Categoria não encontrada.', [
            { path: ['taxCategoryId'], message: 'Categoria não encontrada.' },
          ])
        const transaction = ownedBy(
          finance().transactions.get(req.params.id ?? ''),
          company.id,
          'Transação não encontrada.',
        )
        finance().transactions.update(transaction, (t) => {
          t.taxCategoryId = input.taxCategoryId
        })
        await store.commit()
        return { data: transaction }
      }),
    )

    router.get(
      '/bank-statements/transactions',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        const q = parse(transactionListQuerySchema, req.query)
        let key = companyKey(company.id)
        if (q.accountId) {
          const account = finance().accounts.get(q.accountId)
          if (!account || account.companyId !== company.id)
            throw notFound('Conta bancária não encontrada.')
          key = accountKey(account.id)
        }
        let list: readonly BankTransaction[] = finance().transactions.list(
          key,
          q.withoutTaxCategory ? 'uncategorized' : undefined,
        )
        if (q.date) list = sliceByDate(list, periodRange(q.date)!, (t) => t.date)
        if (q.from || q.to)
          list = sliceByDate(
            list,
            { from: q.from ?? '0000-01-01', to: q.to ?? '9999-12-31' },
            (t) => t.date,
          )
        if (q.query) {
          const matches = queryMatcher(q.query)
          list = list.filter((t) => matches(transactionText(t)))
        }
        return paginate(list, q)
      }),
    )

    return router
  },
}
