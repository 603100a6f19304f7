import { useState } from 'react'
import { trackLabels } from '@/schemas/glossary'
import { useSuspenseQuery } from '@tanstack/react-query'
import { trackIds, type TrackId } from '@/schemas/company'
import { trackSteps, type Step } from '@/schemas/track'
import { companyFactsOf } from '@/machines/company-status'
import { formatDateTime } from '@/lib/format'
import { ApiError } from '@/services/api'
import { useSetCompanyTrack } from '@/services/back-office'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Alert, Badge } from '@/ui/Feedback'
import { SelectField } from '@/ui/Field'
import { Card } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import {
  StepPayloadView,
  StepStatusBadge,
  stepRegistry,
  stepStatusTones,
} from '@/screens/onboarding'
import { trackTitle } from './labels'
import { OrderLink } from './OrderLink'
import styles from './BackOffice.module.css'

/** A step with something in it: done, started, or with a saved draft. */
const hasProgress = (step: Step) => step.status !== 'pending' || step.payload !== null

/**
 * The company's track: its type, each step with its status and what was filled in (names,
 * activities, partners, address, accountant, guide, receipt: StepPayloadView), and
 * "Definir trilha" to move a company that has not paid yet to the other track (its steps start
 * over: the screen says which would be lost before asking to confirm).
 */
export function CompanyTrackPanel({ companyId }: { companyId: string }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const { data: track } = useSuspenseQuery(companyStepsQueryOptions(companyId))
  const done = track.steps.filter((step) => step.status === 'done').length
  return (
    <div className="stack">
      <Card>
        <div className={styles.cardHeader}>
          <h2 className={styles.cardTitle}>Cadastro de {trackLabels[track.trackId]}</h2>
          <span className={styles.headerLine}>
            <Badge tone={stepStatusTones[track.status]}>
              {track.status === 'done'
                ? 'Concluído'
                : `${done} de ${track.steps.length} etapas concluídas`}
            </Badge>
            <OrderLink companyId={companyId} trackId={track.trackId} />
          </span>
        </div>
        <ol className={styles.trackSteps} aria-label="Etapas do cadastro">
          {track.steps.map((step, index) => (
            <li key={step.stepId} className={styles.trackStep}>
              <div className={styles.trackStepHeader}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{stepRegistry[step.stepId].label}</h3>
                <StepStatusBadge status={step.status} />
                {step.updatedAt && <span className="muted">{formatDateTime(step.updatedAt)}</span>}
              </div>
              <StepPayloadView companyId={companyId} company={company} step={step} />
            </li>
          ))}
        </ol>
      </Card>
      <SetTrackCard
        companyId={companyId}
        companyName={company.alias ?? company.name}
        currentTrack={track.trackId}
        steps={track.steps}
        locked={
          company.status !== 'pending'
            ? 'A trilha só muda enquanto a empresa está com o cadastro pendente.'
            : companyFactsOf(company, track).subscriptionPaid
              ? 'A assinatura desta trilha já foi paga: a trilha não muda mais.'
              : null
        }
      />
    </div>
  )
}

function SetTrackCard({
  companyId,
  companyName,
  currentTrack,
  steps,
  locked,
}: {
  companyId: string
  companyName: string
  currentTrack: TrackId
  steps: readonly Step[]
  /** Why the track cannot change now, or null. */
  locked: string | null
}) {
  const setTrack = useSetCompanyTrack()
  const others = trackIds.filter((id) => id !== currentTrack)
  const [target, setTarget] = useState<TrackId>(others[0]!)
  const [confirming, setConfirming] = useState(false)
  const [conflict, setConflict] = useState<string | null>(null)
  const lost = steps.filter(hasProgress)

  async function confirm() {
    setConflict(null)
    try {
      await setTrack.mutateAsync({ companyId, trackId: target })
      setConfirming(false)
      notify.success(`${companyName} está agora no cadastro de ${trackLabels[target]}.`)
    } catch (error) {
      setConfirming(false)
      setConflict(
        error instanceof ApiError ? error.message : 'Não foi possível definir a trilha agora.',
      )
    }
  }

  return (
    <Card>
      <h2 className={styles.cardTitle}>Definir trilha</h2>
      <p className="muted">
        A trilha é o caminho do cadastro: {trackLabels['create-company']} (
        {trackSteps['create-company'].length} etapas) ou {trackLabels['migrate-company']} (
        {trackSteps['migrate-company'].length} etapas).
      </p>
      {conflict && (
        <Alert tone="warning" title="A trilha não foi alterada">
          {conflict}
        </Alert>
      )}
      {locked ? (
        <p>{locked}</p>
      ) : (
        <div className={styles.inlineForm}>
          <SelectField
            label="Nova trilha"
            value={target}
            onChange={(event) => setTarget(event.target.value as TrackId)}
            options={others.map((id) => ({ value: id, label: trackTitle(id) }))}
          />
          <Button onClick={() => setConfirming(true)}>Definir trilha</Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!setTrack.isPending) setConfirming(open)
        }}
        title={`Mudar ${companyName} para ${trackLabels[target]}?`}
        tone={lost.length > 0 ? 'danger' : 'primary'}
        description={
          lost.length > 0 ? (
            <>
              <strong>Atenção: o que foi preenchido se perde.</strong> As etapas{' '}
              {lost.map((step) => `“${stepRegistry[step.stepId].label}”`).join(', ')} da trilha de{' '}
              {trackLabels[currentTrack]} são descartadas, e a empresa recomeça pela primeira etapa
              de {trackLabels[target]}. Um plano escolhido e não pago é cancelado.
            </>
          ) : (
            <>
              Nenhuma etapa foi começada: a empresa passa a seguir as etapas de{' '}
              {trackLabels[target]}.
            </>
          )
        }
        confirmLabel="Definir trilha"
        busy={setTrack.isPending}
        onConfirm={() => void confirm()}
      />
    </Card>
  )
}
