import type {
  BankAccount,
  BankConnection,
  BankTransaction,
  CoraAuthorization,
  TaxCategory,
} from '../src/schemas/bank'
import type { CheckoutCharge, Payment, Plan, SubscriptionRecord } from '../src/schemas/billing'
import type { Company } from '../src/schemas/company'
import type { CompanyDocument } from '../src/schemas/document'
import type { DucaPartner, Invite, ReferralReward } from '../src/schemas/engagement'
import type { NfsRequest, NfsScheduler } from '../src/schemas/invoice'
import type { Lead } from '../src/schemas/lead'
import type { ReconciliationRecord } from '../src/schemas/reconciliation'
import type { ReferralLink } from '../src/schemas/link'
import type {
  ClosedMonthRecord,
  DeclaredRevenueRecord,
  PayrollRecord,
  RevenueHistoryRecord,
  SelicMonth,
  TaxGuideRecord,
} from '../src/schemas/simples/api'
import type { Track } from '../src/schemas/track'
import type { CompanyYearRecord, DistributionRecord } from '../src/schemas/year-end'
import type { User } from '../src/schemas/user'
import type {
  CertificateRecord,
  DpsReservation,
  DpsSequence,
  SefinEventRecord,
  SefinNfseRecord,
} from './store/nfse-records'
import type { ReceitaCnpjRecord } from './store/receita-cnpj-records'

// What the mock backend stores: one collection (one SQLite table, mock-server/store/layout.ts) per
// entity, each record shaped by its zod schema in src/schemas. The seeders (mock-server/seed) fill
// it; routes and the domain read and write it through the store.

/** A company's track as stored: the track (what the API answers) and whose it is. */
export type TrackRecord = Track & { companyId: string }

/** Every collection the store keeps, with the type of its records. */
export type Model = {
  users: User[]
  companies: Company[]
  tracks: TrackRecord[]
  plans: Plan[]
  subscriptions: SubscriptionRecord[]
  payments: Payment[]
  checkoutCharges: CheckoutCharge[]
  invites: Invite[]
  referralRewards: ReferralReward[]
  ducaPartners: DucaPartner[]
  taxCategories: TaxCategory[]
  nfsRequests: NfsRequest[]
  nfsSchedulers: NfsScheduler[]
  documents: CompanyDocument[]
  bankConnections: BankConnection[]
  bankAccounts: BankAccount[]
  bankTransactions: BankTransaction[]
  coraAuthorizations: CoraAuthorization[]
  reconciliations: ReconciliationRecord[]
  leads: Lead[]
  links: ReferralLink[]
  certificates: CertificateRecord[]
  dpsSequences: DpsSequence[]
  dpsReservations: DpsReservation[]
  sefinNfse: SefinNfseRecord[]
  sefinEvents: SefinEventRecord[]
  receitaCnpjRecords: ReceitaCnpjRecord[]
  payrolls: PayrollRecord[]
  declaredRevenues: DeclaredRevenueRecord[]
  closedMonths: ClosedMonthRecord[]
  taxGuides: TaxGuideRecord[]
  revenueHistories: RevenueHistoryRecord[]
  selicMonths: SelicMonth[]
  distributions: DistributionRecord[]
  companyYears: CompanyYearRecord[]
}

export type CollectionName = keyof Model
export type RecordOf<K extends CollectionName> = Model[K][number]
