import { formatCnpj, formatCpf, formatCep } from '@brazilian-utils/brazilian-utils'

// Money and dates live in ./intl (no dependencies, so the public pages can use them cheaply);
// the Brazilian document formats are here.
export { formatDate, formatDateTime, formatMoney, formatMonthYear } from './intl'

export const formatCnpjValue = (value: string | null | undefined) =>
  value ? formatCnpj(value, { version: 2 }) : '—'
export const formatCpfValue = (value: string | null | undefined) => (value ? formatCpf(value) : '—')
export const formatCepValue = (value: string | null | undefined) => (value ? formatCep(value) : '—')
