import type { EndpointContract } from './types'

const OWN = 'companyId=cmp-ana-design'

/** The user's own account: profile, billing and checkout, invites, referrals (mock-server/routes/account.ts). */
export const accountContracts: EndpointContract[] = [
  {
    method: 'PATCH',
    route: '/users/{id}',
    example: '/users/uid-ana',
    access: 'self',
    takesInput: true,
    body: { name: 'Ana Paula Ribeiro Souza', phone: '(11) 98765-4321' },
  },
  {
    method: 'DELETE',
    route: '/users/{id}',
    example: '/users/uid-ana',
    access: 'self',
    okStatus: 204,
  },
  {
    method: 'GET',
    route: '/plans',
    example: '/plans?size=ME',
    access: 'public',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/subscriptions',
    example: `/subscriptions?${OWN}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/subscriptions/{id}',
    example: '/subscriptions/sub-ana-design',
    access: 'company',
  },
  {
    method: 'GET',
    route: '/v1/ecommerce/payments',
    example: `/v1/ecommerce/payments?${OWN}&status=paid&limit=5`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/checkout/{paymentId}',
    example: '/checkout/pay-eva-comercio-2026-10',
    access: 'public',
  },
  {
    method: 'POST',
    route: '/checkout/{paymentId}/pay',
    example: '/checkout/pay-eva-comercio-2026-10/pay',
    access: 'public',
    okStatus: 200,
    takesInput: true,
    body: { method: 'pix' },
  },
  {
    method: 'GET',
    route: '/invites',
    example: `/invites?${OWN}&status=pending`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/invites',
    example: `/invites?${OWN}`,
    access: 'company',
    takesInput: true,
    body: { email: 'rafaela.monteiro@gmail.com' },
  },
  {
    method: 'DELETE',
    route: '/invites/{id}',
    example: `/invites/inv-ana-joao?${OWN}`,
    access: 'company',
  },
  {
    method: 'GET',
    route: '/invites/received',
    example: '/invites/received',
    access: 'signed-in',
  },
  {
    method: 'POST',
    route: '/invites/{id}/accept',
    example: '/invites/inv-ana-cristina/accept',
    access: 'recipient',
    callers: { own: 'cristina.moraes.consultoria@gmail.com', other: 'bruno@contabil.dev' },
    okStatus: 200,
  },
  { method: 'GET', route: '/referrals/me', example: '/referrals/me', access: 'signed-in' },
  {
    method: 'GET',
    route: '/referrals',
    example: '/referrals?status=available',
    access: 'signed-in',
    takesInput: true,
  },
]
