import { formatCep, formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils'
import { dayInBrazil } from '@/kernel/dates'
import { toCents } from '@/kernel/money'

// The one set of formatters (PRODUCT.md "Formats and language"): pt-BR money, numbers, dates and
// Brazilian documents, for the public site and the signed-in area alike.
// Money, numbers and calendar days are written out without Intl: building an Intl formatter costs
// a phone tens of milliseconds (locale data), which a first paint cannot afford. Their text is
// exactly Intl's pt-BR (tests/unit/format.test.ts compares them). Date-times and month names use
// Intl, each formatter made on first use.

/** 1332 → "1.332". */
export function formatInteger(value: number): string {
  const sign = value < 0 ? '-' : ''
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/** (1, 'pedido', 'pedidos') → "1 pedido"; (1332, …) → "1.332 pedidos". */
export const formatCount = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`

/**
 * 1234.56 → "R$ 1.234,56" (a no-break space after R$, like Intl), rounded to the cent as the
 * amounts are (`toCents`: 1,005 → "R$ 1,01"); what rounds to zero is "R$ 0,00", never "-R$ 0,00".
 */
export function formatMoney(value: number): string {
  const cents = toCents(value)
  const whole = Math.abs(cents)
  const text = `R$\u00a0${formatInteger(Math.floor(whole / 100))},${String(whole % 100).padStart(2, '0')}`
  return cents < 0 ? `-${text}` : text
}

/** 15.5 → "15,5" (decimals as written, comma as separator). */
export const formatDecimal = (value: number) => String(value).replace('.', ',')

/** 0.1751 → "17,51 %" (rates and shares, two decimals at most). */
export const formatPercent = (share: number, decimals = 2) =>
  `${(Math.round(share * 100 * 10 ** decimals) / 10 ** decimals).toLocaleString('pt-BR', {
    maximumFractionDigits: decimals,
  })} %`

/**
 * "21/11/2026": a plain `YYYY-MM-DD` is that calendar day; a time (ISO text or Date) is the day
 * it falls on in São Paulo (`dayInBrazil`, src/kernel/dates.ts).
 */
export function formatDate(value: string | Date): string {
  const [year, month, day] = dayInBrazil(value).split('-')
  return `${day}/${month}/${year}`
}

const lazy = <T>(make: () => T) => {
  let value: T | undefined
  return () => (value ??= make())
}
const dateTime = lazy(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'short',
    }),
)
const monthYear = lazy(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      month: 'long',
      year: 'numeric',
    }),
)

const toDate = (value: string | Date): Date =>
  value instanceof Date
    ? value
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00-03:00`)
      : new Date(value)

/** "21/11/2026, 14:30" in São Paulo. */
export const formatDateTime = (value: string | Date) => dateTime().format(toDate(value))
/** "novembro de 2026". */
export const formatMonthYear = (value: string | Date) => monthYear().format(toDate(value))

/** CNPJ, numeric or alphanumeric: "12.ABC.345/01DE-35"; "—" when there is none. */
export const formatCnpjValue = (value: string | null | undefined) =>
  value ? formatCnpj(value, { version: 2 }) : '—'
export const formatCpfValue = (value: string | null | undefined) => (value ? formatCpf(value) : '—')
export const formatCepValue = (value: string | null | undefined) => (value ? formatCep(value) : '—')
