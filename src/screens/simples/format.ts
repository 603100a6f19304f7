import { formatMonthYear } from '@/lib/format'
import { formatCollectionLine } from '@/kernel/tax'

/** `2026-10` → "outubro de 2026". */
export const competenceLabel = (period: string) => formatMonthYear(`${period}-15`)

/** `2026-10` → "10/2026". */
export const competenceShort = (period: string) => `${period.slice(5)}/${period.slice(0, 4)}`

/** 0.16812 → "16,81 %"; rates of the law to two decimals. */
export const formatRate = (rate: number, decimals = 2) =>
  `${(rate * 100).toLocaleString('pt-BR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })} %`

/** The 48-digit line in its four blocks with their check digits, as printed on the guide. */
export const formatLine = formatCollectionLine

/** The last months up to `period`, newest first (`YYYY-MM`). */
export function monthsUpTo(period: string, count: number): string[] {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1
  return Array.from({ length: count }, (_, i) => {
    const at = index - i
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`
  })
}

export { simplesTaxLabels as taxLabels } from '@/kernel/tax'
