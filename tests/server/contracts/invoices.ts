import type { EndpointContract } from './types'

const OWN = 'companyId=cmp-ana-design'

/** A request ana's company can send from the seed (also used by the invoice suites). */
export const exampleInvoiceBody = {
  cnpj: '45.218.739/0001-02',
  totalValue: 1850.5,
  serviceDescription: 'Criação de identidade visual para a linha de cafés especiais',
  taxationCode: '230101',
  // São Paulo (IBGE), where ana's company is.
  municipalityCode: '3550308',
  issWithheld: false,
  taker: {
    document: '66.769.352/0001-14',
    name: 'Café Bom Grão Comércio Ltda',
    email: 'marketing@cafebomgrao.com.br',
    address: {
      zipCode: '05435-000',
      state: 'SP',
      city: 'São Paulo',
      street: 'Rua Harmonia',
      number: '321',
      complement: '',
      neighborhood: 'Vila Madalena',
    },
  },
}

/** NFS-e requests and schedules (mock-server/routes/nfs-requests.ts, nfs-schedulers.ts). */
export const invoicesContracts: EndpointContract[] = [
  {
    method: 'POST',
    route: '/nfs/requests',
    example: `/nfs/requests?${OWN}`,
    access: 'company',
    takesInput: true,
    body: exampleInvoiceBody,
  },
  {
    method: 'GET',
    route: '/nfs/requests',
    example: `/nfs/requests?${OWN}&status=issued&limit=5`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/nfs/services',
    example: `/nfs/services?${OWN}&limit=20`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/nfs/requests/search',
    example: '/nfs/requests/search?status=pending&limit=20',
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/nfs/requests/{id}',
    example: `/nfs/requests/nfs-ana-aguardando?${OWN}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'DELETE',
    route: '/nfs/requests/{id}',
    example: `/nfs/requests/nfs-ana-rascunho?${OWN}`,
    access: 'company',
  },
  {
    method: 'PUT',
    route: '/nfs/requests/{id}/status/{status}',
    example: '/nfs/requests/nfs-ana-aguardando/status/processing',
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/nfs/schedulers',
    example: `/nfs/schedulers?${OWN}`,
    access: 'company',
    takesInput: true,
    body: { ...exampleInvoiceBody, dayOfMonth: 10 },
  },
  {
    method: 'PUT',
    route: '/nfs/schedulers/{id}',
    example: `/nfs/schedulers/sch-ana-cafe?${OWN}`,
    access: 'company',
    takesInput: true,
    body: { ...exampleInvoiceBody, totalValue: 2600, dayOfMonth: 5, active: true },
  },
  {
    method: 'DELETE',
    route: '/nfs/schedulers/{id}',
    example: `/nfs/schedulers/sch-ana-instituto?${OWN}`,
    access: 'company',
  },
  {
    method: 'GET',
    route: '/nfs/schedulers',
    example: `/nfs/schedulers?${OWN}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/nfs/schedulers/active',
    example: '/nfs/schedulers/active',
    access: 'signed-in',
    takesInput: true,
  },
]
