import { SEEDED_CORA_CODE, SEEDED_CORA_STATE } from '../../../mock-server/seed/finance'
import type { EndpointContract } from './types'

const OWN = 'companyId=cmp-ana-design'

/**
 * Bank accounts, Cora, OFX, transactions and exports (mock-server/routes/bank-*.ts;
 * mock-server/stand-ins/cora/routes.ts).
 */
export const bankStatementsContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/bank-statements/connections/oauth/cora',
    example: `/bank-statements/connections/oauth/cora?${OWN}`,
    access: 'company',
  },
  {
    method: 'POST',
    route: '/bank-statements/connections/oauth/cora',
    example: `/bank-statements/connections/oauth/cora?code=${SEEDED_CORA_CODE}&state=${SEEDED_CORA_STATE}&${OWN}`,
    // Only the person who started the authorization (ana), not even an admin.
    access: 'recipient',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/bank-statements/connections',
    example: `/bank-statements/connections?${OWN}`,
    access: 'company',
  },
  {
    method: 'GET',
    route: '/bank-statements/connections/{id}',
    example: `/bank-statements/connections/conn-ana-cora?${OWN}`,
    access: 'company',
  },
  {
    method: 'GET',
    route: '/bank-statements/accounts',
    example: `/bank-statements/accounts?${OWN}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/bank-statements/accounts/{id}',
    example: `/bank-statements/accounts/acc-ana-cora?${OWN}`,
    access: 'company',
  },
  {
    method: 'DELETE',
    route: '/bank-statements/accounts/{id}',
    example: `/bank-statements/accounts/acc-ana-nubank?${OWN}`,
    access: 'company',
  },
  {
    method: 'POST',
    route: '/bank-statements/ofx/upload',
    example: `/bank-statements/ofx/upload?${OWN}`,
    access: 'company',
    takesInput: true,
    multipart: {
      field: 'file',
      filename: 'extrato-bb-outubro.ofx',
      contentType: 'application/x-ofx',
      fixture: 'fixtures/finance/samples/extrato-bb-sgml.ofx',
    },
  },
  {
    method: 'GET',
    route: '/bank-statements/accounts/{id}/exports/{type}',
    example: `/bank-statements/accounts/acc-ana-itau/exports/csv?${OWN}&date=2026`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/bank-statements/accounts/{id}/exports',
    example: `/bank-statements/accounts/acc-ana-itau/exports?${OWN}&date=2026`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/bank-statements/tax-categories',
    example: '/bank-statements/tax-categories',
    access: 'signed-in',
  },
  {
    method: 'PUT',
    route: '/bank-statements/transactions/{id}/tax-category',
    example: `/bank-statements/transactions/txn-ana-cora-1/tax-category?${OWN}`,
    access: 'company',
    takesInput: true,
    body: { taxCategoryId: 'receitas-servicos' },
  },
  {
    method: 'PUT',
    route: '/bank-statements/transactions/tax-category',
    example: `/bank-statements/transactions/tax-category?${OWN}`,
    access: 'company',
    takesInput: true,
    body: {
      transactionIds: ['txn-ana-cora-1', 'txn-ana-cora-2'],
      taxCategoryId: 'tarifas-bancarias',
    },
  },
  {
    method: 'GET',
    route: '/bank-statements/transactions',
    example: `/bank-statements/transactions?${OWN}&accountId=acc-ana-cora&withoutTaxCategory=true&from=2026-01-01&query=pix`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/cora/oauth/authorize',
    example: `/cora/oauth/authorize?state=${SEEDED_CORA_STATE}`,
    access: 'public',
  },
  {
    method: 'POST',
    route: '/cora/oauth/authorize',
    example: '/cora/oauth/authorize',
    access: 'public',
    // The consent form's answer: back to the web app's callback with a code.
    body: { state: SEEDED_CORA_STATE, decision: 'allow' },
    okStatus: 302,
  },
]
