import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import { plansFor, type Plan, type SubscriptionRecord } from '@/schemas/billing'
import type { Company } from '@/schemas/company'
import { todayInBrazil } from '@/schemas/finance-common'
import {
  accountKeys,
  isPayable,
  oldestCharge,
  paymentsQueryOptions,
  planNameOf,
  plansQueryOptions,
  subscriptionsQueryOptions,
  useChangePlan,
} from '@/services/account'
import { companyKeys } from '@/services/companies'
import { useSessionView } from '@/services/session'
import { Button, buttonClass } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { DescriptionList } from '@/ui/DescriptionList'
import { Alert, Badge, EmptyState } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { RadioCards } from '@/ui/RadioCards'
import { PaymentsTable } from './PaymentsTable'
import { monthReference, subscriptionStatusLabels } from './billing-labels'
import { BILLING_PAGE_SIZE, type CheckoutOutcome } from './billing-search'
import { takeCheckoutReturn } from './checkout-return'
import { usePayCharge } from './usePayCharge'
import styles from './Account.module.css'

type Props = {
  page: number
  onPageChange: (page: number) => void
  /** How the checkout ended, when the browser just came back from it. */
  checkout: CheckoutOutcome | undefined
  /** Drops the checkout outcome from the URL once it was told. */
  onCheckoutSeen: () => void
  onCheckout: (url: string) => void
}

/** /app/user/my-billing: the selected company's plan, subscription and payments. */
export function MyBillingScreen(props: Props) {
  const { company, isSystemAdmin } = useSessionView()
  if (!company)
    return (
      <>
        <PageHeader title="Cobrança" />
        {isSystemAdmin ? (
          <EmptyState title="Administradores não têm assinatura">
            A cobrança de cada cliente aparece na empresa dele, no back office.
          </EmptyState>
        ) : (
          <EmptyState
            title="Nenhuma empresa cadastrada"
            action={
              <Link to="/app/wizard/company-opening" className={buttonClass()}>
                Cadastrar empresa
              </Link>
            }
          >
            A assinatura começa quando o cadastro da empresa chega à etapa de pagamento.
          </EmptyState>
        )}
      </>
    )
  return <CompanyBilling company={company} {...props} />
}

function CompanyBilling({
  company,
  page,
  onPageChange,
  checkout,
  onCheckoutSeen,
  onCheckout,
}: Props & { company: Company }) {
  const queryClient = useQueryClient()
  const offset = (page - 1) * BILLING_PAGE_SIZE
  const { data: plans } = useSuspenseQuery(plansQueryOptions())
  const { data: subscriptions } = useSuspenseQuery(subscriptionsQueryOptions(company.id))
  const { data: payments } = useSuspenseQuery(
    paymentsQueryOptions(company.id, { limit: BILLING_PAGE_SIZE, offset }),
  )
  const pay = usePayCharge(onCheckout)
  const planName = (planId: string) => planNameOf(plans, planId)
  const subscription =
    subscriptions.find((s) => s.id === company.currentSubscription?.id) ?? subscriptions[0] ?? null
  // The list is newest first; the banner names the charge "Pagar agora" pays: the oldest open.
  const overdue = oldestCharge(payments.data, (payment) => payment.status === 'overdue')
  const firstOpen = overdue ?? oldestCharge(payments.data, isPayable)

  // Back from the checkout: the company (status, banner) and its billing are read again, and the
  // outcome is told once (kept from the address the app opened at, or this page's address).
  const told = useRef(false)
  useEffect(() => {
    if (told.current) return
    const outcome = takeCheckoutReturn(checkout)
    if (!outcome) return
    told.current = true
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.detail(company.id) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.company(company.id) }),
    ])
    if (outcome === 'confirmado') notify.success('Pagamento confirmado. Obrigado!')
    else notify.info('Pagamento não concluído: a cobrança continua em aberto.')
    onCheckoutSeen()
  }, [checkout, company.id, onCheckoutSeen, queryClient])

  return (
    <div className={styles.page}>
      <PageHeader
        title="Cobrança"
        description={`A assinatura de ${company.alias ?? company.name} com a Contabil: plano, mensalidades e recibos.`}
      />

      {(company.status === 'overdue' || overdue) && (
        <Alert
          tone="danger"
          title="Pagamento em atraso"
          action={
            firstOpen && (
              <Button
                size="sm"
                loading={pay.payingId === firstOpen.id}
                onClick={() => pay.start(firstOpen)}
              >
                Pagar agora
              </Button>
            )
          }
        >
          {overdue
            ? `${overdue.description}: ${formatMoney(overdue.amount)}, vencida em ${formatDate(overdue.dueDate)}.`
            : 'Há uma mensalidade em atraso.'}{' '}
          Com o pagamento em dia, a empresa volta a ficar ativa na hora.
        </Alert>
      )}

      {subscription ? (
        <SubscriptionCard
          company={company}
          subscription={subscription}
          plans={plans}
          nextReference={nextCycle(payments.data[0]?.reference)}
        />
      ) : (
        <Card>
          <h2 className={styles.cardTitle}>Assinatura</h2>
          <p className={styles.note}>
            Esta empresa ainda não tem assinatura: ela é contratada na etapa “Assinatura” do
            cadastro.
          </p>
        </Card>
      )}

      <section aria-labelledby="historico-pagamentos">
        <Card>
          <h2 id="historico-pagamentos" className={styles.cardTitle}>
            Histórico de pagamentos
          </h2>
          <PaymentsTable
            caption="Mensalidades da empresa"
            payments={payments.data}
            company={company}
            planName={planName}
            onPay={pay.start}
            payingId={pay.payingId}
            total={payments.total}
            pager={{
              page,
              pageSize: BILLING_PAGE_SIZE,
              label: 'Páginas do histórico de pagamentos',
              onPage: onPageChange,
            }}
          />
        </Card>
      </section>
    </div>
  )
}

/** The month after `reference` (`YYYY-MM`), or this month when there is no charge yet. */
function nextCycle(reference: string | undefined): string {
  if (!reference) return todayInBrazil().slice(0, 7)
  const [year, month] = reference.split('-').map(Number) as [number, number]
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`
}

function SubscriptionCard({
  company,
  subscription,
  plans,
  nextReference,
}: {
  company: Company
  subscription: SubscriptionRecord
  plans: Plan[]
  nextReference: string
}) {
  const change = useChangePlan()
  const status = subscriptionStatusLabels[subscription.status]
  const scheduled = subscription.scheduledChange
  const scheduledPlan = scheduled ? plans.find((plan) => plan.id === scheduled.planId) : undefined
  const choices = plansFor(plans, company.size)
  const [choice, setChoice] = useState<string>(scheduled?.planId ?? subscription.planId)
  const [confirming, setConfirming] = useState(false)
  const chosen = plans.find((plan) => plan.id === choice)
  const canChange = subscription.status === 'active' || subscription.status === 'overdue'
  const unchanged = choice === (scheduled?.planId ?? subscription.planId)

  const submit = () =>
    change.mutate(
      { subscriptionId: subscription.id, companyId: company.id, planId: choice },
      {
        onSuccess: (updated) => {
          setConfirming(false)
          const next = updated.scheduledChange
          notify.success(
            next && chosen
              ? `Plano ${chosen.name}: ${formatMoney(chosen.monthlyPrice)} por mês a partir da mensalidade de ${monthReference(next.from)}.`
              : 'Troca de plano cancelada: o plano atual continua.',
          )
        },
        onError: (error) => {
          setConfirming(false)
          notify.error(error.message)
        },
      },
    )

  return (
    <section aria-labelledby="assinatura">
      <Card>
        <h2 id="assinatura" className={styles.cardTitle}>
          Assinatura
        </h2>
        <DescriptionList
          items={[
            {
              term: 'Plano',
              value: (
                <span data-testid="current-plan">{planNameOf(plans, subscription.planId)}</span>
              ),
            },
            {
              term: 'Situação',
              value: <Badge tone={status.tone}>{status.label}</Badge>,
            },
            { term: 'Valor mensal', value: formatMoney(subscription.amount) },
            { term: 'Vencimento', value: `Todo dia ${subscription.billingDay}` },
            {
              term: 'Assinante desde',
              value: subscription.startedAt ? formatDate(subscription.startedAt) : '—',
            },
          ]}
        />
        {scheduled && (
          <Alert tone="info" title="Troca de plano agendada">
            A partir da mensalidade de {monthReference(scheduled.from)}: plano{' '}
            {scheduledPlan?.name ?? planNameOf(plans, scheduled.planId)}
            {scheduledPlan ? `, ${formatMoney(scheduledPlan.monthlyPrice)} por mês` : ''}. As
            cobranças já geradas mantêm o valor atual.
          </Alert>
        )}

        {canChange && choices.length > 1 && (
          <form
            className={styles.form}
            style={{ maxWidth: 'none', marginTop: 'var(--space-6)' }}
            onSubmit={(event) => {
              event.preventDefault()
              if (!unchanged) setConfirming(true)
            }}
          >
            <RadioCards
              legend="Trocar de plano"
              name="plano"
              value={choice}
              onChange={setChoice}
              options={choices.map((plan) => ({
                value: plan.id,
                label: `${plan.name} · ${formatMoney(plan.monthlyPrice)}/mês${plan.id === subscription.planId ? ' (atual)' : ''}`,
                description: plan.description,
              }))}
            />
            <div className={styles.actions}>
              <Button type="submit" variant="secondary" disabled={unchanged}>
                {choice === subscription.planId && scheduled
                  ? 'Manter o plano atual'
                  : 'Trocar plano'}
              </Button>
              <span className={styles.note}>
                O novo valor vale a partir da próxima mensalidade.
              </span>
            </div>
          </form>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={
            choice === subscription.planId
              ? 'Manter o plano atual?'
              : `Trocar para o plano ${chosen?.name}?`
          }
          description={
            choice === subscription.planId
              ? 'A troca agendada é cancelada e a mensalidade continua como está.'
              : `A partir da mensalidade de ${monthReference(nextReference)}, o valor passa a ${chosen ? formatMoney(chosen.monthlyPrice) : ''} por mês. As cobranças já geradas mantêm o valor atual.`
          }
          confirmLabel={choice === subscription.planId ? 'Manter plano' : 'Trocar plano'}
          busy={change.isPending}
          onConfirm={submit}
        />
      </Card>
    </section>
  )
}
