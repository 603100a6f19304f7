import { z } from 'zod'
import { isoDateTimeSchema } from './common'
import { trackIdSchema, type TrackId } from './company'
import { stepLabels, trackLabels } from './glossary'

export const stepStatuses = ['pending', 'in_progress', 'done'] as const
export const stepStatusSchema = z.enum(stepStatuses)
export type StepStatus = z.infer<typeof stepStatusSchema>

export const stepIds = [
  'partner-registration',
  'partner-registration-basic',
  'pre-registration',
  'awaiting-guide',
  'subscription',
  'download-company-info',
  'migrate-accountant',
  'upload-guide-receipt',
] as const
export const stepIdSchema = z.enum(stepIds)
export type StepId = z.infer<typeof stepIdSchema>

/** The order of each track's steps (docs/product.md §4 "Tracks and steps"). */
export const trackSteps: Record<TrackId, readonly StepId[]> = {
  'create-company': [
    'pre-registration',
    'partner-registration',
    'subscription',
    'awaiting-guide',
    'upload-guide-receipt',
    'download-company-info',
  ],
  'migrate-company': [
    'partner-registration-basic',
    'migrate-accountant',
    'subscription',
    'download-company-info',
  ],
}

export const stepSchema = z.object({
  stepId: stepIdSchema,
  status: stepStatusSchema,
  payload: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: isoDateTimeSchema.nullable(),
})
export type Step = z.infer<typeof stepSchema>

export const trackSchema = z.object({
  trackId: trackIdSchema,
  status: stepStatusSchema,
  steps: z.array(stepSchema),
})
export type Track = z.infer<typeof trackSchema>

/** docs/product.md §4: a track is done when its status is done. */
export const isTrackDone = (track: Pick<Track, 'status'> | null | undefined) =>
  track?.status === 'done'

/** The step a wizard resumes at: the first one not done. */
export const currentStep = (track: Track): Step | undefined =>
  track.steps.find((step) => step.status !== 'done')

/** Where the partners of a track live (docs/product.md §4). */
export const partnersStepOf = (trackId: TrackId): StepId =>
  trackId === 'create-company' ? 'partner-registration' : 'partner-registration-basic'

/** docs/product.md §4: a one-person company has exactly one registered partner. */
export const isOnePersonCompany = (track: Track): boolean => {
  const step = track.steps.find((s) => s.stepId === partnersStepOf(track.trackId))
  const partners = (step?.payload as { partners?: unknown[] } | null | undefined)?.partners
  return Array.isArray(partners) && partners.length === 1
}

/** The one map from a track to its wizard's path (gates, panel, wizards, back office). */
export const wizardPaths = {
  'create-company': '/app/wizard/company-opening',
  'migrate-company': '/app/wizard/company-migration',
} as const satisfies Record<TrackId, string>

export const wizardPathOf = <Id extends TrackId>(trackId: Id): (typeof wizardPaths)[Id] =>
  wizardPaths[trackId]

/** A new track: every step pending, nothing started. */
export const emptyTrack = (trackId: TrackId): Track => ({
  trackId,
  status: 'pending',
  steps: trackSteps[trackId].map((stepId) => ({
    stepId,
    status: 'pending',
    payload: null,
    updatedAt: null,
  })),
})

// Their words are the glossary's (one name for each status, on every screen).
export { stepLabels, trackLabels }
