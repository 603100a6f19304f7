import { useState } from 'react'
import { paymentStatusLabels } from '@/schemas/glossary'
import { formatDate, formatDateTime, formatMoney, formatCnpjValue } from '@/lib/format'
import { paymentMethodLabels, type Payment, type PaymentStatus } from '@/schemas/billing'
import type { Company } from '@/schemas/company'
import { isPayable, oldestCharge } from '@/services/account'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { DescriptionList } from '@/ui/DescriptionList'
import { Badge } from '@/ui/Feedback'
import { ListView, type ListPagerProps } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { monthReference } from './billing-labels'
import styles from './Account.module.css'

const statusTone: Record<PaymentStatus, 'success' | 'neutral' | 'danger'> = {
  paid: 'success',
  pending: 'neutral',
  overdue: 'danger',
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={statusTone[status]}>{paymentStatusLabels[status]}</Badge>
}

/**
 * A company's charges: what, due when, how much, status, and "Pagar" for the open ones (or the
 * receipt of a paid one). Shared by billing and the panel.
 */
export function PaymentsTable({
  payments,
  company,
  planName,
  caption,
  onPay,
  payingId,
  total = payments.length,
  pager,
}: {
  payments: Payment[]
  company: Pick<Company, 'name' | 'cnpj'>
  planName: (planId: string) => string
  caption: string
  /** Absent where paying is not offered (an admin looking). */
  onPay?: (payment: Payment) => void
  payingId?: string | null
  /** How many charges there are in all, where `payments` is a page of them. */
  total?: number
  /** Pages of the charges, where the list has more than one. */
  pager?: Omit<ListPagerProps, 'total'>
}) {
  const [receipt, setReceipt] = useState<Payment | null>(null)
  // The checkout of a subscription always charges its oldest open month (POST /subscriptions/{id}
  // takes no payment), so only that row offers "Pagar"; later ones say which comes first.
  const firstOpen = new Map<string, Payment>()
  for (const subscriptionId of new Set(payments.map((payment) => payment.subscriptionId))) {
    const first = oldestCharge(
      payments,
      (payment) => payment.subscriptionId === subscriptionId && isPayable(payment),
    )
    if (first) firstOpen.set(subscriptionId, first)
  }
  return (
    <>
      <ListView
        list={{ data: payments, total }}
        empty={{
          title: 'Nenhuma cobrança ainda',
          description: 'As mensalidades aparecem aqui a partir da contratação do plano.',
        }}
        pager={pager}
      >
        <DataTable
          caption={caption}
          rows={payments}
          rowKey={(payment) => payment.id}
          columns={[
            {
              key: 'reference',
              card: 'title',
              header: 'Cobrança',
              cell: (payment) => (
                <span className={styles.stacked}>
                  <span>{payment.description}</span>
                  <span className="muted">
                    Referência {monthReference(payment.reference)} · Plano{' '}
                    {planName(payment.planId)}
                  </span>
                </span>
              ),
            },
            { key: 'due', header: 'Vencimento', cell: (payment) => formatDate(payment.dueDate) },
            {
              key: 'amount',
              header: 'Valor',
              align: 'right',
              cell: (payment) =>
                // The fee, the credit and what is charged, as one line: "R$ 189,90 − R$ 50,00
                // de crédito = R$ 139,90".
                payment.discount > 0 ? (
                  <span>
                    {formatMoney(payment.grossAmount)} − {formatMoney(payment.discount)} de crédito
                    = <strong>{formatMoney(payment.amount)}</strong>
                  </span>
                ) : (
                  formatMoney(payment.amount)
                ),
            },
            {
              key: 'status',
              header: 'Situação',
              cell: (payment) => (
                <span className={styles.stacked}>
                  {/* In a span: the badge keeps its width, where the cell's text goes. */}
                  <span>
                    <PaymentStatusBadge status={payment.status} />
                  </span>
                  {payment.paidAt && (
                    <span className="muted">pago em {formatDate(payment.paidAt)}</span>
                  )}
                </span>
              ),
            },
            {
              key: 'action',
              card: 'actions',
              header: <span className="visually-hidden">Ações</span>,
              align: 'right',
              cell: (payment) =>
                isPayable(payment) &&
                onPay &&
                firstOpen.get(payment.subscriptionId)?.id !== payment.id ? (
                  <span className="muted">
                    Depois de {firstOpen.get(payment.subscriptionId)?.description}
                  </span>
                ) : isPayable(payment) && onPay ? (
                  <Button
                    size="sm"
                    variant={payment.status === 'overdue' ? 'primary' : 'secondary'}
                    loading={payingId === payment.id}
                    disabled={Boolean(payingId) && payingId !== payment.id}
                    onClick={() => onPay(payment)}
                    aria-label={`Pagar ${payment.description}`}
                  >
                    Pagar
                  </Button>
                ) : payment.status === 'paid' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setReceipt(payment)}
                    aria-label={`Recibo de ${payment.description}`}
                  >
                    Recibo
                  </Button>
                ) : null,
            },
          ]}
        />
      </ListView>
      <Dialog
        open={receipt !== null}
        onOpenChange={(open) => !open && setReceipt(null)}
        title="Recibo de pagamento"
        description={receipt?.description}
        footer={
          <Button variant="secondary" onClick={() => window.print()}>
            Imprimir
          </Button>
        }
      >
        {receipt && (
          <DescriptionList
            columns={1}
            items={[
              { term: 'Empresa', value: company.name },
              { term: 'CNPJ', value: formatCnpjValue(company.cnpj) },
              { term: 'Plano', value: planName(receipt.planId) },
              { term: 'Referência', value: monthReference(receipt.reference) },
              { term: 'Vencimento', value: formatDate(receipt.dueDate) },
              ...(receipt.discount > 0
                ? [
                    { term: 'Mensalidade', value: formatMoney(receipt.grossAmount) },
                    { term: 'Crédito de indicação', value: `− ${formatMoney(receipt.discount)}` },
                  ]
                : []),
              { term: 'Valor pago', value: formatMoney(receipt.amount) },
              {
                term: 'Pago em',
                value: receipt.paidAt ? formatDateTime(receipt.paidAt) : '—',
              },
              {
                term: 'Forma de pagamento',
                value: receipt.method ? paymentMethodLabels[receipt.method] : '—',
              },
            ]}
          />
        )}
      </Dialog>
    </>
  )
}
