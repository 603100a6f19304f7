import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Payment } from '@/schemas/billing'
import { PaymentsTable } from '@/screens/account/PaymentsTable'
import { isPayable, oldestCharge } from '@/services/account'

const charge = (reference: string, status: Payment['status'], dueDate: string): Payment => ({
  id: `pay-${reference}`,
  companyId: 'cmp-eva',
  subscriptionId: 'sub-eva',
  planId: 'plan-comercio',
  reference,
  description: `Mensalidade ${reference.slice(5)}/${reference.slice(0, 4)}`,
  grossAmount: 289,
  discount: 0,
  amount: 289,
  dueDate,
  status,
  method: status === 'paid' ? 'pix' : null,
  paidAt: status === 'paid' ? `${dueDate}T12:00:00.000Z` : null,
  createdAt: `${dueDate}T00:00:00.000Z`,
})

/** The table of eva's shop's charges, as Cobrança draws it. */
const renderTable = (payments: Payment[], onPay = vi.fn()) =>
  render(
    <PaymentsTable
      payments={payments}
      company={{ name: 'Lima & Santos Comércio de Roupas Ltda', cnpj: '62481357000196' }}
      planName={() => 'Comércio'}
      caption="Cobranças"
      onPay={onPay}
    />,
  )

// The checkout of a subscription (POST /subscriptions/{id}) always takes its oldest open charge:
// only that row may say "Pagar", or "Pagar 11/2026" would charge October.
describe('PaymentsTable', () => {
  it('offers Pagar on the oldest open charge only, and says which comes first on the others', async () => {
    const onPay = vi.fn()
    renderTable(
      [
        charge('2026-11', 'pending', '2026-11-25'),
        charge('2026-10', 'overdue', '2026-10-25'),
        charge('2026-09', 'paid', '2026-09-25'),
      ],
      onPay,
    )
    const table = screen.getByRole('table', { name: 'Cobranças' })
    expect(within(table).getAllByRole('button', { name: /^Pagar/ })).toHaveLength(1)
    const november = within(table).getByRole('row', { name: /Mensalidade 11\/2026/ })
    expect(within(november).getByText('Depois de Mensalidade 10/2026')).toBeVisible()
    await userEvent.click(within(table).getByRole('button', { name: 'Pagar Mensalidade 10/2026' }))
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ id: 'pay-2026-10' }))
    expect(
      within(table).getByRole('button', { name: 'Recibo de Mensalidade 09/2026' }),
    ).toBeVisible()
  })

  it('with two months overdue, names and offers the older one (the one the checkout takes)', () => {
    const payments = [
      charge('2026-11', 'overdue', '2026-11-25'),
      charge('2026-10', 'overdue', '2026-10-25'),
      charge('2026-09', 'paid', '2026-09-25'),
    ]
    expect(oldestCharge(payments, (payment) => payment.status === 'overdue')?.id).toBe(
      'pay-2026-10',
    )
    expect(oldestCharge(payments, isPayable)?.id).toBe('pay-2026-10')
    expect(
      oldestCharge(
        payments,
        (payment) => payment.status === 'paid' && payment.dueDate > '2026-09-25',
      ),
    ).toBeUndefined()
    renderTable(payments)
    const table = screen.getByRole('table', { name: 'Cobranças' })
    expect(within(table).getAllByRole('button', { name: /^Pagar/ })).toHaveLength(1)
    expect(within(table).getByRole('button', { name: 'Pagar Mensalidade 10/2026' })).toBeVisible()
  })

  it('says a fee with a credit as one line with its result; a fee without one as its amount', () => {
    renderTable([
      {
        ...charge('2026-11', 'pending', '2026-11-25'),
        grossAmount: 189.9,
        discount: 50,
        amount: 139.9,
      },
      charge('2026-10', 'paid', '2026-10-25'),
    ])
    const table = screen.getByRole('table', { name: 'Cobranças' })
    const november = within(table).getByRole('row', { name: /Mensalidade 11\/2026/ })
    // Not "R$ 139,90" beside "− R$ 50,00 de crédito", which reads as two charges.
    expect(november).toHaveTextContent(/R\$\s189,90 − R\$\s50,00 de crédito = R\$\s139,90/)
    const october = within(table).getByRole('row', { name: /Mensalidade 10\/2026/ })
    expect(october).toHaveTextContent(/R\$\s289,00/)
    expect(october).not.toHaveTextContent('crédito')
  })
})
