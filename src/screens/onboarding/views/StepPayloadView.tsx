import type { Company } from '@/schemas/company'
import type { Step } from '@/schemas/track'
import { formatDateTime } from '@/lib/format'
import { stepRegistry } from '../step-registry'
import styles from './StepViews.module.css'

/** One step's payload, readable (its view in the step registry); steps not done say where they stand. */
export function StepPayloadView({
  companyId,
  company,
  step,
}: {
  companyId: string
  company: Pick<Company, 'cnpj'>
  step: Step
}) {
  if (step.status === 'pending')
    return <p className={styles.muted}>Esta etapa ainda não começou.</p>
  if (step.status === 'in_progress')
    return (
      <p className={styles.muted}>
        Em preenchimento
        {step.updatedAt ? ` (rascunho salvo em ${formatDateTime(step.updatedAt)})` : ''}: os dados
        aparecem aqui quando a etapa for concluída.
      </p>
    )
  const { View } = stepRegistry[step.stepId]
  return (
    <div className={styles.view}>
      <View companyId={companyId} company={company} payload={step.payload} />
    </div>
  )
}
