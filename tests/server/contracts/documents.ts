import type { EndpointContract } from './types'

const OWN = 'companyId=cmp-ana-design'

/** Documents and guias (mock-server/routes/documents.ts). */
export const documentsContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/documents',
    example: `/documents?${OWN}&type=guia&type=comprovante&limit=5`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/documents',
    example: `/documents?${OWN}`,
    access: 'company',
    takesInput: true,
    body: {
      type: 'comprovante',
      name: 'Comprovante da taxa da Junta Comercial',
      fileName: 'comprovante-taxa-junta.pdf',
    },
  },
  {
    method: 'PUT',
    route: '/documents/{id}/status/{status}',
    example: `/documents/doc-ana-darf/status/paid?${OWN}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'DELETE',
    route: '/documents/{id}',
    example: `/documents/doc-ana-outros-contrato-cliente?${OWN}`,
    access: 'company',
  },
]
