import type { Company } from '@/schemas/company'
import type { Step, Track } from '@/schemas/track'

/** What the checkout said when it sent the client back to the wizard. */
export type PaymentOutcome = 'confirmado' | 'cancelado'

/** What every step's screen gets from the wizard. */
export type StepContext = {
  companyId: string
  uid: string
  company: Company
  track: Track
  step: Step
  /** A done step opened again while the next has not started: saving revises it. */
  revising: boolean
  /** The wizard moved here (not the first render): the step's heading takes the focus. */
  focusOnMount: boolean
  onSaved: (track: Track) => void
  /** What the checkout said when it sent the client back (the subscription step tells it). */
  payment: PaymentOutcome | undefined
  /** Leaves the app for the checkout page (the route's permission to go outside). */
  onCheckout: (url: string) => void
}

/** The payload a step kept (null before anything was saved). */
export const payloadOfStep = (track: Track, stepId: Step['stepId']) =>
  track.steps.find((step) => step.stepId === stepId)?.payload ?? null
