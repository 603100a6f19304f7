import type { StepId, StepStatus } from '@/schemas/track'
import { stepStateLabel } from '@/schemas/glossary'
import { stepRegistry } from './step-registry'
import styles from './TrackWizardScreen.module.css'

export type StepperItem = { stepId: StepId; status: StepStatus }

/**
 * Every step of the track with its status (from the track statechart). The current step and the
 * done ones open; pending ones wait for the previous step.
 */
export function WizardStepper({
  steps,
  current,
  viewing,
  onView,
}: {
  steps: readonly StepperItem[]
  /** The first step not done (null when the track is done). */
  current: StepId | null
  viewing: StepId | null
  onView: (stepId: StepId) => void
}) {
  const done = steps.filter((step) => step.status === 'done').length
  return (
    <nav className={styles.stepper} aria-label="Etapas do cadastro">
      <p className={styles.progressText}>
        {done} de {steps.length} etapas concluídas
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Progresso do cadastro"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-valuetext={`${done} de ${steps.length} etapas concluídas`}
      >
        <span style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className={styles.steps}>
        {steps.map((step, index) => {
          const isCurrent = step.stepId === current
          const reachable = step.status === 'done' || isCurrent
          // The current step says so, started or not (the same words at every width).
          const status = stepStateLabel(step.status, isCurrent)
          return (
            <li
              key={step.stepId}
              className={[styles[step.status], isCurrent ? styles.current : '']
                .filter(Boolean)
                .join(' ')}
            >
              <button
                type="button"
                className={styles.stepButton}
                disabled={!reachable}
                aria-current={step.stepId === viewing ? 'step' : undefined}
                aria-label={`${stepRegistry[step.stepId].label}: ${status}`}
                onClick={() => onView(step.stepId)}
              >
                <span className={styles.marker} aria-hidden="true">
                  {step.status === 'done' ? '✓' : index + 1}
                </span>
                <span className={styles.stepText}>
                  <span className={styles.stepTitle}>{stepRegistry[step.stepId].label}</span>
                  <span className={styles.stepStatus}>{status}</span>
                </span>
              </button>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
