import { randomUUID } from 'node:crypto'
import { addDays, addMonths, format, parse } from 'date-fns'
import {
  OVERDUE_GRACE_DAYS,
  planChangeMessages,
  type Payment,
  type PaymentMethod,
  type Plan,
  type SubscriptionRecord,
} from '../../../src/schemas/billing'
import type { Company } from '../../../src/schemas/company'
import { REFERRAL_REWARD, type ReferralReward } from '../../../src/schemas/engagement'
import { todayInBrazil } from '../../../src/schemas/finance-common'
import { applyTrackEvent } from '../../../src/machines/track'
import { invalid, conflict, notFound } from '../errors'
import type { Store } from '../../store/database'
import { ownerOf } from '../companies/people'
import {
  applyCompanyEvent,
  findCompany,
  syncCurrentSubscription,
  trackOf,
} from '../companies/company-records'
import { roundMoney } from '../../../src/kernel/money'

// Plans, subscriptions and payments (docs/product.md §10 "Billing"): what paying does to the rest.
// The functions that change records write them, inside the caller's store.write().

const day = (iso: string) => parse(iso, 'yyyy-MM-dd', new Date(2000, 0, 1))
const isoDay = (date: Date) => format(date, 'yyyy-MM-dd')
export const monthLabel = (reference: string) => `${reference.slice(5, 7)}/${reference.slice(0, 4)}`

export const billingMessages = {
  planUnknown: 'Plano não encontrado.',
  planNotForSize: 'Este plano não atende o porte da empresa.',
  subscriptionNotFound: 'Assinatura não encontrada.',
  subscriptionCanceled: 'Esta assinatura foi cancelada: não há cobranças a pagar.',
  subscriptionActive: 'A empresa já tem uma assinatura ativa.',
  paymentNotFound: 'Pagamento não encontrado.',
  alreadyPaid: 'Este pagamento já foi confirmado.',
  checkoutUnanswered:
    'O checkout de pagamento não respondeu. Tente pagar de novo: a cobrança é a mesma.',
} as const

export function findPlan(store: Store, planId: string): Plan {
  const plan = store.plans.get(planId)
  if (!plan || !plan.active)
    throw invalid(billingMessages.planUnknown, [
      { path: ['planId'], message: billingMessages.planUnknown },
    ])
  return plan
}

export function findSubscription(store: Store, id: string): SubscriptionRecord {
  const subscription = store.subscriptions.get(id)
  if (!subscription) throw notFound(billingMessages.subscriptionNotFound)
  return subscription
}

export function findPayment(store: Store, id: string): Payment {
  const payment = store.payments.get(id)
  if (!payment) throw notFound(billingMessages.paymentNotFound)
  return payment
}

/** A company's subscriptions, oldest first. */
export const subscriptionsOfCompany = (store: Store, companyId: string) =>
  store.subscriptions.find({ where: { companyId } })

/** A company's payments, oldest first. */
export const paymentsOfCompany = (store: Store, companyId: string) =>
  store.payments.find({ where: { companyId } })

/** The company's subscription that counts: the newest one not canceled (or the newest). */
export function subscriptionOfCompany(store: Store, companyId: string): SubscriptionRecord | null {
  const all = subscriptionsOfCompany(store, companyId)
  return all.filter((s) => s.status !== 'canceled').at(-1) ?? all.at(-1) ?? null
}

/**
 * The subscription step: the plan the company chose. Creates its subscription (pending until the
 * first payment), or changes the plan of the one not paid yet; the company's summary follows.
 */
export function choosePlan(
  store: Store,
  company: Company,
  planId: string,
  now: Date,
): SubscriptionRecord {
  const plan = findPlan(store, planId)
  if (company.size && !plan.sizes.includes(company.size))
    throw invalid(billingMessages.planNotForSize, [
      { path: ['payload', 'planId'], message: billingMessages.planNotForSize },
    ])
  const at = now.toISOString()
  const current = subscriptionOfCompany(store, company.id)
  if (current && current.status !== 'pending' && current.status !== 'canceled')
    throw conflict(billingMessages.subscriptionActive)
  if (current?.status === 'pending') {
    current.planId = plan.id
    current.amount = plan.monthlyPrice
    current.updatedAt = at
    store.subscriptions.update(current)
    for (const payment of paymentsOfCompany(store, company.id))
      if (payment.subscriptionId === current.id && payment.status !== 'paid') {
        payment.planId = plan.id
        payment.grossAmount = plan.monthlyPrice
        payment.amount = roundMoney(Math.max(0.01, plan.monthlyPrice - payment.discount))
        payment.description = `Primeira mensalidade — Plano ${plan.name}`
        store.payments.update(payment)
      }
    syncCurrentSubscription(company, current)
    store.companies.update(company)
    return current
  }
  const subscription: SubscriptionRecord = {
    id: `sub-${randomUUID()}`,
    companyId: company.id,
    planId: plan.id,
    status: 'pending',
    amount: plan.monthlyPrice,
    startedAt: null,
    billingDay: Math.min(28, Number(todayInBrazil(now).slice(8, 10))),
    createdAt: at,
    updatedAt: at,
    canceledAt: null,
    scheduledChange: null,
  }
  store.subscriptions.insert(subscription)
  syncCurrentSubscription(company, subscription)
  store.companies.update(company)
  return subscription
}

/** An available referral credit of the company's owner is taken off a new charge. */
function redeemCredit(store: Store, company: Company, paymentId: string, at: string): number {
  const owner = ownerOf(store, company)
  if (!owner) return 0
  const credit = store.referralRewards
    .find({ where: { referrerId: owner.id } })
    .find((reward) => reward.status === 'available')
  if (!credit) return 0
  credit.status = 'redeemed'
  credit.redeemedAt = at
  credit.redeemedOnPaymentId = paymentId
  store.referralRewards.update(credit)
  return credit.amount
}

/** The month after `reference` (`YYYY-MM`). */
const nextReference = (reference: string) => format(addMonths(day(`${reference}-01`), 1), 'yyyy-MM')

/**
 * `PUT /subscriptions/{id}/plan`: a running subscription changes plan from the next cycle — the
 * charges already made keep their price, the first charge after them has the new one. Asking for
 * the current plan drops a change asked for before. Writes the subscription.
 */
export function schedulePlanChange(
  store: Store,
  subscription: SubscriptionRecord,
  planId: string,
  now: Date,
): SubscriptionRecord {
  if (subscription.status === 'canceled') throw conflict(billingMessages.subscriptionCanceled)
  if (subscription.status === 'pending') throw conflict(planChangeMessages.notStarted)
  const company = findCompany(store, subscription.companyId)
  const plan = findPlan(store, planId)
  if (company.size && !plan.sizes.includes(company.size))
    throw invalid(billingMessages.planNotForSize, [
      { path: ['planId'], message: billingMessages.planNotForSize },
    ])
  if (plan.id === subscription.planId) {
    if (!subscription.scheduledChange) throw conflict(planChangeMessages.samePlan)
    subscription.scheduledChange = null
  } else {
    const latest = paymentsOfCompany(store, company.id)
      .filter((payment) => payment.subscriptionId === subscription.id)
      .map((payment) => payment.reference)
      .sort()
      .at(-1)
    subscription.scheduledChange = {
      planId: plan.id,
      from: latest ? nextReference(latest) : todayInBrazil(now).slice(0, 7),
      requestedAt: now.toISOString(),
    }
  }
  subscription.updatedAt = now.toISOString()
  return store.subscriptions.update(subscription)
}

/**
 * `POST /subscriptions/{id}`: the charge to pay now — the oldest unpaid one, or a new one (the
 * first payment of a pending subscription, or next month's fee paid in advance).
 */
export function chargeFor(
  store: Store,
  subscription: SubscriptionRecord,
  now: Date,
): { payment: Payment; created: boolean } {
  if (subscription.status === 'canceled') throw conflict(billingMessages.subscriptionCanceled)
  const payments = paymentsOfCompany(store, subscription.companyId).filter(
    (payment) => payment.subscriptionId === subscription.id,
  )
  const unpaid = payments
    .filter((payment) => payment.status !== 'paid')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0]
  if (unpaid) return { payment: unpaid, created: false }

  const today = todayInBrazil(now)
  const latest = payments
    .map((payment) => payment.reference)
    .sort()
    .at(-1)
  const scheduled = subscription.scheduledChange
  if (latest && scheduled && nextReference(latest) >= scheduled.from) {
    // The next cycle has come: the plan asked for takes over, with its price.
    const next = store.plans.get(scheduled.planId)
    if (next) {
      subscription.planId = next.id
      subscription.amount = next.monthlyPrice
    }
    subscription.scheduledChange = null
    subscription.updatedAt = now.toISOString()
    store.subscriptions.update(subscription)
    const company = findCompany(store, subscription.companyId)
    syncCurrentSubscription(company, subscription)
    store.companies.update(company)
  }
  const plan = store.plans.get(subscription.planId)
  const planName = plan?.name ?? subscription.planId
  let reference: string
  let dueDate: string
  let description: string
  if (!latest) {
    reference = today.slice(0, 7)
    dueDate = isoDay(addDays(day(today), 3))
    description = `Primeira mensalidade — Plano ${planName}`
  } else {
    reference = nextReference(latest)
    dueDate = `${reference}-${String(subscription.billingDay).padStart(2, '0')}`
    description = `Mensalidade ${monthLabel(reference)} — Plano ${planName}`
  }
  const at = now.toISOString()
  const id = `pay-${randomUUID()}`
  const company = findCompany(store, subscription.companyId)
  const gross = subscription.amount
  const discount = Math.min(redeemCredit(store, company, id, at), roundMoney(gross - 0.01))
  const payment: Payment = {
    id,
    companyId: subscription.companyId,
    subscriptionId: subscription.id,
    planId: subscription.planId,
    reference,
    description: discount > 0 ? `${description} (crédito de indicação)` : description,
    grossAmount: gross,
    discount,
    amount: roundMoney(gross - discount),
    dueDate,
    status: dueDate < today ? 'overdue' : 'pending',
    method: null,
    paidAt: null,
    createdAt: at,
  }
  store.payments.insert(payment)
  return { payment, created: true }
}

/** The referrer's credit when someone they referred pays for the first time. */
function earnReferralCredit(store: Store, company: Company, payment: Payment, at: string) {
  const owner = ownerOf(store, company)
  if (!owner?.indicatedBy) return
  const referrer = store.users.first({ where: { referralCode: owner.indicatedBy } })
  if (
    !referrer ||
    referrer.id === owner.id ||
    store.referralRewards.exists({ referredUserId: owner.id })
  )
    return
  const reward: ReferralReward = {
    id: `rwd-${randomUUID()}`,
    referrerId: referrer.id,
    referredUserId: owner.id,
    amount: REFERRAL_REWARD,
    status: 'available',
    earnedAt: at,
    earnedByPaymentId: payment.id,
    redeemedAt: null,
    redeemedOnPaymentId: null,
  }
  store.referralRewards.insert(reward)
}

/**
 * Paying a charge (the checkout page): the payment is paid, the subscription active, the track's
 * subscription step done, the company moves on through its status machine (pending →
 * awaiting_opening or migrating; overdue → active once nothing is overdue), and whoever referred
 * the owner earns their credit.
 */
export function confirmPayment(store: Store, payment: Payment, method: PaymentMethod, now: Date) {
  if (payment.status === 'paid') throw conflict(billingMessages.alreadyPaid)
  const at = now.toISOString()
  payment.status = 'paid'
  payment.method = method
  payment.paidAt = at
  store.payments.update(payment)

  const company = findCompany(store, payment.companyId)
  const companyPayments = paymentsOfCompany(store, company.id)
  const subscription = findSubscription(store, payment.subscriptionId)
  const subscriptionOverdue = companyPayments.some(
    (p) => p.subscriptionId === subscription.id && p.status === 'overdue',
  )
  if (subscription.status === 'pending') {
    subscription.status = 'active'
    subscription.startedAt = at
  } else if (subscription.status === 'overdue' && !subscriptionOverdue)
    subscription.status = 'active'
  subscription.updatedAt = at
  store.subscriptions.update(subscription)
  syncCurrentSubscription(company, subscription)

  const track = trackOf(store, company.id)
  const step = track.steps.find((s) => s.stepId === 'subscription')
  if (step && step.status !== 'done') {
    const done = applyTrackEvent(
      track,
      { type: 'step.complete', stepId: 'subscription' },
      { at, payload: { ...(step.payload ?? {}), planId: subscription.planId } },
    )
    if (done.ok) {
      track.status = done.track.status
      track.steps = done.track.steps
      store.tracks.update(track)
    }
  }

  const reason = `Pagamento confirmado: ${payment.description}`
  if (company.status === 'pending')
    applyCompanyEvent(store, company, { type: 'payment.confirmed' }, { by: 'system', reason, at })
  else if (company.status === 'overdue' && !companyPayments.some((p) => p.status === 'overdue'))
    applyCompanyEvent(store, company, { type: 'payment.confirmed' }, { by: 'system', reason, at })
  store.companies.update(company)
  earnReferralCredit(store, company, payment, at)
}

/**
 * The billing clock (on start and every hour): unpaid charges past their due date are overdue;
 * an active company whose charge is overdue for more than the grace period becomes overdue.
 * Writes what it changes, in one transaction; whether anything changed.
 */
export function sweepOverdue(store: Store, now: Date): boolean {
  return store.write(() => sweepOverdueNow(store, now))
}

function sweepOverdueNow(store: Store, now: Date): boolean {
  const today = todayInBrazil(now)
  const graceLimit = isoDay(addDays(day(today), -OVERDUE_GRACE_DAYS))
  let changed = false
  const lateCompanies = new Map<string, Payment>()
  for (const payment of store.payments.find({ where: { status: ['pending', 'overdue'] } })) {
    if (payment.status === 'pending' && payment.dueDate < today) {
      payment.status = 'overdue'
      store.payments.update(payment)
      changed = true
      const subscription = store.subscriptions.get(payment.subscriptionId)
      if (subscription?.status === 'active') {
        subscription.status = 'overdue'
        subscription.updatedAt = now.toISOString()
        store.subscriptions.update(subscription)
        const company = store.companies.get(payment.companyId)
        if (company) {
          syncCurrentSubscription(company, subscription)
          store.companies.update(company)
        }
      }
    }
    if (
      payment.status === 'overdue' &&
      payment.dueDate < graceLimit &&
      !lateCompanies.has(payment.companyId)
    )
      lateCompanies.set(payment.companyId, payment)
  }
  for (const [companyId, payment] of lateCompanies) {
    const company = store.companies.get(companyId)
    if (company?.status !== 'active') continue
    const reason = `Mensalidade ${monthLabel(payment.reference)} em atraso`
    if (
      applyCompanyEvent(
        store,
        company,
        { type: 'payment.late' },
        { by: 'system', reason, at: now.toISOString() },
      )
    ) {
      store.companies.update(company)
      changed = true
    }
  }
  return changed
}
