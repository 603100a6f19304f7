import { describe, expect, it } from 'vitest'
import { dueSentence, dueWords } from '@/kernel/dates'
import {
  addDays,
  dasDueDate,
  dctfWebDueDate,
  fgtsDueDate,
  isBusinessDay,
  lastDayOf,
} from '@/kernel/tax/calendar'
import type { CompanyDocument } from '@/schemas/document'
import type { MonthGuide } from '@/schemas/simples/api'
import { guideDueText, guidePaidText } from '@/screens/documents/document-labels'
import { isOverdue } from '@/screens/documents/document-format'
import { darfNote, fgtsNote } from '@/screens/payroll/payroll-notes'
import { guideStateOf, monthStateOf } from '@/screens/simples/month-state'

// The sweep: on many days of the year — before, on and after the 20th, on the day a guide falls
// due after a holiday and a weekend (20/11/2026 → 23/11), at month ends and the turn of the year —
// no past due date is said as future ("vence em") and no future one as past ("venceu em"), by the
// helper (src/kernel/dates.ts) and by what the panel, Pró-labore, the month page, the queue and
// Documentos say with it (month-state.ts, payroll-notes.ts, document-labels.ts).

/** Every due date a text names, with the tense it uses. */
function datesSaid(text: string, today: string) {
  const said: { tense: 'future' | 'today' | 'past'; day: string | null }[] = []
  for (const match of text.matchAll(/\b(vence em|venceu em)\s+(\d{2})\/(\d{2})(?:\/(\d{4}))?/gi)) {
    const year = match[4] ?? today.slice(0, 4)
    said.push({
      tense: match[1]!.toLowerCase() === 'vence em' ? 'future' : 'past',
      day: `${year}-${match[3]}-${match[2]}`,
    })
  }
  if (/\bvence hoje\b/i.test(text)) said.push({ tense: 'today', day: null })
  return said
}

/** The text says `dueDate` in the tense today gives it, and no other tense. */
function expectTruthful(text: string, dueDate: string, today: string) {
  const said = datesSaid(text, today)
  expect(said, `${today}: "${text}" names no due date`).toHaveLength(1)
  const { tense, day } = said[0]!
  const truth = dueDate > today ? 'future' : dueDate === today ? 'today' : 'past'
  expect(tense, `${today}: "${text}" for ${dueDate}`).toBe(truth)
  if (day) expect(day).toBe(dueDate)
}

/** The days the sweep reads the screens on: 2025-12 to 2027-01. */
function sweepDays() {
  const days = new Set<string>()
  for (let index = 2025 * 12 + 11; index <= 2027 * 12; index++) {
    const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
    for (const date of ['01', '02', '15', '18', '19', '20', '21', '22', '23', '24', '28'])
      days.add(`${month}-${date}`)
    days.add(lastDayOf(month))
  }
  // The weekend and holiday around the 20th of November 2026 and the turn of the year.
  for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-12-31', '2027-01-01'])
    days.add(day)
  return [...days].sort()
}

/** The months whose guides a day can show: the three before it. */
const periodsBefore = (today: string) => {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1
  return [1, 2, 3].map((back) => {
    const i = index - back
    return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`
  })
}

const pendingGuide = (kind: MonthGuide['kind'], dueDate: string): MonthGuide => ({
  documentId: `doc-${kind}`,
  kind,
  name: `${kind} – competência`,
  amount: 100,
  dueDate,
  line: null,
  status: 'pending',
  overdue: false,
  fileName: `${kind}.pdf`,
  paidAt: null,
  paidBy: null,
  replacedBy: null,
})

const guideDocument = (dueDate: string): CompanyDocument => ({
  id: 'doc-1',
  companyId: 'cmp-1',
  type: 'guia',
  name: 'DAS',
  description: null,
  fileName: 'das.pdf',
  status: 'pending',
  guia: { kind: 'DAS', dueDate, amount: 100, competence: '2026-10' },
  competence: '2026-10',
  sentBy: 'accountant',
  createdBy: 'admin',
  reviewedBy: null,
  reviewedAt: null,
  rejectionReason: null,
  paidAt: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
})

const days = sweepDays()

describe('no past due date said as future, none future as past', () => {
  it('sweeps the days the guides fall due around: the calendar moves them off weekends and holidays', () => {
    // The sweep reaches the days it is meant to: a DAS moved forward, a DARF moved back.
    expect(dasDueDate('2026-10')).toBe('2026-11-23')
    expect(dctfWebDueDate('2026-10')).toBe('2026-11-19')
    expect(isBusinessDay('2026-11-20')).toBe(false)
    expect(days).toContain('2026-11-23')
    expect(days).toContain('2026-02-28')
  })

  it('the helper: dueWords and dueSentence', () => {
    for (const today of days)
      for (const period of periodsBefore(today))
        for (const dueDate of [dasDueDate(period), dctfWebDueDate(period), fgtsDueDate(period)]) {
          expectTruthful(dueWords(dueDate, today).text, dueDate, today)
          expectTruthful(dueSentence(dueDate, today, { late: 'atrasada' }), dueDate, today)
          // The day before and the day after the due day, whatever the calendar made of it.
          for (const near of [addDays(dueDate, -1), addDays(dueDate, 1)])
            expectTruthful(dueWords(near, today).text, near, today)
        }
  })

  it('the panel, the queue and the month page: a month and its guide', () => {
    for (const today of days)
      for (const period of periodsBefore(today)) {
        const dueDate = dasDueDate(period)
        const late = dueDate < today
        const open = monthStateOf(
          { status: 'open', das: { amount: 100, dueDate }, guide: null },
          today,
        )
        expect(open.overdue, `${period} open on ${today}`).toBe(late)
        expectTruthful(open.due!, dueDate, today)
        const guide = pendingGuide('DAS', dueDate)
        const closed = monthStateOf(
          { status: 'closed', das: { amount: 100, dueDate }, guide },
          today,
        )
        expect(closed.overdue, `${period} closed on ${today}`).toBe(late)
        expectTruthful(closed.due!, dueDate, today)
        const state = guideStateOf(guide, today)
        expect(state.kind === 'overdue', `${period} guide on ${today}`).toBe(late)
        expectTruthful(state.text, dueDate, today)
      }
  })

  it('a month whose DAS is R$ 0,00 is never late: nothing to pay, on any day', () => {
    for (const today of days)
      for (const period of periodsBefore(today)) {
        const das = { amount: 0, dueDate: dasDueDate(period) }
        const state = monthStateOf({ status: 'open', das, guide: null }, today)
        expect(state, `${period} on ${today}`).toMatchObject({
          overdue: false,
          tone: 'warning',
          due: 'sem DAS a pagar',
        })
      }
  })

  it('Pró-labore: the DARF and the FGTS, before the close and as guides', () => {
    for (const today of days)
      for (const period of periodsBefore(today)) {
        const darfDueDate = dctfWebDueDate(period)
        const fgts = fgtsDueDate(period)
        const open = { guides: [], locked: false, darfDueDate, fgtsDueDate: fgts }
        expectTruthful(darfNote(open, today), darfDueDate, today)
        expectTruthful(fgtsNote(open, today), fgts, today)
        expect(darfNote(open, today).includes('multa')).toBe(darfDueDate < today)
        const closed = {
          guides: [pendingGuide('DARF', darfDueDate), pendingGuide('FGTS', fgts)],
          locked: true,
          darfDueDate,
          fgtsDueDate: fgts,
        }
        expectTruthful(darfNote(closed, today), darfDueDate, today)
        expectTruthful(fgtsNote(closed, today), fgts, today)
        // Closed, its guides out: never "the guide comes out at the close" above them.
        for (const note of [darfNote(closed, today), fgtsNote(closed, today)])
          expect(note).not.toMatch(/sai no fechamento/)
      }
  })

  it('Documentos: a guide to pay', () => {
    for (const today of days)
      for (const period of periodsBefore(today)) {
        const dueDate = dasDueDate(period)
        const document = guideDocument(dueDate)
        expectTruthful(guideDueText(document, today)!, dueDate, today)
        expect(isOverdue(document, today)).toBe(dueDate < today)
      }
  })

  it('a paid guide says the day and the bank that paid it, wherever it shows', () => {
    const paidBy = {
      transactionId: 'txn-1',
      accountId: 'acc-1',
      bankName: 'Cora SCD',
      accountNumber: '4528739-1',
      date: '2026-10-20',
    }
    const said = 'Paga em 20/10 — Cora ···7391'
    for (const today of days) {
      const guide = { ...pendingGuide('DAS', '2026-10-20'), status: 'paid' as const, paidBy }
      // The panel, Pró-labore, the month page and Lucros (GuideBox), the queue and the month's state.
      expect(guideStateOf(guide, today)).toMatchObject({ kind: 'paid', text: said })
      expect(
        monthStateOf({ status: 'paid', das: { amount: 100, dueDate: '2026-10-20' }, guide }, today)
          .due,
      ).toBe(said)
      // Documentos.
      const document = { ...guideDocument('2026-10-20'), status: 'paid' as const, paidBy }
      expect(guidePaidText(document, today)).toBe(said)
    }
  })

  it('a replaced guide names the updated one by its day, the same words wherever it shows', () => {
    for (const today of days)
      for (const period of periodsBefore(today)) {
        const dueDate = dasDueDate(period)
        // Updated on the day the sweep reads it, and on the last day of the year before it.
        for (const on of [today, `${Number(today.slice(0, 4)) - 1}-12-31`]) {
          const replacedBy = { documentId: 'doc-2', on }
          const [year, month, day] = on.split('-')
          const said = `Substituída pela guia de ${day}/${month}${year === today.slice(0, 4) ? '' : `/${year}`}`
          // The panel, Pró-labore, the month page and Lucros (GuideBox).
          expect(
            guideStateOf({ ...pendingGuide('DAS', dueDate), replacedBy }, today),
          ).toMatchObject({ kind: 'replaced', text: said })
          // Documentos.
          expect(guidePaidText({ ...guideDocument(dueDate), replacedBy }, today)).toBe(said)
        }
      }
  })
})
