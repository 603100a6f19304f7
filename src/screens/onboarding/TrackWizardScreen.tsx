import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { TrackId } from '@/schemas/company'
import { stepActors } from '@/schemas/steps'
import { stepLabels, type StepId, type Track } from '@/schemas/track'
import { positionOf, statusesOf, trackSnapshotOf } from '@/machines/track'
import { formatDateTime } from '@/lib/format'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { useSessionView } from '@/services/session'
import { StepPayloadView, TransferLetterButton } from '@/screens/back-office'
import { SUPPORT_EMAIL } from '@/screens/shared'
import { Button, buttonClass } from '@/ui/Button'
import { Alert, EmptyState } from '@/ui/Feedback'
import { PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { StepFrame } from './StepFrame'
import { WizardStepper } from './WizardStepper'
import { AwaitingGuideStep } from './steps/AwaitingGuideStep'
import { CompanyInfoStep } from './steps/CompanyInfoStep'
import { MigrateAccountantStep } from './steps/MigrateAccountantStep'
import { PartnerBasicStep } from './steps/PartnerBasicStep'
import { PartnerRegistrationStep } from './steps/PartnerRegistrationStep'
import { PreRegistrationStep } from './steps/PreRegistrationStep'
import { SubscriptionStep, type PaymentOutcome } from './steps/SubscriptionStep'
import { UploadGuideReceiptStep } from './steps/UploadGuideReceiptStep'
import type { StepContext } from './steps/step-context'
import styles from './TrackWizardScreen.module.css'

const copy: Record<TrackId, { title: string; description: string }> = {
  'create-company': {
    title: 'Abertura da empresa',
    description:
      'Do nome ao CNPJ, tudo online: preencha cada etapa no seu ritmo e retome de onde parou, em qualquer aparelho.',
  },
  'migrate-company': {
    title: 'Troca de contador',
    description:
      'Traga a contabilidade da sua empresa para a Contabil: cuidamos da transferência com o contador atual.',
  },
}

/** While someone else moves the track (the accountant, the payment), the wizard checks it. */
const TRACK_POLL_MS = 4000

function pollInterval(track: Track | undefined, payment: PaymentOutcome | undefined) {
  if (!track) return false
  const waiting = track.steps.find((step) => step.status !== 'done')
  if (!waiting) return false
  if (stepActors[waiting.stepId] === 'admin') return TRACK_POLL_MS
  if (waiting.stepId === 'subscription' && payment === 'confirmado') return TRACK_POLL_MS / 2
  return false
}

export type WizardProps = {
  trackId: TrackId
  /** The step asked for in the address (`?etapa=`): a done step to read or revise. */
  viewing: StepId | undefined
  payment: PaymentOutcome | undefined
  /** Opens a step (undefined: the current one). */
  onView: (stepId: StepId | undefined) => void
  onCheckout: (url: string) => void
}

/**
 * /app/wizard/company-opening and /app/wizard/company-migration: the track's steps with their
 * status (from the track statechart), the current step's form, done steps to read or (while the
 * next one has not started) revise.
 */
export function TrackWizardScreen(props: WizardProps) {
  const { companyId, user } = useSessionView()
  if (!companyId || !user)
    return (
      <>
        <PageHeader
          title={copy[props.trackId].title}
          description={copy[props.trackId].description}
        />
        <EmptyState
          title="Sua conta ainda não tem empresa"
          action={
            <a className={buttonClass({ variant: 'secondary' })} href={`mailto:${SUPPORT_EMAIL}`}>
              Falar com a Contabil
            </a>
          }
        >
          O cadastro começa com a sua empresa. Escreva para {SUPPORT_EMAIL} e nós a criamos para
          você.
        </EmptyState>
      </>
    )
  return <Wizard {...props} companyId={companyId} uid={user.uid} />
}

function Wizard({
  trackId,
  viewing: requested,
  payment,
  onView,
  onCheckout,
  companyId,
  uid,
}: WizardProps & { companyId: string; uid: string }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const { data: track } = useSuspenseQuery({
    ...companyStepsQueryOptions(companyId),
    refetchInterval: (query) => pollInterval(query.state.data, payment),
  })
  // Steps mounted after the first render take the focus (the wizard moved to them).
  const [settled, setSettled] = useState(false)
  useEffect(() => setSettled(true), [])

  const snapshot = trackSnapshotOf(track)
  const position = positionOf(snapshot)
  const statuses = statusesOf(track.trackId, snapshot).steps
  const current = position === 'done' ? null : position.stepId
  const statusOf = (stepId: StepId) => statuses.find((step) => step.stepId === stepId)?.status
  const viewing: StepId | null =
    requested && (requested === current || statusOf(requested) === 'done') ? requested : current
  const step = track.steps.find((item) => item.stepId === viewing) ?? null
  const revising =
    viewing !== null &&
    viewing !== current &&
    statusOf(viewing) === 'done' &&
    snapshot.can({ type: 'step.revise', stepId: viewing })
  const letterReady =
    track.trackId === 'migrate-company' && statusOf('migrate-accountant') === 'done'

  const onSaved = (saved: Track) => {
    const label = viewing ? stepLabels[viewing] : ''
    if (revising) {
      notify.success(`Alterações em “${label}” salvas.`)
      onView(undefined)
      return
    }
    notify.success(`Etapa “${label}” concluída.`)
    if (requested) onView(undefined)
    void saved
  }

  const context: StepContext | null = step
    ? {
        companyId,
        uid,
        company,
        track,
        step,
        revising,
        focusOnMount: settled,
        onSaved,
      }
    : null

  return (
    <>
      <PageHeader
        title={copy[trackId].title}
        description={`${company.alias ?? company.name} · ${copy[trackId].description}`}
      />
      <div className={styles.layout}>
        <WizardStepper steps={statuses} current={current} viewing={viewing} onView={onView} />
        <div className={styles.main}>
          {letterReady && viewing !== 'migrate-accountant' && current !== null && (
            <div className={styles.notice}>
              <Alert
                tone="success"
                title="A carta de transferência está pronta"
                action={
                  <TransferLetterButton
                    companyId={companyId}
                    cnpj={company.cnpj}
                    label="Baixar carta (PDF)"
                  />
                }
              >
                Envie ao contador atual: ela pede a entrega dos livros e documentos, como manda a
                Resolução CFC nº 1.590/2020.
              </Alert>
            </div>
          )}
          {!context ? (
            <StepFrame title="Cadastro concluído" focusOnMount={settled}>
              <p>Todas as etapas estão concluídas. Sua empresa já pode usar o painel.</p>
              <div className="row">
                <Link to="/app/panel" className={buttonClass()}>
                  Ir para o painel
                </Link>
              </div>
            </StepFrame>
          ) : statusOf(context.step.stepId) === 'done' && !revising ? (
            <StepFrame
              key={context.step.stepId}
              title={stepLabels[context.step.stepId]}
              description={
                context.step.updatedAt
                  ? `Concluída em ${formatDateTime(context.step.updatedAt)}.`
                  : 'Concluída.'
              }
              focusOnMount={settled}
            >
              <StepPayloadView companyId={companyId} company={company} step={context.step} />
              <Alert tone="info">
                {stepActors[context.step.stepId] === 'client'
                  ? 'Esta etapa não pode mais ser alterada: a etapa seguinte já começou. Precisa corrigir algo? Fale com a gente pelo chat.'
                  : 'Esta etapa foi concluída pela contabilidade ou pelo pagamento.'}
              </Alert>
              {current && (
                <div className="row">
                  <Button
                    onClick={() => onView(undefined)}
                    aria-label={`Voltar para a etapa atual: ${stepLabels[current]}`}
                  >
                    Voltar para a etapa atual
                  </Button>
                </div>
              )}
            </StepFrame>
          ) : (
            <CurrentStep
              key={context.step.stepId}
              context={context}
              payment={payment}
              onCheckout={onCheckout}
            />
          )}
        </div>
      </div>
    </>
  )
}

function CurrentStep({
  context,
  payment,
  onCheckout,
}: {
  context: StepContext
  payment: PaymentOutcome | undefined
  onCheckout: (url: string) => void
}) {
  switch (context.step.stepId) {
    case 'pre-registration':
      return <PreRegistrationStep context={context} />
    case 'partner-registration':
      return <PartnerRegistrationStep context={context} />
    case 'partner-registration-basic':
      return <PartnerBasicStep context={context} />
    case 'migrate-accountant':
      return <MigrateAccountantStep context={context} />
    case 'subscription':
      return <SubscriptionStep context={context} payment={payment} onCheckout={onCheckout} />
    case 'awaiting-guide':
      return <AwaitingGuideStep context={context} />
    case 'upload-guide-receipt':
      return <UploadGuideReceiptStep context={context} />
    case 'download-company-info':
      return <CompanyInfoStep context={context} />
  }
}
