import type { EndpointContract } from './types'

const ANA = 'cmp-ana-design'

/** The back office: companies, orders, company updates and status, users (mock-server/routes/companies.ts, users.ts). */
export const backOfficeContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/companies',
    example: '/companies?query=design&limit=5',
    access: 'signed-in',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/orders/opening-requests',
    example: '/companies/orders/opening-requests?limit=5',
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/orders/migration-requests',
    example: '/companies/orders/migration-requests?status=migrating',
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/orders/{id}',
    example: '/companies/orders/cmp-bruno-tech',
    access: 'system-admin',
  },
  {
    method: 'PUT',
    route: '/companies/{id}',
    example: `/companies/${ANA}`,
    access: 'system-admin',
    takesInput: true,
    body: { alias: 'Ana Design Studio', activities: ['7410299', '7319003', '7420001'] },
  },
  {
    method: 'PUT',
    route: '/companies/{id}/status/{status}',
    example: `/companies/${ANA}/status/disabled`,
    access: 'system-admin',
    takesInput: true,
    body: { reason: 'Contrato encerrado a pedido da cliente.' },
  },
  {
    method: 'GET',
    route: '/companies/{id}/status-history',
    example: `/companies/${ANA}/status-history?limit=5`,
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/admin/users',
    example: '/admin/users?companyId=cmp-ana-design&limit=5',
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/admin/users',
    example: '/admin/users',
    access: 'system-admin',
    takesInput: true,
    body: {
      email: 'marina.alves@contabil.dev',
      name: 'Marina Alves',
      phone: '+55 (11) 91234-5678',
      companyId: 'cmp-ana-design',
    },
  },
  {
    method: 'GET',
    route: '/admin/users/{id}',
    example: '/admin/users/uid-ana',
    access: 'system-admin',
  },
]
