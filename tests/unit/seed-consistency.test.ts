import { addMonths, format, parse } from 'date-fns'
import { describe, expect, it } from 'vitest'
import { seedBilling } from '../../mock-server/seed/billing'
import { seedFinance } from '../../mock-server/seed/finance'
import { dayInBrazil, monthInBrazil, todayInBrazil } from '../../src/kernel/dates'

// The demo data tells one story: what it says happened happened before now, and a subscription's
// charges follow from its own start, month by month ("Em dia, assinante desde 10/03/2025" above a
// list of the monthly fees, never above "Nenhuma cobrança ainda").

const nextMonth = (reference: string) =>
  format(addMonths(parse(`${reference}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1)), 1), 'yyyy-MM')

describe('the seed is consistent with now', () => {
  it('imports no bank statement, syncs no bank and records no step after now (11:30 in Brazil)', () => {
    const now = new Date('2026-11-27T11:30:00-03:00')
    const latest = now.toISOString()
    const data = seedFinance(now)
    // Today's transactions exist (the statements run up to today)…
    expect(data.bankTransactions.some((t) => t.date === '2026-11-27')).toBe(true)
    // …and none was imported later than now (they used to say 23:00).
    for (const transaction of data.bankTransactions)
      expect(transaction.importedAt <= latest, transaction.id).toBe(true)
    for (const connection of data.bankConnections)
      expect(connection.lastSyncAt <= latest, connection.id).toBe(true)
    for (const request of data.nfsRequests) {
      expect(request.createdAt <= latest, request.id).toBe(true)
      const moments = request.statusHistory.map((change) => change.at)
      expect(
        moments.every((at) => at <= latest),
        request.id,
      ).toBe(true)
      expect([...moments].sort(), request.id).toEqual(moments)
    }
    for (const document of data.documents)
      for (const at of [document.createdAt, document.reviewedAt, document.paidAt])
        expect(at === null || at <= latest, document.id).toBe(true)
  })
})

describe('the seeded billing follows each subscription', () => {
  const { subscriptions, payments } = seedBilling()
  const today = todayInBrazil()

  it.each(subscriptions.map((s) => [s.id, s] as const))(
    '%s: charges from its start, month by month, none in the future',
    (_id, subscription) => {
      const own = payments
        .filter((payment) => payment.subscriptionId === subscription.id)
        .sort((a, b) => a.reference.localeCompare(b.reference))
      if (subscription.status === 'active' || subscription.status === 'overdue') {
        // A subscriber since a date has paid (or owes) its first fee then.
        expect(own.length).toBeGreaterThan(0)
        expect(subscription.startedAt).not.toBeNull()
        expect(own[0]!.reference).toBe(monthInBrazil(subscription.startedAt!))
        expect(own[0]!.status).toBe('paid')
      }
      own.slice(1).forEach((payment, index) => {
        expect(payment.reference).toBe(nextMonth(own[index]!.reference))
      })
      for (const payment of own) {
        expect(dayInBrazil(payment.createdAt) <= today, payment.id).toBe(true)
        if (payment.paidAt) expect(dayInBrazil(payment.paidAt) <= today).toBe(true)
      }
      // "Em dia" means nothing is overdue; "Em atraso", something is.
      const late = own.some((payment) => payment.status === 'overdue')
      if (subscription.status === 'active') expect(late).toBe(false)
      if (subscription.status === 'overdue') expect(late).toBe(true)
    },
  )
})
