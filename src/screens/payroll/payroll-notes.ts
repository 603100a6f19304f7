import { dueSentence, dueWords } from '@/kernel/dates'
import type { Payroll } from '@/schemas/simples/api'
import { guideStateOf } from '@/screens/simples'

// What Pró-labore says of the payroll's guides (the DCTFWeb DARF and the FGTS), from the month's
// payroll answer: the guide once the month closed (to pay, late, paid with its day and bank),
// else when it falls due, said relative to today (src/kernel/dates.ts) — never a past day as
// future — and that the guide comes out when the month closes.

type PayrollGuides = Pick<Payroll, 'guides' | 'locked' | 'darfDueDate' | 'fgtsDueDate'>

/** Before the close: "Vence em 20/12. A guia sai …", or late "Venceu em …: a guia sai … com multa". */
function beforeClose(dueDate: string, today: string) {
  const due = dueWords(dueDate, today, { late: 'atrasada' })
  const sentence = dueSentence(dueDate, today, { late: 'atrasada' })
  return due.state === 'overdue'
    ? `${sentence}: a guia sai no fechamento do mês, com multa e juros até o dia do pagamento.`
    : `${sentence}. A guia sai no fechamento do mês.`
}

/** The DCTFWeb DARF's state in one sentence. */
export function darfNote(payroll: PayrollGuides, today: string) {
  const guide = payroll.guides.find((g) => g.kind === 'DARF')
  if (guide) return `${guideStateOf(guide, today).text}.`
  if (payroll.locked) return 'Mês fechado sem DARF: nada a recolher na DCTFWeb.'
  if (!payroll.darfDueDate) return 'A guia sai no fechamento do mês.'
  return beforeClose(payroll.darfDueDate, today)
}

/** The FGTS Digital guide's state: its own guide, paid by the company. */
export function fgtsNote(payroll: PayrollGuides, today: string) {
  const guide = payroll.guides.find((g) => g.kind === 'FGTS')
  if (guide) return `${guideStateOf(guide, today).text}. Guia própria, paga pela empresa.`
  if (payroll.locked || !payroll.fgtsDueDate)
    return 'Guia própria, paga pela empresa; sai no fechamento do mês.'
  return `${beforeClose(payroll.fgtsDueDate, today)} Guia própria, paga pela empresa.`
}
