// The wizard tracks (docs/product.md §4 "Tracks and steps"): opening (`create-company`) and
// migration (`migrate-company`). Pure: the UI runs it to know which step the wizard is on, and the
// mock server runs it on `POST /companies/{id}/steps/{stepId}` to accept or refuse a step change.
//
// A step is `pending` until the previous one is `done`; saving a draft starts it (`in_progress`);
// completing it makes it `done` and the next one current. The track is `done` when every step is.
// A done step the client fills can be revised (saved again) while the step after it has not
// started: nothing moves, only its payload changes.
import { setup, transition, type SnapshotFrom } from 'xstate'
import type { TrackId } from '../schemas/company'
import { stepActors } from '../schemas/steps'
import {
  stepLabels,
  trackLabels,
  trackSteps,
  type Step,
  type StepId,
  type StepStatus,
  type Track,
} from '../schemas/track'

export type TrackEvent =
  /** Saves a draft of the step: starts it. */
  | { type: 'step.save'; stepId: StepId }
  /** Completes the step: done, and the next one becomes current. */
  | { type: 'step.complete'; stepId: StepId }
  /** Saves a done step again: only the one just before the current step, while it is pending. */
  | { type: 'step.revise'; stepId: StepId }

const trackSetup = setup({
  types: { events: {} as TrackEvent, context: {} as Record<string, never> },
  guards: {
    /** The event is about this step (only the current step can move). */
    isStep: ({ event }, params: { stepId: StepId }) => event.stepId === params.stepId,
  },
})

type TrackStates = NonNullable<Parameters<typeof trackSetup.createMachine>[0]['states']>

function buildTrackMachine(trackId: TrackId) {
  const steps = trackSteps[trackId]
  const states: TrackStates = {}
  steps.forEach((stepId, index) => {
    const next = steps[index + 1] ?? 'done'
    const previous = steps[index - 1]
    const isThis = { type: 'isStep', params: { stepId } } as const
    const complete = { target: `#track.${next}`, guard: isThis }
    const revise =
      previous && stepActors[previous] === 'client'
        ? {
            'step.revise': {
              // A target, though it stays: `can()` takes a transition without one as refused.
              target: 'pending',
              guard: { type: 'isStep', params: { stepId: previous } } as const,
            },
          }
        : {}
    states[stepId] = {
      initial: 'pending',
      states: {
        pending: {
          on: {
            'step.save': { target: 'in_progress', guard: isThis },
            'step.complete': complete,
            ...revise,
          },
        },
        in_progress: {
          // Saving again keeps it in progress (with a target, so `can()` takes it).
          on: { 'step.save': { target: 'in_progress', guard: isThis }, 'step.complete': complete },
        },
      },
    }
  })
  states.done = { type: 'final' }
  return trackSetup.createMachine({ id: 'track', context: {}, initial: steps[0], states })
}

export const trackMachines = {
  'create-company': buildTrackMachine('create-company'),
  'migrate-company': buildTrackMachine('migrate-company'),
}
export type TrackMachine = (typeof trackMachines)[TrackId]
export type TrackSnapshot = SnapshotFrom<TrackMachine>

/** Where a snapshot is: the current step and its status, or done. */
export function positionOf(
  snapshot: TrackSnapshot,
): { stepId: StepId; status: Exclude<StepStatus, 'done'> } | 'done' {
  const value = snapshot.value as string | Record<string, string>
  if (value === 'done') return 'done'
  const [stepId, status] = Object.entries(value)[0] as [StepId, Exclude<StepStatus, 'done'>]
  return { stepId, status }
}

/** Every step's status, and the track's, as the track record keeps them. */
export function statusesOf(
  trackId: TrackId,
  snapshot: TrackSnapshot,
): { status: StepStatus; steps: Array<{ stepId: StepId; status: StepStatus }> } {
  const steps = trackSteps[trackId]
  const position = positionOf(snapshot)
  const current = position === 'done' ? steps.length : steps.indexOf(position.stepId)
  const stepStatuses = steps.map((stepId, index) => ({
    stepId,
    status:
      index < current
        ? ('done' as const)
        : index === current && position !== 'done'
          ? position.status
          : ('pending' as const),
  }))
  const status: StepStatus =
    position === 'done'
      ? 'done'
      : current === 0 && position.status === 'pending'
        ? 'pending'
        : 'in_progress'
  return { status, steps: stepStatuses }
}

/**
 * The machine's snapshot for a stored track. Throws if the record is not one the machine could
 * have produced (steps out of order, wrong track status).
 */
export function trackSnapshotOf(track: Pick<Track, 'trackId' | 'status' | 'steps'>): TrackSnapshot {
  const steps = trackSteps[track.trackId]
  const ids = track.steps.map((step) => step.stepId)
  if (ids.length !== steps.length || ids.some((id, i) => id !== steps[i]))
    throw new Error(`track ${track.trackId}: steps must be ${steps.join(', ')}`)
  const current = track.steps.findIndex((step) => step.status !== 'done')
  const machine = trackMachines[track.trackId]
  const value =
    current < 0 ? 'done' : { [steps[current] as string]: (track.steps[current] as Step).status }
  const snapshot = machine.resolveState({ value, context: {} })
  const expected = statusesOf(track.trackId, snapshot)
  const consistent =
    expected.status === track.status &&
    expected.steps.every((step, i) => step.status === track.steps[i]?.status)
  if (!consistent)
    throw new Error(
      `track ${track.trackId}: step statuses ${track.steps.map((s) => s.status).join('/')} with track ${track.status} are not a state of the track`,
    )
  return snapshot
}

/**
 * The event a step submission makes: a draft or the subscription step (done by its payment)
 * saves the step; the rest completes it, or revises it when it is done already.
 */
export function stepSubmissionEvent(
  track: Pick<Track, 'steps'>,
  stepId: StepId,
  draft: boolean | undefined,
): TrackEvent {
  const complete = draft !== true && stepActors[stepId] !== 'payment'
  const done = track.steps.some((step) => step.stepId === stepId && step.status === 'done')
  return { type: !complete ? 'step.save' : done ? 'step.revise' : 'step.complete', stepId }
}

/** Why a step event is refused (pt-BR), or null when the machine takes it. */
export function refusalOf(
  track: Pick<Track, 'trackId' | 'status' | 'steps'>,
  event: TrackEvent,
): string | null {
  const steps = trackSteps[track.trackId]
  const label = `"${stepLabels[event.stepId]}"`
  if (!steps.includes(event.stepId))
    return `A etapa ${label} não faz parte da trilha de ${trackLabels[track.trackId]}.`
  const snapshot = trackSnapshotOf(track)
  if (snapshot.can(event)) return null
  const position = positionOf(snapshot)
  if (position === 'done') return 'A trilha já foi concluída: nenhuma etapa pode mudar.'
  const index = steps.indexOf(event.stepId)
  const currentIndex = steps.indexOf(position.stepId)
  if (event.type === 'step.revise') {
    if (index >= currentIndex) return `A etapa ${label} ainda não foi concluída.`
    if (stepActors[event.stepId] !== 'client')
      return `A etapa ${label} é concluída pela contabilidade ou pelo pagamento e não pode ser refeita.`
    return `A etapa ${label} não pode mais mudar: "${stepLabels[steps[index + 1]!]}" já começou.`
  }
  if (index < currentIndex) return `A etapa ${label} já foi concluída.`
  return `A etapa ${label} só pode começar depois de "${stepLabels[position.stepId]}".`
}

/**
 * Applies a step event to a stored track: the new step and track statuses, the step's payload
 * and time. Refused events come back as `{ ok: false, message }` (the server's 409).
 */
export function applyTrackEvent<T extends Pick<Track, 'trackId' | 'status' | 'steps'>>(
  track: T,
  event: TrackEvent,
  change: { payload?: Step['payload']; at: string },
): { ok: true; track: T; completed: boolean } | { ok: false; message: string } {
  const refusal = refusalOf(track, event)
  if (refusal) return { ok: false, message: refusal }
  const machine = trackMachines[track.trackId]
  const [next] = transition(machine, trackSnapshotOf(track), event)
  const statuses = statusesOf(track.trackId, next)
  const steps = track.steps.map((step, i) => {
    const status = statuses.steps[i]!.status
    const touched = step.stepId === event.stepId
    return {
      ...step,
      status,
      payload: touched && change.payload !== undefined ? change.payload : step.payload,
      updatedAt: touched || status !== step.status ? change.at : step.updatedAt,
    }
  })
  return {
    ok: true,
    track: { ...track, status: statuses.status, steps },
    completed: event.type === 'step.complete',
  }
}

/** The step the wizard is on (null when the track is done). */
export function currentStepOf(track: Pick<Track, 'trackId' | 'status' | 'steps'>): StepId | null {
  const position = positionOf(trackSnapshotOf(track))
  return position === 'done' ? null : position.stepId
}
