// A due date said relative to today in Brazil, the one way every screen says it: "vence em
// 20/12", "vence hoje", "venceu em 23/11 — atrasado há 5 dias". A past date is never said as
// future: the words come from the day, not from the sentence around it. Days are plain
// `YYYY-MM-DD` calendar days (src/schemas/calendar.ts cuts "today" in São Paulo); the year is said
// only when it is not this year's. Pure: the caller passes today (the client's clock, or the
// server's for what the server says).

const DAY_MS = 86_400_000

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is before. */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) =>
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
  return Math.round((utc(to) - utc(from)) / DAY_MS)
}

/** "20/12", or "20/12/2027" when the year is not today's. */
export function shortDay(day: string, today: string): string {
  const [year, month, date] = day.split('-')
  return year === today.slice(0, 4) ? `${date}/${month}` : `${date}/${month}/${year}`
}

let rules: Intl.PluralRules | undefined

/**
 * The word for a count in pt-BR by Intl.PluralRules ("1 dia", "5 dias", "1.000.000 de notas" with
 * `many`); zero takes the plural ("0 notas"), as Brazilian usage says it, although CLDR files 0
 * under "one".
 */
export function pluralWord(
  count: number,
  forms: { one: string; other: string; many?: string },
): string {
  if (count === 0) return forms.other
  rules ??= new Intl.PluralRules('pt-BR')
  const category = rules.select(count)
  if (category === 'one') return forms.one
  if (category === 'many') return forms.many ?? forms.other
  return forms.other
}

export type DueState = 'future' | 'today' | 'overdue'

export type DueWords = {
  state: DueState
  /** Days past the due date (0 unless overdue). */
  daysLate: number
  /** Lower case, to go inside a sentence: "vence em 20/12". */
  text: string
}

/**
 * What to say of a due date today: "vence em 20/12", "vence hoje", "venceu em 23/11 — atrasado
 * há 5 dias" (`late` names what is late: "atrasada" for a guide, "atrasado" for a month).
 */
export function dueWords(
  dueDate: string,
  today: string,
  { late = 'atrasado' }: { late?: 'atrasado' | 'atrasada' } = {},
): DueWords {
  const days = daysBetween(today, dueDate)
  if (days > 0)
    return { state: 'future', daysLate: 0, text: `vence em ${shortDay(dueDate, today)}` }
  if (days === 0) return { state: 'today', daysLate: 0, text: 'vence hoje' }
  const daysLate = -days
  return {
    state: 'overdue',
    daysLate,
    text: `venceu em ${shortDay(dueDate, today)} — ${late} há ${daysLate} ${pluralWord(daysLate, { one: 'dia', other: 'dias' })}`,
  }
}

/** The same words starting a sentence: "Vence em 20/12". */
export const dueSentence = (...args: Parameters<typeof dueWords>) => {
  const { text } = dueWords(...args)
  return text.charAt(0).toUpperCase() + text.slice(1)
}
