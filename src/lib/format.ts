import { formatCep, formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils'
import { noonInBrazil, pluralWord } from '@/kernel/dates'
import { formatInteger } from '@/kernel/money'

// The one set of formatters (docs/product.md §11 "Formats and language"): pt-BR money, numbers,
// dates and Brazilian documents, for the public site and the signed-in area alike. Money, numbers
// and calendar days are written out without Intl: building an Intl formatter costs a phone tens of
// milliseconds (locale data), which a first paint cannot afford. Their text is exactly Intl's pt-BR
// (tests/unit/format.test.ts compares them). Date-times and month names use Intl, each formatter
// made on first use.

// Money and calendar days are the kernel's (src/kernel/money.ts, src/kernel/dates.ts).
export { formatInteger, formatMoney } from '@/kernel/money'
export { formatDate } from '@/kernel/dates'

/** (1, 'pedido', 'pedidos') → "1 pedido"; (1332, …) → "1.332 pedidos" (Intl.PluralRules). */
export const formatCount = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${pluralWord(count, { one, other: many })}`

/** 15.5 → "15,5" (decimals as written, comma as separator). */
export const formatDecimal = (value: number) => String(value).replace('.', ',')

/** 0.1751 → "17,51 %" (rates and shares, two decimals at most). */
export const formatPercent = (share: number, decimals = 2) =>
  `${(Math.round(share * 100 * 10 ** decimals) / 10 ** decimals).toLocaleString('pt-BR', {
    maximumFractionDigits: decimals,
  })} %`

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
      ? noonInBrazil(value)
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
