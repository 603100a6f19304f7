import { formatCnpj, formatCpf, formatCep } from '@brazilian-utils/brazilian-utils'

// pt-BR formatting through Intl (PRODUCT.md "Formats and language").
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' })
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
})
const monthYear = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  month: 'long',
  year: 'numeric',
})

/** `R$ 1.234,56` */
export const formatMoney = (value: number) => money.format(value)
/** `21/11/2026` (a plain `YYYY-MM-DD` date is read as that calendar day, not shifted by time zone). */
export const formatDate = (value: string | Date) => date.format(toDate(value))
export const formatDateTime = (value: string | Date) => dateTime.format(toDate(value))
export const formatMonthYear = (value: string | Date) => monthYear.format(toDate(value))

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00-03:00`) : new Date(value)
}

export const formatCnpjValue = (value: string | null | undefined) =>
  value ? formatCnpj(value, { version: 2 }) : '—'
export const formatCpfValue = (value: string | null | undefined) => (value ? formatCpf(value) : '—')
export const formatCepValue = (value: string | null | undefined) => (value ? formatCep(value) : '—')
