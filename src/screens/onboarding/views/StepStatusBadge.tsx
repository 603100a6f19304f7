import type { StepStatus } from '@/schemas/track'
import { Badge } from '@/ui/Feedback'
import { stepStatusLabels, stepStatusTones } from '../step-labels'

/** Where a step stands: pending, in progress or done. */
export function StepStatusBadge({ status }: { status: StepStatus }) {
  return <Badge tone={stepStatusTones[status]}>{stepStatusLabels[status]}</Badge>
}
