import type { EndpointContract } from './types'

/** The Duca partner program (mock-server/routes/partners.ts). */
export const partnersContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/partners/duca/me',
    example: '/partners/duca/me',
    access: 'signed-in',
  },
  {
    method: 'POST',
    route: '/partners/duca',
    example: '/partners/duca',
    access: 'signed-in',
    takesInput: true,
    body: {
      kind: 'accountant',
      name: 'Ana Paula Ribeiro',
      document: '529.982.247-25',
      crc: 'SP-123456/O-5',
      email: 'ana@contabil.dev',
      phone: '(11) 98765-4321',
      city: 'São Paulo',
      state: 'SP',
      pixKey: 'ana@contabil.dev',
      acceptTerms: true,
    },
  },
  {
    method: 'GET',
    route: '/partners/duca/companies',
    example: '/partners/duca/companies?limit=5',
    access: 'signed-in',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/admin/partners/duca',
    example: '/admin/partners/duca?status=pending_review',
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'PUT',
    route: '/admin/partners/duca/{id}/status/{status}',
    example: '/admin/partners/duca/duca-cristina/status/approved',
    access: 'system-admin',
    takesInput: true,
  },
]
