import { z } from 'zod'
import {
  bankAccountSchema,
  bankConnectionSchema,
  bankTransactionSchema,
  coraAuthorizationSchema,
  taxCategorySchema,
} from '../../src/schemas/bank'
import {
  checkoutChargeSchema,
  paymentSchema,
  planSchema,
  subscriptionRecordSchema,
} from '../../src/schemas/billing'
import { companySchema } from '../../src/schemas/company'
import { documentSchema } from '../../src/schemas/document'
import { ducaPartnerSchema, inviteSchema, referralRewardSchema } from '../../src/schemas/engagement'
import { nfsRequestSchema, nfsSchedulerSchema } from '../../src/schemas/invoice'
import { leadSchema } from '../../src/schemas/lead'
import { referralLinkSchema } from '../../src/schemas/link'
import {
  closedMonthRecordSchema,
  declaredRevenueRecordSchema,
  payrollRecordSchema,
  revenueHistoryRecordSchema,
  selicMonthSchema,
  taxGuideRecordSchema,
} from '../../src/schemas/simples/api'
import { reconciliationRecordSchema } from '../../src/schemas/reconciliation'
import { trackSchema } from '../../src/schemas/track'
import { userSchema } from '../../src/schemas/user'
import { companyYearRecordSchema, distributionRecordSchema } from '../../src/schemas/year-end'
import type { CollectionName, RecordOf } from '../model'
import {
  certificateRecordSchema,
  dpsSequenceSchema,
  sefinEventRecordSchema,
  sefinNfseRecordSchema,
  dpsReservationSchema,
} from './nfse-records'
import { receitaCnpjRecordSchema } from './receita-cnpj-records'

// The zod schema of each collection's records (the model, model.ts): what a record read from
// outside the store (an old data folder's db.json, store/legacy.ts) must be before it is stored.

export const recordSchemas: { [K in CollectionName]: z.ZodType<RecordOf<K>> } = {
  users: userSchema,
  companies: companySchema,
  tracks: trackSchema.extend({ companyId: z.string() }),
  plans: planSchema,
  subscriptions: subscriptionRecordSchema,
  payments: paymentSchema,
  checkoutCharges: checkoutChargeSchema,
  invites: inviteSchema,
  referralRewards: referralRewardSchema,
  ducaPartners: ducaPartnerSchema,
  taxCategories: taxCategorySchema,
  nfsRequests: nfsRequestSchema,
  nfsSchedulers: nfsSchedulerSchema,
  documents: documentSchema,
  bankConnections: bankConnectionSchema,
  bankAccounts: bankAccountSchema,
  bankTransactions: bankTransactionSchema,
  coraAuthorizations: coraAuthorizationSchema,
  leads: leadSchema,
  links: referralLinkSchema,
  certificates: certificateRecordSchema,
  dpsSequences: dpsSequenceSchema,
  dpsReservations: dpsReservationSchema,
  sefinNfse: sefinNfseRecordSchema,
  sefinEvents: sefinEventRecordSchema,
  receitaCnpjRecords: receitaCnpjRecordSchema,
  payrolls: payrollRecordSchema,
  declaredRevenues: declaredRevenueRecordSchema,
  closedMonths: closedMonthRecordSchema,
  taxGuides: taxGuideRecordSchema,
  revenueHistories: revenueHistoryRecordSchema,
  selicMonths: selicMonthSchema,
  reconciliations: reconciliationRecordSchema,
  distributions: distributionRecordSchema,
  companyYears: companyYearRecordSchema,
}
