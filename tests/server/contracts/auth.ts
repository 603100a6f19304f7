import type { EndpointContract } from './types'

const ANA = 'cmp-ana-design'

/** Sign-up, the caller's own record and companies (mock-server/routes/users.ts, companies.ts). */
export const authContracts: EndpointContract[] = [
  {
    method: 'POST',
    route: '/users',
    example: '/users',
    access: 'public',
    takesInput: true,
    body: {
      name: 'Joana Prado',
      email: 'joana.prado@example.com',
      password: 'segredo123',
      phone: '+55 (11) 97777-6666',
      trackId: 'create-company',
      indicatedBy: 'ANA5847',
    },
  },
  { method: 'GET', route: '/users/me', example: '/users/me', access: 'signed-in' },
  { method: 'GET', route: '/companies/me', example: '/companies/me', access: 'signed-in' },
  { method: 'GET', route: '/companies/{id}', example: `/companies/${ANA}`, access: 'company' },
]
