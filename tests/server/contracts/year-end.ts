import { todayInBrazil } from '../../../src/schemas/finance-common'
import { addMonths } from '../../../src/kernel/tax'
import { yearsWith } from '../../../src/kernel/tax/parameters'
import type { EndpointContract } from './types'

// The year (mock-server/routes/year-end.ts): ana's profits, distributions and income reports, the
// DEFIS (ana's to read and complete; aline's, completed in the seed, to deliver), marcelo's
// DASN-SIMEI (MEI, answered in the seed) and the year-end queue.

const year = () => Number(todayInBrazil().slice(0, 4))
/**
 * The DASN-SIMEI's year to read and complete: this one, or the one before while this year's
 * minimum wage (the DAS-MEI's) is not in src/kernel/tax/parameters.ts — the server refuses such
 * a year with the message that says so (mock-server/domain/year-end/declarations.ts).
 */
const dasnYear = () => (yearsWith('minimumWage').includes(year()) ? year() : year() - 1)
const ANA = '/companies/cmp-ana-design'
const MEI = '/companies/cmp-marcelo-techfix'
const MARCELO = { own: 'marcelo.techfix.jp@gmail.com', other: 'bruno@contabil.dev' }
/** Ana's seeded distribution of last month (the 10th). */
const lastDistribution = () => `dist-ana-design-${addMonths(todayInBrazil().slice(0, 7), -1)}-10`

export const yearEndContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/companies/{id}/profits/{year}',
    example: `${ANA}/profits/${year()}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'PUT',
    route: '/companies/{id}/profits/{year}/books',
    example: `${ANA}/profits/${year()}/books`,
    access: 'system-admin',
    body: { profit: 120_000, source: 'Balancete do mês', upTo: todayInBrazil() },
    takesInput: true,
  },
  {
    method: 'DELETE',
    route: '/companies/{id}/profits/{year}/books',
    example: `${ANA}/profits/${year()}/books`,
    access: 'system-admin',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/companies/{id}/profits/distributions',
    example: `${ANA}/profits/distributions`,
    access: 'company',
    body: { partnerId: '52998224725', date: todayInBrazil(), amount: 1_500 },
    takesInput: true,
  },
  {
    method: 'DELETE',
    route: '/companies/{id}/profits/distributions/{distributionId}',
    example: `${ANA}/profits/distributions/${lastDistribution()}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/{id}/income-reports/{year}',
    example: `${ANA}/income-reports/${year() - 1}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/{id}/income-reports/{year}/{partnerId}',
    example: `${ANA}/income-reports/${year() - 1}/52998224725`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/companies/{id}/income-reports/{year}/send',
    example: `${ANA}/income-reports/${year() - 1}/send`,
    access: 'system-admin',
    okStatus: 200,
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/{id}/defis/{year}',
    example: `${ANA}/defis/${year() - 1}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'PUT',
    route: '/companies/{id}/defis/{year}',
    example: `${ANA}/defis/${year() - 1}`,
    access: 'company',
    body: { cashStart: 500, cashEnd: 1_500, employeesStart: 0, employeesEnd: 0 },
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/companies/{id}/defis/{year}/deliver',
    example: `/companies/cmp-aline-marketing/defis/${year() - 1}/deliver`,
    access: 'system-admin',
    body: { receipt: '2026.00012.345678' },
    okStatus: 200,
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/{id}/dasn-simei/{year}',
    example: `${MEI}/dasn-simei/${dasnYear()}`,
    access: 'company',
    callers: MARCELO,
    takesInput: true,
  },
  {
    method: 'PUT',
    route: '/companies/{id}/dasn-simei/{year}',
    example: `${MEI}/dasn-simei/${dasnYear()}`,
    access: 'company',
    callers: MARCELO,
    body: { hadEmployee: false, otherRevenue: { commerce: 0, industry: 0, services: 1_200 } },
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/companies/{id}/dasn-simei/{year}/deliver',
    example: `${MEI}/dasn-simei/${year() - 1}/deliver`,
    access: 'system-admin',
    body: { receipt: '2026.00077.112233' },
    okStatus: 200,
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/year-end/{year}',
    example: `/year-end/${year() - 1}?limit=25&status=late&query=ana`,
    access: 'system-admin',
    takesInput: true,
  },
]
