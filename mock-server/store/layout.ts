import { toCents } from '../../src/kernel/money'
import { revenueSegmentOf } from '../../src/kernel/tax/month'
import { amountDueOf } from '../../src/schemas/reconciliation'
import { analysisPending, cancellationUnsettled } from '../../src/machines/nfs-request'
import { foldText } from './fold-text'
import type { CollectionName, RecordOf } from '../model'
import type { TableLayout } from './table'

// How each collection of the model is kept in SQLite: its table, its key, and the columns (with
// their indexes) that lists filter and sort on. Everything else of a record, nested fields
// included, is in its JSON document (`doc`). Open the file with any SQLite tool:
//   sqlite3 .data/contabil.db "SELECT id, status, json_extract(doc, '$.name') FROM companies"

const lower = (text: string) => text.toLowerCase()
const ptBr = new Intl.Collator('pt-BR')
/** Folded text of the fields a free-text search looks in (accents and case ignored). */
const searchText = (...fields: (string | number | null | undefined)[]) =>
  foldText(fields.filter((field) => field !== null && field !== undefined).join(' '))

/** What an invoice's taker pays in cents, when it is one amount. */
const dueCentsOf = (request: RecordOf<'nfsRequests'>) => {
  const due = amountDueOf(request)
  return due.min === due.max ? due.min : null
}

/** The month-close queue lists the active (or overdue) Simples Nacional and MEI companies. */
const queuedStatuses: ReadonlySet<string> = new Set(['active', 'overdue'])
const queuedSizes: ReadonlySet<string> = new Set(['ME', 'EPP', 'MEI'])

type Layouts = { [K in CollectionName]: TableLayout<RecordOf<K>> }

export const layouts: Layouts = {
  users: {
    table: 'users',
    key: (user) => user.id,
    columns: {
      email: (user) => lower(user.email),
      referralCode: (user) => user.referralCode,
      indicatedBy: (user) => user.indicatedBy,
    },
    indexes: [['email'], ['referralCode'], ['indicatedBy']],
  },
  companies: {
    table: 'companies',
    key: (company) => company.id,
    // The name, alias and dates the lists search and sort by; `nameRank` is the place of the name
    // in pt-BR order (accents and case as a reader expects, which SQLite's collations are not).
    columns: {
      cnpj: (company) => company.cnpj,
      status: (company) => company.status,
      trackId: (company) => company.trackId,
      name: (company) => company.name,
      alias: (company) => company.alias,
      size: (company) => company.size,
      createdAt: (company) => company.createdAt,
      updatedAt: (company) => company.updatedAt,
      // The month-close queue's companies and what its search looks in (month-queue.ts keeps
      // its summary from these columns).
      queued: {
        integer: (company) =>
          queuedStatuses.has(company.status) &&
          queuedSizes.has(company.size ?? '') &&
          company.cnpj !== null
            ? 1
            : 0,
      },
      searchText: (company) => foldText(`${company.name ?? ''} ${company.alias ?? ''}`),
    },
    ranks: { nameRank: { of: 'name', compare: ptBr.compare } },
    indexes: [['cnpj'], ['trackId', 'status'], ['nameRank'], ['updatedAt DESC', 'nameRank']],
  },
  // A track is its company's: its key is the company id.
  tracks: { table: 'tracks', key: (track) => track.companyId },
  plans: { table: 'plans', key: (plan) => plan.id },
  subscriptions: {
    table: 'subscriptions',
    key: (subscription) => subscription.id,
    columns: { companyId: (subscription) => subscription.companyId },
    indexes: [['companyId']],
  },
  payments: {
    table: 'payments',
    key: (payment) => payment.id,
    columns: {
      companyId: (payment) => payment.companyId,
      status: (payment) => payment.status,
    },
    indexes: [['companyId'], ['status']],
  },
  // The payment checkout stand-in's own record of each charge (stand-ins/checkout/gateway.ts).
  checkoutCharges: { table: 'checkout_charges', key: (charge) => charge.id },
  invites: {
    table: 'invites',
    key: (invite) => invite.id,
    columns: {
      companyId: (invite) => invite.companyId,
      email: (invite) => lower(invite.email),
    },
    indexes: [['companyId'], ['email']],
  },
  referralRewards: {
    table: 'referral_rewards',
    key: (reward) => reward.id,
    columns: {
      referrerId: (reward) => reward.referrerId,
      referredUserId: (reward) => reward.referredUserId,
    },
    indexes: [['referrerId'], ['referredUserId']],
  },
  ducaPartners: {
    table: 'duca_partners',
    key: (partner) => partner.id,
    columns: { userId: (partner) => partner.userId, code: (partner) => partner.code },
    indexes: [['userId'], ['code']],
  },
  taxCategories: { table: 'tax_categories', key: (category) => category.id },
  nfsRequests: {
    table: 'nfs_requests',
    key: (request) => request.id,
    columns: {
      companyId: (request) => request.companyId,
      status: (request) => request.status,
      date: (request) => request.date,
      number: { integer: (request) => request.number },
      // What a month's revenue sums in SQL (mock-server/domain/simples/sources.ts): its competence
      // month, how it is segregated, its service and its value in cents.
      month: (request) => request.date.slice(0, 7),
      segment: (request) => revenueSegmentOf(request),
      serviceCode: (request) => request.serviceCode,
      cents: { integer: (request) => toCents(request.totalValue) },
      // Bank reconciliation: a transaction paid it (the "received / not received" filter); what
      // its taker pays, in cents (null while the ISS withheld is unknown), and who the taker is,
      // so an automatic run reads only the invoices a few lines may pay.
      received: { integer: (request) => (request.receivedBy ? 1 : 0) },
      dueCents: { integer: dueCentsOf },
      takerDocument: (request) => request.taker?.document ?? null,
      // An issued NFS-e with a cancellation or an analysis the Receita has not settled: what the
      // background check asks about (mock-server/domain/invoices/recovery.ts), read under its
      // index rather than every issued invoice parsed at each check.
      withSefin: {
        integer: (request) =>
          request.status === 'issued' &&
          (cancellationUnsettled(request) || analysisPending(request))
            ? 1
            : 0,
      },
    },
    indexes: [
      ['companyId', 'status', 'month', 'segment', 'serviceCode', 'cents'],
      ['companyId', 'date DESC', 'id DESC'],
      ['companyId', 'status', 'date DESC', 'id DESC'],
      ['companyId', 'status', 'received', 'date DESC', 'id DESC'],
      // With the value: the month's invoices not received (the panel's reconciliation card,
      // domain/bank/reconciliation/views.ts) are summed from the index alone, not from every
      // open invoice's row (a company with 200,000 of them: 900 ms → 11 ms).
      ['companyId', 'status', 'received', 'dueCents', 'cents'],
      ['companyId', 'takerDocument'],
      ['withSefin'],
      ['status', 'date DESC', 'id DESC'],
      ['date DESC', 'id DESC'],
    ],
    counted: [['companyId'], ['companyId', 'status']],
  },
  nfsSchedulers: {
    table: 'nfs_schedulers',
    key: (scheduler) => scheduler.id,
    columns: { companyId: (scheduler) => scheduler.companyId },
    indexes: [['companyId']],
  },
  documents: {
    table: 'documents',
    key: (document) => document.id,
    columns: {
      companyId: (document) => document.companyId,
      createdAt: (document) => document.createdAt,
    },
    indexes: [['companyId', 'createdAt DESC', 'id DESC']],
  },
  bankConnections: {
    table: 'bank_connections',
    key: (connection) => connection.id,
    columns: { companyId: (connection) => connection.companyId },
    indexes: [['companyId']],
  },
  bankAccounts: {
    table: 'bank_accounts',
    key: (account) => account.id,
    columns: {
      companyId: (account) => account.companyId,
      createdAt: (account) => account.createdAt,
    },
    indexes: [['companyId', 'createdAt DESC', 'id DESC']],
  },
  bankTransactions: {
    table: 'bank_transactions',
    key: (transaction) => transaction.id,
    columns: {
      companyId: (transaction) => transaction.companyId,
      accountId: (transaction) => transaction.accountId,
      date: (transaction) => transaction.date,
      // Signed, in cents: a run over every line leaves out the ones the rules say nothing of
      // without parsing them (mock-server/domain/bank/reconciliation/job.ts).
      amountCents: { integer: (transaction) => toCents(transaction.amount) },
      uncategorized: { integer: (transaction) => (transaction.taxCategoryId === null ? 1 : 0) },
      fitId: (transaction) => transaction.fitId,
      searchText: (transaction) => searchText(transaction.description, transaction.checkNumber),
    },
    // Newest first per account and per company; `uncategorized` rides along so that the "without
    // a category" list filters inside the index. The FITIDs are what an import checks. By amount:
    // the lines an automatic run looks up by their amount (domain/bank/reconciliation/job.ts,
    // `sameAmounts`), here rather than on their records: a line's amount is indexed once, when it
    // is booked, where a record's was at every record a run writes, in no order the index keeps
    // (a full run of scripts/bench-scale.ts, 333,333 records: 3 of its 18 s of writes).
    indexes: [
      ['accountId', 'date DESC', 'id DESC', 'uncategorized'],
      ['companyId', 'date DESC', 'id DESC', 'uncategorized'],
      ['accountId', 'fitId'],
      ['companyId', 'amountCents'],
    ],
    counted: [
      ['accountId'],
      ['accountId', 'uncategorized'],
      ['companyId'],
      ['companyId', 'uncategorized'],
    ],
  },
  coraAuthorizations: {
    table: 'cora_authorizations',
    key: (authorization) => authorization.state,
    columns: {
      code: (authorization) => authorization.code,
      expiresAt: (authorization) => authorization.expiresAt,
    },
    indexes: [['code'], ['expiresAt']],
  },
  // A transaction's reconciliation (its key is the transaction's): the tabs list by company or
  // account and status, newest first. An automatic run looks lines up by amount on their
  // transactions' index (bankTransactions), not on one of these.
  reconciliations: {
    table: 'reconciliations',
    key: (record) => record.transactionId,
    columns: {
      companyId: (record) => record.companyId,
      accountId: (record) => record.accountId,
      status: (record) => record.status,
      side: (record) => record.side,
      date: (record) => record.date,
      amountCents: { integer: (record) => record.amountCents },
    },
    indexes: [
      ['companyId', 'status', 'date DESC', 'id DESC'],
      ['accountId', 'status', 'date DESC', 'id DESC'],
      ['companyId', 'date DESC', 'id DESC'],
      ['accountId', 'date DESC', 'id DESC'],
    ],
    counted: [
      ['companyId', 'status'],
      ['accountId', 'status'],
    ],
  },
  leads: { table: 'leads', key: (lead) => lead.id },
  links: { table: 'links', key: (link) => link.id },
  // A company's A1 certificate and its DPS numbering: each the company's, keyed by its id.
  certificates: { table: 'certificates', key: (certificate) => certificate.companyId },
  dpsSequences: { table: 'dps_sequences', key: (sequence) => sequence.companyId },
  // Each DPS number handed out, recorded before its DPS is sent: what is still awaiting the
  // Sefin's answer is found by status; a request's by its id; a freed number by company.
  dpsReservations: {
    table: 'dps_reservations',
    key: (reservation) => reservation.dpsId,
    columns: {
      companyId: (reservation) => reservation.companyId,
      requestId: (reservation) => reservation.requestId,
      status: (reservation) => reservation.status,
      number: { integer: (reservation) => reservation.number },
    },
    indexes: [['status'], ['requestId'], ['companyId', 'status', 'number']],
  },
  // The Sefin Nacional stand-in's registry: NFS-e by access key, found by DPS and numbered per
  // provider; events by id, per NFS-e.
  sefinNfse: {
    table: 'sefin_nfse',
    key: (nfse) => nfse.accessKey,
    columns: {
      dpsId: (nfse) => nfse.dpsId,
      providerCnpj: (nfse) => nfse.providerCnpj,
      number: { integer: (nfse) => nfse.number },
    },
    indexes: [['dpsId'], ['providerCnpj', 'number']],
  },
  sefinEvents: {
    table: 'sefin_events',
    key: (event) => event.id,
    columns: { accessKey: (event) => event.accessKey },
    indexes: [['accessKey']],
  },
  // The Receita's CNPJ registry stand-in's records, by CNPJ (14 characters, no mask).
  receitaCnpjRecords: { table: 'receita_cnpj_records', key: (record) => record.cnpj },
  // A company's month: key `companyId:period`.
  payrolls: {
    table: 'payrolls',
    key: (payroll) => payroll.id,
    columns: {
      companyId: (payroll) => payroll.companyId,
      period: (payroll) => payroll.period,
      cents: { integer: (payroll) => toCents(payroll.fatorRPayroll) },
    },
    indexes: [['companyId', 'period', 'cents'], ['period']],
  },
  declaredRevenues: {
    table: 'declared_revenues',
    key: (declared) => declared.id,
    columns: {
      companyId: (declared) => declared.companyId,
      period: (declared) => declared.period,
      cents: {
        integer: (declared) => declared.items.reduce((t, item) => t + toCents(item.amount), 0),
      },
    },
    indexes: [['companyId', 'period', 'cents']],
  },
  closedMonths: {
    table: 'closed_months',
    key: (month) => month.id,
    columns: {
      companyId: (month) => month.companyId,
      period: (month) => month.period,
      status: (month) => month.status,
    },
    indexes: [
      ['period', 'status'],
      ['companyId', 'period'],
    ],
  },
  taxGuides: {
    table: 'tax_guides',
    key: (guide) => guide.id,
    columns: {
      companyId: (guide) => guide.companyId,
      fileName: (guide) => guide.fileName,
      replaces: (guide) => guide.replaces,
    },
    indexes: [['companyId', 'fileName'], ['replaces']],
  },
  // The revenue of the months before a company's data here: one record per company (its id).
  revenueHistories: { table: 'revenue_histories', key: (history) => history.companyId },
  // The monthly Selic the product has: one record per month (`YYYY-MM`).
  selicMonths: { table: 'selic_months', key: (month) => month.month },
  // Profits paid to partners: a company's by date (the year's list and sums), a partner's month
  // (the withholding is recalculated over it).
  distributions: {
    table: 'distributions',
    key: (distribution) => distribution.id,
    columns: {
      companyId: (distribution) => distribution.companyId,
      partnerId: (distribution) => distribution.partnerId,
      date: (distribution) => distribution.date,
      month: (distribution) => distribution.date.slice(0, 7),
      cents: { integer: (distribution) => toCents(distribution.amount) },
      irrfCents: { integer: (distribution) => toCents(distribution.irrf) },
    },
    indexes: [
      ['companyId', 'date', 'cents', 'irrfCents'],
      ['companyId', 'partnerId', 'month'],
    ],
  },
  // A company's year (key `companyId:year`), which is also the year-end queue's row: the queue
  // reads a page of a year in the companies' pt-BR name order, by status, or searched by name,
  // alias or CNPJ, from these columns kept by each write of the year.
  companyYears: {
    table: 'company_years',
    key: (year) => year.id,
    columns: {
      companyId: (year) => year.companyId,
      year: { integer: (year) => year.year },
      status: (year) => year.status,
      dueDate: (year) => year.dueDate,
      searchText: (year) => searchText(year.company.name, year.company.alias, year.company.cnpj),
    },
    // Its company's place in the pt-BR name order, copied (table.ts `copies`): placing 200,000
    // years by their own rank (store/rank.ts) cost a minute of the API's thread at 100,000
    // companies (scripts/bench-scale.ts), and a renamed company moves its years at once.
    copies: { nameRank: { from: 'companies', key: 'companyId', column: 'nameRank' } },
    indexes: [
      ['year', 'nameRank'],
      ['year', 'status', 'nameRank'],
      ['companyId', 'year'],
    ],
    counted: [['year'], ['year', 'status']],
  },
}

export const collectionNames = Object.keys(layouts) as CollectionName[]
