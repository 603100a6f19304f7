import { formatCep, formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils'

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

/** 1234.56 → "R$ 1.234,56" (a no-break space after R$, like Intl). */
export function formatMoney(value: number): string {
  const cents = Math.round(Math.abs(value) * 100)
  const text = `R$\u00a0${formatInteger(Math.floor(cents / 100))},${String(cents % 100).padStart(2, '0')}`
  return value < 0 ? `-${text}` : text
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
 * it falls on in São Paulo (UTC−3, no daylight saving since 2019).
 */
export function formatDate(value: string | Date): string {
  const text = value instanceof Date ? value.toISOString() : value
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`
  const local = new Date(Date.parse(text) - 3 * 60 * 60 * 1000).toISOString()
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`
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
