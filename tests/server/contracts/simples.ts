import { todayInBrazil } from '../../../src/schemas/finance-common'
import { addMonths } from '../../../src/kernel/tax'
import type { EndpointContract } from './types'

// The Simples Nacional month, its close and queue, the guides to pay and the payroll
// (mock-server/routes/simples.ts and payroll.ts). Ana's last month is open in the seed (its
// payroll not entered yet); marcelo's MEI month three months back is open and ready to close.

const current = () => todayInBrazil().slice(0, 7)
const last = () => addMonths(current(), -1)
const ANA = '/companies/cmp-ana-design'

export const simplesContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/companies/{id}/simples/{period}',
    example: `${ANA}/simples/${last()}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'PUT',
    route: '/companies/{id}/simples/{period}/revenue',
    example: `${ANA}/simples/${last()}/revenue`,
    access: 'company',
    body: { items: [{ cnae: '7410299', amount: 1_500 }] },
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/companies/{id}/simples/{period}/close',
    example: `/companies/cmp-marcelo-techfix/simples/${addMonths(current(), -3)}/close`,
    access: 'system-admin',
    okStatus: 200,
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/{id}/guides',
    example: `${ANA}/guides`,
    access: 'company',
  },
  {
    method: 'GET',
    route: '/companies/{id}/guides/{documentId}/late-payment',
    example: `${ANA}/guides/doc-ana-darf/late-payment?paymentDate=${todayInBrazil()}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/companies/{id}/guides/{documentId}/late-payment',
    example: `${ANA}/guides/doc-ana-darf/late-payment`,
    access: 'company',
    body: { paymentDate: todayInBrazil() },
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/simples/{period}',
    example: `/simples/${last()}?limit=25&query=ana&sort=status`,
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/simples/{period}/close',
    example: `/simples/${addMonths(current(), -3)}/close`,
    access: 'system-admin',
    body: { companyIds: ['cmp-marcelo-techfix'] },
    okStatus: 200,
    takesInput: true,
  },
]

export const payrollContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/companies/{id}/payroll/{period}',
    example: `${ANA}/payroll/${last()}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'PUT',
    route: '/companies/{id}/payroll/{period}',
    example: `${ANA}/payroll/${last()}`,
    access: 'company',
    body: { proLabore: [{ partnerId: '52998224725', amount: 8_500 }], salaries: 0, fgts: 0 },
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/{id}/payroll/{period}/receipts',
    example: `${ANA}/payroll/${addMonths(current(), -2)}/receipts`,
    access: 'company',
  },
]
