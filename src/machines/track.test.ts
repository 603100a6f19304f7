import { describe, expect, it } from 'vitest'
import { adjacencyMapToArray, createTestModel, getAdjacencyMap } from 'xstate/graph'
import { trackIds, type TrackId } from '../schemas/company'
import { stepActors } from '../schemas/steps'
import { emptyTrack, stepIds, trackSteps, type StepStatus, type Track } from '../schemas/track'
import {
  applyTrackEvent,
  currentStepOf,
  positionOf,
  statusesOf,
  trackMachines,
  trackSnapshotOf,
  type TrackEvent,
  type TrackSnapshot,
} from './track'

// Model-based tests of both tracks: every reachable state × every step event (including steps of
// the other track), compared with docs/product.md §4 "Tracks and steps" written out below; then the
// shortest paths to every state are replayed on a stored track record with `applyTrackEvent`,
// which is what `POST /companies/{id}/steps/{stepId}` runs.

type Position = { index: number; status: Exclude<StepStatus, 'done'> }

/** The product's rule: only the current step moves; saving starts it, completing finishes it. */
function expected(trackId: TrackId, at: Position, event: TrackEvent): Position {
  const steps = trackSteps[trackId]
  if (at.index >= steps.length || steps[at.index] !== event.stepId) return at
  if (event.type === 'step.save') return { index: at.index, status: 'in_progress' }
  return { index: at.index + 1, status: 'pending' }
}

const positionIndex = (trackId: TrackId, snapshot: TrackSnapshot): Position => {
  const position = positionOf(snapshot)
  return position === 'done'
    ? { index: trackSteps[trackId].length, status: 'pending' }
    : { index: trackSteps[trackId].indexOf(position.stepId), status: position.status }
}

const allEvents: TrackEvent[] = stepIds.flatMap((stepId) => [
  { type: 'step.save' as const, stepId },
  { type: 'step.complete' as const, stepId },
])

describe.each(trackIds)('the %s track', (trackId) => {
  const machine = trackMachines[trackId]
  const steps = trackSteps[trackId]
  const traversal = {
    events: allEvents,
    serializeState: (snapshot: TrackSnapshot) => JSON.stringify(snapshot.value),
    serializeEvent: (event: TrackEvent) => JSON.stringify(event),
  }
  const model = createTestModel(machine, traversal)
  // Every event from every state (the model's own traversal only tries the events a state handles).
  const edges = adjacencyMapToArray(getAdjacencyMap(machine, traversal))

  it('has every step pending and in progress, then done', () => {
    const states = new Set(
      edges.flatMap(({ state, nextState }) =>
        [state, nextState].map((s) => JSON.stringify(s.value)),
      ),
    )
    expect(states.size).toBe(steps.length * 2 + 1)
    expect(states.has(JSON.stringify('done'))).toBe(true)
  })

  it('agrees with the step rules on every state and every event', () => {
    expect(edges).toHaveLength((steps.length * 2 + 1) * allEvents.length)
    for (const { state, event, nextState } of edges)
      expect({ event, at: positionIndex(trackId, nextState) }).toEqual({
        event,
        at: expected(trackId, positionIndex(trackId, state), event),
      })
  })

  it('marks the steps before the current one done and the track done at the end', () => {
    for (const { nextState } of edges) {
      const { status, steps: statuses } = statusesOf(trackId, nextState)
      const { index, status: current } = positionIndex(trackId, nextState)
      statuses.forEach((step, i) =>
        expect(step.status).toBe(i < index ? 'done' : i === index ? current : 'pending'),
      )
      expect(status).toBe(
        index === steps.length
          ? 'done'
          : index === 0 && current === 'pending'
            ? 'pending'
            : 'in_progress',
      )
    }
  })

  it('runs the same way on a stored track, rehydrated at every step (the server)', () => {
    const paths = model.getShortestPaths({ allowDuplicatePaths: true })
    expect(paths).toHaveLength(steps.length * 2 + 1)
    for (const path of paths) {
      let track: Track = emptyTrack(trackId)
      for (const step of path.steps.slice(1)) {
        const result = applyTrackEvent(track, step.event, {
          at: '2026-11-21T12:00:00.000Z',
          payload: { ok: true },
        })
        expect(result.ok).toBe(true)
        if (result.ok) track = result.track
        const want = statusesOf(trackId, step.state)
        expect({ status: track.status, steps: track.steps.map((s) => s.status) }).toEqual({
          status: want.status,
          steps: want.steps.map((s) => s.status),
        })
        expect(trackSnapshotOf(track).value).toEqual(step.state.value)
      }
      // From the state the path reached, every event the model refuses is refused with a reason
      // and leaves the record as it was.
      for (const event of allEvents) {
        if (path.state.can(event)) continue
        const refused = applyTrackEvent(track, event, { at: 'later', payload: { no: true } })
        expect(refused.ok).toBe(false)
        if (!refused.ok) expect(refused.message).toMatch(/^A (etapa|trilha)/)
      }
    }
  })
})

describe('stored tracks', () => {
  it('refuses a record that is not a state of the track', () => {
    const broken = emptyTrack('create-company')
    broken.steps[2]!.status = 'done'
    expect(() => trackSnapshotOf(broken)).toThrow(/not a state of the track/)
  })

  it('explains refusals in Portuguese', () => {
    const track = emptyTrack('migrate-company')
    expect(
      applyTrackEvent(track, { type: 'step.complete', stepId: 'subscription' }, { at: 'x' }),
    ).toEqual({
      ok: false,
      message: 'A etapa "Assinatura" só pode começar depois de "Sócios".',
    })
    expect(
      applyTrackEvent(track, { type: 'step.save', stepId: 'awaiting-guide' }, { at: 'x' }),
    ).toEqual({
      ok: false,
      message: 'A etapa "Guia de registro" não faz parte da trilha de troca de contador.',
    })
    expect(currentStepOf(track)).toBe('partner-registration-basic')
  })
})

describe('revising a done step', () => {
  const revisions: TrackEvent[] = stepIds.map((stepId) => ({ type: 'step.revise', stepId }))

  it.each(trackIds)(
    '%s: only the client step just before a pending current step, and nothing moves',
    (trackId) => {
      const steps = trackSteps[trackId]
      const machine = trackMachines[trackId]
      const edges = adjacencyMapToArray(
        getAdjacencyMap(machine, {
          events: [...allEvents, ...revisions],
          serializeState: (snapshot: TrackSnapshot) => JSON.stringify(snapshot.value),
          serializeEvent: (event: TrackEvent) => JSON.stringify(event),
        }),
      )
      let allowedSomewhere = 0
      for (const { state, event, nextState } of edges) {
        if (event.type !== 'step.revise') continue
        expect(nextState.value).toEqual(state.value)
        const at = positionIndex(trackId, state)
        const previous = steps[at.index - 1]
        const allowed =
          at.index < steps.length &&
          at.status === 'pending' &&
          previous === event.stepId &&
          stepActors[previous] === 'client'
        expect({ event, at, can: state.can(event) }).toEqual({ event, at, can: allowed })
        if (allowed) allowedSomewhere++
      }
      // Every step after a client step can revise it once.
      expect(allowedSomewhere).toBe(
        steps.slice(0, -1).filter((stepId) => stepActors[stepId] === 'client').length,
      )
    },
  )

  it('lets a step in progress be saved again (drafts)', () => {
    const track = emptyTrack('migrate-company')
    const first = applyTrackEvent(
      track,
      { type: 'step.save', stepId: 'partner-registration-basic' },
      { at: '2026-11-21T12:00:00.000Z', payload: { partners: [] } },
    )
    if (!first.ok) throw new Error(first.message)
    const second = applyTrackEvent(
      first.track,
      { type: 'step.save', stepId: 'partner-registration-basic' },
      { at: '2026-11-21T12:01:00.000Z', payload: { partners: [{ name: 'Ana' }] } },
    )
    expect(second).toMatchObject({ ok: true })
    if (second.ok) expect(second.track.steps[0]!.payload).toEqual({ partners: [{ name: 'Ana' }] })
  })

  it('keeps the step done with its new payload, and explains refusals', () => {
    let track: Track = emptyTrack('create-company')
    const at = '2026-11-21T12:00:00.000Z'
    const first = applyTrackEvent(
      track,
      { type: 'step.complete', stepId: 'pre-registration' },
      { at, payload: { v: 1 } },
    )
    if (!first.ok) throw new Error(first.message)
    track = first.track
    const revised = applyTrackEvent(
      track,
      { type: 'step.revise', stepId: 'pre-registration' },
      { at: '2026-11-22T12:00:00.000Z', payload: { v: 2 } },
    )
    expect(revised).toMatchObject({ ok: true, completed: false })
    if (!revised.ok) return
    expect(revised.track.steps[0]).toMatchObject({ status: 'done', payload: { v: 2 } })
    expect(currentStepOf(revised.track)).toBe('partner-registration')

    const started = applyTrackEvent(
      revised.track,
      { type: 'step.save', stepId: 'partner-registration' },
      { at, payload: {} },
    )
    if (!started.ok) throw new Error(started.message)
    expect(
      applyTrackEvent(started.track, { type: 'step.revise', stepId: 'pre-registration' }, { at }),
    ).toEqual({
      ok: false,
      message: 'A etapa "Pré-cadastro" não pode mais mudar: "Cadastro dos sócios" já começou.',
    })
    expect(
      applyTrackEvent(started.track, { type: 'step.revise', stepId: 'subscription' }, { at }),
    ).toEqual({ ok: false, message: 'A etapa "Assinatura" ainda não foi concluída.' })
  })
})
