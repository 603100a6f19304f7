// pt-BR formatting through Intl (PRODUCT.md "Formats and language"). Each formatter is made on
// first use: building Intl formatters (time zones especially) is costly, and most pages use few.

const lazy = <T>(make: () => T) => {
  let value: T | undefined
  return () => (value ??= make())
}

const money = lazy(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }))
const date = lazy(() => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }))
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

/** `R$ 1.234,56` */
export const formatMoney = (value: number) => money().format(value)
/** `21/11/2026` (a plain `YYYY-MM-DD` date is read as that calendar day, not shifted by time zone). */
export const formatDate = (value: string | Date) => date().format(toDate(value))
export const formatDateTime = (value: string | Date) => dateTime().format(toDate(value))
export const formatMonthYear = (value: string | Date) => monthYear().format(toDate(value))

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00-03:00`) : new Date(value)
}
