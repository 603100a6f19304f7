import { formatDate, formatMoney, formatPercent } from '@/lib/format'
import { yearInBrazil } from '@/kernel/dates'
import type { DasnOutcome, DeclarationStatus, LateFineView } from '@/schemas/year-end'

// How the year's screens word their figures: the years offered, the statuses, the outcomes.

/** The years a company's year screens offer: this one and the ones before, since `from`. */
export function yearsUpTo(current: number, from = current - 1): number[] {
  const years: number[] = []
  for (let year = current; year >= Math.max(from, 2018); year--) years.push(year)
  return years
}

/** This year in Brazil. */
export const thisYear = () => yearInBrazil(new Date())

export const statusTone: Record<DeclarationStatus, 'warning' | 'info' | 'success' | 'danger'> = {
  'to-complete': 'warning',
  ready: 'info',
  delivered: 'success',
  late: 'danger',
}

export const outcomeLabels: Record<DasnOutcome, string> = {
  within: 'Dentro do limite',
  'excess-up-to-20': 'Acima do limite em até 20 %',
  'excess-over-20': 'Mais de 20 % acima do limite',
}

export const outcomeTone: Record<DasnOutcome, 'success' | 'warning' | 'danger'> = {
  within: 'success',
  'excess-up-to-20': 'warning',
  'excess-over-20': 'danger',
}

/** "Multa de R$ 1.206,00 (2 meses de atraso: 4 % de R$ 60.300,00, metade por entregar antes…)". */
export function fineText(fine: LateFineView): string {
  const months = `${fine.months} ${fine.months === 1 ? 'mês' : 'meses'} de atraso`
  const parts = [`${formatPercent(Math.min(fine.rate, 0.2), 0)} de ${formatMoney(fine.taxes)}`]
  if (fine.reduction > 0) parts.push('metade por entregar antes de qualquer intimação')
  if (fine.fine === fine.minimum && fine.gross - fine.reduction < fine.minimum)
    parts.push(`mínimo de ${formatMoney(fine.minimum)}`)
  return `Multa de ${formatMoney(fine.fine)} (${months} desde ${formatDate(fine.dueDate)}: ${parts.join('; ')})`
}

/** A rate as the presumption tables write it: 32 %, 1,6 %. */
export const rateText = (rate: number) => formatPercent(rate, 1)
