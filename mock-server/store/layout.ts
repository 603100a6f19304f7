import { foldText } from '../finance/text'
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
      createdAt: (company) => company.createdAt,
      updatedAt: (company) => company.updatedAt,
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
    },
    indexes: [
      ['companyId', 'date DESC', 'id DESC'],
      ['companyId', 'status', 'date DESC', 'id DESC'],
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
      uncategorized: { integer: (transaction) => (transaction.taxCategoryId === null ? 1 : 0) },
      fitId: (transaction) => transaction.fitId,
      searchText: (transaction) => searchText(transaction.description, transaction.checkNumber),
    },
    // Newest first per account and per company; `uncategorized` rides along so that the "without
    // a category" list filters inside the index. The FITIDs are what an import checks.
    indexes: [
      ['accountId', 'date DESC', 'id DESC', 'uncategorized'],
      ['companyId', 'date DESC', 'id DESC', 'uncategorized'],
      ['accountId', 'fitId'],
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
  leads: { table: 'leads', key: (lead) => lead.id },
  links: { table: 'links', key: (link) => link.id },
  // A company's A1 certificate and its DPS numbering: each the company's, keyed by its id.
  certificates: { table: 'certificates', key: (certificate) => certificate.companyId },
  dpsSequences: { table: 'dps_sequences', key: (sequence) => sequence.companyId },
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
}

export const collectionNames = Object.keys(layouts) as CollectionName[]
