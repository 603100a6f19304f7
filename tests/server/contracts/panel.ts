import { todayInBrazil } from '../../../src/schemas/finance-common'
import type { EndpointContract } from './types'

const OWN = 'companyId=cmp-ana-design'

/** The panel's reports (mock-server/routes/reports.ts). */
export const panelContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/reports/anual-billing-by-company',
    example: `/reports/anual-billing-by-company?${OWN}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/reports/billing-by-category',
    example: `/reports/billing-by-category?${OWN}&period=${todayInBrazil().slice(0, 4)}`,
    access: 'company',
    takesInput: true,
  },
]
