// Brazilian number and date formats without Intl, for the public pages: building an Intl
// formatter costs tens of milliseconds on a phone (locale data), which the first paint cannot
// afford. The output is the same as Intl's pt-BR formats (tests/unit/br-format.test.ts).

/** 1332 → "1.332". */
export function formatInteger(value: number): string {
  const sign = value < 0 ? '-' : ''
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/** 189.9 → "R$ 189,90" (a no-break space after R$, like Intl). */
export function formatBRL(value: number): string {
  const cents = Math.round(Math.abs(value) * 100)
  const text = `R$\u00a0${formatInteger(Math.floor(cents / 100))},${String(cents % 100).padStart(2, '0')}`
  return value < 0 ? `-${text}` : text
}

/** 15.5 → "15,5" (decimals as written, comma as separator). */
export const formatDecimal = (value: number) => String(value).replace('.', ',')

/** An ISO date or time → "06/10/2025", the calendar day in São Paulo (UTC−3, no daylight saving). */
export function formatDateBR(value: string): string {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const day = plain
    ? { y: plain[1]!, m: plain[2]!, d: plain[3]! }
    : (() => {
        const local = new Date(Date.parse(value) - 3 * 60 * 60 * 1000).toISOString()
        return { y: local.slice(0, 4), m: local.slice(5, 7), d: local.slice(8, 10) }
      })()
  return `${day.d}/${day.m}/${day.y}`
}
