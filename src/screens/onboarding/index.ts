// Onboarding pieces other features show: what each wizard step keeps (its view in the step
// registry) and where a step stands. The back office's order and company pages read them.
export { stepRegistry, type StepEntry } from './step-registry'
export { stepStatusLabels, stepStatusTones } from './step-labels'
export { StepPayloadView } from './views/StepPayloadView'
export { StepStatusBadge } from './views/StepStatusBadge'
