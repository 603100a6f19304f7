// The company status statechart (docs/product.md §4 "Company status"), shared by the UI and the
// mock server (`PUT /companies/{id}/status/{status}`, the checkout, the overdue sweep). Pure.
//
//   pending → awaiting_opening (opening track's subscription paid) → opening (needs the guide
//   receipt uploaded) → active (needs a valid CNPJ and the track done)
//   pending → migrating (migration track's subscription paid) → active (same guard)
//   active → overdue (a payment is late) → active (paid)
//   any status but disabled → disabled (with a reason); disabled → the status it had before
//   (a history state)
import { assign, setup, transition, type SnapshotFrom } from 'xstate'
import { cnpjSchema } from '../schemas/brazil'
import {
  companyStatuses,
  companyStatusLabels,
  type Company,
  type CompanyStatus,
  type TrackId,
} from '../schemas/company'
import { trackLabels, type Track } from '../schemas/track'

/** What the guards look at, derived from the company and its track (`companyFactsOf`). */
export type CompanyFacts = {
  trackId: TrackId
  /** The track's `subscription` step is done (its first payment was paid). */
  subscriptionPaid: boolean
  /** The opening track's `upload-guide-receipt` step is done. */
  guideReceiptUploaded: boolean
  /** Every step of the track is done. */
  trackDone: boolean
  /** The company has a CNPJ with valid check digits. */
  cnpjValid: boolean
}

export type CompanyStatusEvent =
  /** A subscription payment was paid (first payment, or settling an overdue one). */
  | { type: 'payment.confirmed' }
  /** Admin: registration with the Junta Comercial / Receita started. */
  | { type: 'opening.start' }
  /** Admin: the company is open (or migrated) and active. */
  | { type: 'company.activate' }
  /** A subscription payment is late. */
  | { type: 'payment.late' }
  | { type: 'company.disable'; reason: string }
  | { type: 'company.restore' }
  /** The company or its track changed: the guards see the new facts. */
  | { type: 'facts.update'; facts: Partial<CompanyFacts> }

export type CompanyStatusContext = { facts: CompanyFacts; reason: string | null }

export const companyStatusMachine = setup({
  types: {
    context: {} as CompanyStatusContext,
    events: {} as CompanyStatusEvent,
    input: {} as { facts: CompanyFacts },
  },
  guards: {
    openingSubscriptionPaid: ({ context }) =>
      context.facts.trackId === 'create-company' && context.facts.subscriptionPaid,
    migrationSubscriptionPaid: ({ context }) =>
      context.facts.trackId === 'migrate-company' && context.facts.subscriptionPaid,
    guideReceiptUploaded: ({ context }) => context.facts.guideReceiptUploaded,
    readyToActivate: ({ context }) => context.facts.cnpjValid && context.facts.trackDone,
    hasReason: ({ event }) => event.type === 'company.disable' && event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'companyStatus',
  context: ({ input }) => ({ facts: input.facts, reason: null }),
  initial: 'enabled',
  on: {
    'facts.update': {
      actions: assign({ facts: ({ context, event }) => ({ ...context.facts, ...event.facts }) }),
    },
  },
  states: {
    enabled: {
      initial: 'pending',
      on: {
        'company.disable': {
          target: 'disabled',
          guard: 'hasReason',
          actions: assign({ reason: ({ event }) => event.reason.trim() }),
        },
      },
      states: {
        pending: {
          on: {
            'payment.confirmed': [
              { target: 'awaiting_opening', guard: 'openingSubscriptionPaid' },
              { target: 'migrating', guard: 'migrationSubscriptionPaid' },
            ],
          },
        },
        awaiting_opening: {
          on: { 'opening.start': { target: 'opening', guard: 'guideReceiptUploaded' } },
        },
        opening: {
          on: { 'company.activate': { target: 'active', guard: 'readyToActivate' } },
        },
        migrating: {
          on: { 'company.activate': { target: 'active', guard: 'readyToActivate' } },
        },
        active: { on: { 'payment.late': { target: 'overdue' } } },
        overdue: { on: { 'payment.confirmed': { target: 'active' } } },
        previous: { type: 'history', history: 'shallow' },
      },
    },
    disabled: {
      on: {
        'company.restore': {
          target: 'enabled.previous',
          actions: assign({ reason: null }),
        },
      },
    },
  },
})

export type CompanyStatusSnapshot = SnapshotFrom<typeof companyStatusMachine>

/** The company status a snapshot stands for. */
export function statusOf(snapshot: CompanyStatusSnapshot): CompanyStatus {
  const value = snapshot.value as 'disabled' | { enabled: Exclude<CompanyStatus, 'disabled'> }
  return value === 'disabled' ? 'disabled' : value.enabled
}

/** The status a disabled company returns to (from its history), or null. */
export function restoresTo(snapshot: CompanyStatusSnapshot): CompanyStatus | null {
  if (statusOf(snapshot) !== 'disabled') return null
  const [restored] = transition(companyStatusMachine, snapshot, { type: 'company.restore' })
  return statusOf(restored)
}

const isCnpjValid = (cnpj: string | null) => cnpj !== null && cnpjSchema.safeParse(cnpj).success

/** The guards' facts for a company and its track. */
export function companyFactsOf(
  company: Pick<Company, 'trackId' | 'cnpj'>,
  track: Pick<Track, 'status' | 'steps'> | null | undefined,
): CompanyFacts {
  const done = (stepId: string) =>
    track?.steps.some((step) => step.stepId === stepId && step.status === 'done') ?? false
  return {
    trackId: company.trackId,
    subscriptionPaid: done('subscription'),
    guideReceiptUploaded: company.trackId === 'create-company' && done('upload-guide-receipt'),
    trackDone: track?.status === 'done',
    cnpjValid: isCnpjValid(company.cnpj),
  }
}

/**
 * The status a disabled company had before: the `from` of its last change to `disabled`.
 * Companies without that history go back to `pending`.
 */
export function statusBeforeDisabled(
  company: Pick<Company, 'status' | 'statusHistory'>,
): Exclude<CompanyStatus, 'disabled'> {
  for (let i = company.statusHistory.length - 1; i >= 0; i--) {
    const change = company.statusHistory[i]!
    if (change.to === 'disabled' && change.from !== 'disabled') return change.from
  }
  return 'pending'
}

/** The machine's snapshot for a stored company (a disabled one remembers its previous status). */
export function companyStatusSnapshotOf(
  company: Pick<Company, 'status' | 'statusHistory' | 'trackId' | 'cnpj'>,
  track: Pick<Track, 'status' | 'steps'> | null | undefined,
): CompanyStatusSnapshot {
  const context: CompanyStatusContext = { facts: companyFactsOf(company, track), reason: null }
  if (company.status !== 'disabled')
    return companyStatusMachine.resolveState({ value: { enabled: company.status }, context })
  const before = companyStatusMachine.resolveState({
    value: { enabled: statusBeforeDisabled(company) },
    context,
  })
  const reason = company.statusHistory.at(-1)?.reason ?? 'Desativada'
  return transition(companyStatusMachine, before, { type: 'company.disable', reason })[0]
}

/** The event that moves a company from one status to another, if any could. */
export function statusChangeEvent(
  from: CompanyStatus,
  to: CompanyStatus,
  reason: string,
): Exclude<CompanyStatusEvent, { type: 'facts.update' }> | null {
  if (to === 'disabled') return { type: 'company.disable', reason }
  if (from === 'disabled') return { type: 'company.restore' }
  switch (to) {
    case 'awaiting_opening':
    case 'migrating':
      return { type: 'payment.confirmed' }
    case 'opening':
      return { type: 'opening.start' }
    case 'active':
      return from === 'overdue' ? { type: 'payment.confirmed' } : { type: 'company.activate' }
    case 'overdue':
      return { type: 'payment.late' }
    case 'pending':
      return null
  }
}

const quoted = (status: CompanyStatus) => `"${companyStatusLabels[status]}" (${status})`

/** Why the machine does not take a company from `from` to `to` (pt-BR). */
function hint(snapshot: CompanyStatusSnapshot, to: CompanyStatus): string {
  const from = statusOf(snapshot)
  const { facts } = snapshot.context
  if (from === to) return 'a empresa já está neste status'
  if (from === 'disabled') {
    const back = restoresTo(snapshot)!
    return `uma empresa desativada volta ao status que tinha antes, ${quoted(back)}`
  }
  if (to === 'disabled') return 'informe o motivo da desativação'
  if (from === 'pending' && (to === 'awaiting_opening' || to === 'migrating')) {
    const needed: TrackId = to === 'awaiting_opening' ? 'create-company' : 'migrate-company'
    if (facts.trackId !== needed)
      return `a empresa está na trilha de ${trackLabels[facts.trackId]}, e esse status é da trilha de ${trackLabels[needed]}`
    return 'a assinatura (etapa "Assinatura") ainda não foi paga'
  }
  if (from === 'awaiting_opening' && to === 'opening')
    return 'o comprovante da guia (etapa "Comprovante da guia") ainda não foi enviado'
  if ((from === 'opening' || from === 'migrating') && to === 'active') {
    const missing = [
      ...(facts.cnpjValid ? [] : ['um CNPJ válido']),
      ...(facts.trackDone ? [] : ['a trilha concluída']),
    ]
    return `a empresa ainda precisa de ${missing.join(' e ')}`
  }
  return 'essa mudança não faz parte do fluxo de status da empresa'
}

/**
 * Plans a status change: the next snapshot when the machine allows `from → to`, otherwise the
 * pt-BR message of the server's 409 (naming both statuses and what is missing).
 */
export function planStatusChange(
  snapshot: CompanyStatusSnapshot,
  to: CompanyStatus,
  reason = '',
): { ok: true; next: CompanyStatusSnapshot } | { ok: false; message: string } {
  const from = statusOf(snapshot)
  const event = from === to ? null : statusChangeEvent(from, to, reason)
  if (event && snapshot.can(event)) {
    const [next] = transition(companyStatusMachine, snapshot, event)
    if (statusOf(next) === to) return { ok: true, next }
  }
  return {
    ok: false,
    message: `Não é possível mudar o status da empresa de ${quoted(from)} para ${quoted(to)}: ${hint(snapshot, to)}.`,
  }
}

/** A change the machine allows from a snapshot: the status it leads to and its event's type. */
export type StatusMove = {
  to: CompanyStatus
  event: Exclude<CompanyStatusEvent, { type: 'facts.update' }>['type']
}

/**
 * Every status the machine takes this company to from here, in the statuses' order: what the
 * back office offers as buttons (disabling counts as allowed: its reason is asked for then).
 */
export function allowedStatusMoves(snapshot: CompanyStatusSnapshot): StatusMove[] {
  const from = statusOf(snapshot)
  return companyStatuses.flatMap((to) => {
    const event = statusChangeEvent(from, to, 'motivo a informar')
    if (!event || !planStatusChange(snapshot, to, 'motivo a informar').ok) return []
    return [{ to, event: event.type }]
  })
}
