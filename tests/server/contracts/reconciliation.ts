import {
  SEEDED_ISS_LINE,
  SEEDED_SUGGESTED_INVOICE,
  SEEDED_SUGGESTED_LINE,
  SEEDED_UNINVOICED_LINE,
} from '../../../mock-server/seed/reconciliation'
import type { EndpointContract } from './types'

const OWN = 'companyId=cmp-ana-design'

/** Bank reconciliation (mock-server/routes/reconciliation.ts), from ana's seeded story. */
export const reconciliationContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/bank-statements/reconciliation',
    example: `/bank-statements/reconciliation?${OWN}&status=suggested`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/bank-statements/reconciliation/summary',
    example: `/bank-statements/reconciliation/summary?${OWN}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/bank-statements/reconciliation',
    example: `/bank-statements/reconciliation?${OWN}`,
    access: 'company',
    body: { transactionId: SEEDED_SUGGESTED_LINE, invoiceIds: [SEEDED_SUGGESTED_INVOICE] },
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/bank-statements/reconciliation/explanations',
    example: `/bank-statements/reconciliation/explanations?${OWN}`,
    access: 'company',
    body: { transactionIds: [SEEDED_UNINVOICED_LINE], explanation: 'transfer' },
    takesInput: true,
  },
  {
    method: 'DELETE',
    route: '/bank-statements/reconciliation/{transactionId}',
    example: `/bank-statements/reconciliation/${SEEDED_ISS_LINE}?${OWN}`,
    access: 'company',
  },
]
