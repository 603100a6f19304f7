import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { Company } from '@/schemas/company'
import { planNameOf, paymentsQueryOptions, plansQueryOptions } from '@/services/account'
import { buttonClass } from '@/ui/Button'
import { PaymentsTable, usePayCharge } from '@/screens/account'
import { PanelCard } from './PanelCard'
import { PANEL_PAYMENTS } from './search'

/** Pagamentos: the company's latest charges, with "Pagar" for open ones. */
export function PaymentsCard({
  company,
  onCheckout,
}: {
  company: Company
  /** Absent where paying is not offered. */
  onCheckout?: (url: string) => void
}) {
  return (
    <PanelCard
      id="pagamentos"
      title="Pagamentos"
      description="Mensalidades da Contabil"
      wide
      actions={
        <Link to="/app/user/my-billing" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          Ver cobrança
        </Link>
      }
    >
      <RecentPayments company={company} onCheckout={onCheckout} />
    </PanelCard>
  )
}

function RecentPayments({
  company,
  onCheckout,
}: {
  company: Company
  onCheckout?: (url: string) => void
}) {
  const { data: payments } = useSuspenseQuery(paymentsQueryOptions(company.id, PANEL_PAYMENTS))
  const { data: plans } = useSuspenseQuery(plansQueryOptions())
  const pay = usePayCharge(onCheckout ?? (() => {}))
  return (
    <PaymentsTable
      caption="Últimas cobranças"
      payments={payments.data}
      company={company}
      planName={(planId) => planNameOf(plans, planId)}
      onPay={onCheckout ? pay.start : undefined}
      payingId={pay.payingId}
    />
  )
}
