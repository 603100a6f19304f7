import { Suspense, useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { TrackId } from '@/schemas/company'
import { trackSteps, type StepId, type Track } from '@/schemas/track'
import { positionOf, statusesOf, trackSnapshotOf } from '@/machines/track'
import { formatDateTime } from '@/lib/format'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { useSessionView } from '@/services/session'
import { SUPPORT_EMAIL } from '@/screens/shared'
import { Button, buttonClass } from '@/ui/Button'
import { Alert, EmptyState } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { SkeletonBlock } from '@/ui/Skeleton'
import { notify } from '@/ui/notify'
import { StepFrame } from './StepFrame'
import { WizardStepper } from './WizardStepper'
import { stepRegistry } from './step-registry'
import type { PaymentOutcome, StepContext } from './steps/step-context'
import { TransferLetterButton } from './views/step-details'
import { StepPayloadView } from './views/StepPayloadView'
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
  if (stepRegistry[waiting.stepId].actor === 'admin') return TRACK_POLL_MS
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
  const snapshot = trackSnapshotOf(track)
  const position = positionOf(snapshot)
  const statuses = statusesOf(track.trackId, snapshot).steps
  const current = position === 'done' ? null : position.stepId
  // The next step's screen loads ahead, so moving to it does not wait (if that fails, it loads
  // again when it shows, and says so then).
  const steps = trackSteps[track.trackId]
  const next = current ? steps[steps.indexOf(current) + 1] : undefined
  useEffect(() => {
    if (next) stepRegistry[next].Form.preload().catch(() => {})
  }, [next])
  const statusOf = (stepId: StepId) => statuses.find((step) => step.stepId === stepId)?.status
  const viewing: StepId | null =
    requested && (requested === current || statusOf(requested) === 'done') ? requested : current
  const step = track.steps.find((item) => item.stepId === viewing) ?? null
  // A step shown after the wizard moved (not the one the page opened on, whose screen may still
  // be loading) takes the focus.
  const [firstViewed] = useState(viewing)
  const [moved, setMoved] = useState(false)
  if (!moved && viewing !== firstViewed) setMoved(true)
  const focusOnMount = moved || viewing !== firstViewed
  const revising =
    viewing !== null &&
    viewing !== current &&
    statusOf(viewing) === 'done' &&
    snapshot.can({ type: 'step.revise', stepId: viewing })
  const letterReady =
    track.trackId === 'migrate-company' && statusOf('migrate-accountant') === 'done'

  const onSaved = (saved: Track) => {
    const label = viewing ? stepRegistry[viewing].label : ''
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
        focusOnMount,
        onSaved,
        payment,
        onCheckout,
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
            <StepFrame title="Cadastro concluído" focusOnMount={focusOnMount}>
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
              title={stepRegistry[context.step.stepId].label}
              description={
                context.step.updatedAt
                  ? `Concluída em ${formatDateTime(context.step.updatedAt)}.`
                  : 'Concluída.'
              }
              focusOnMount={focusOnMount}
            >
              <StepPayloadView companyId={companyId} company={company} step={context.step} />
              <Alert tone="info">
                {stepRegistry[context.step.stepId].actor === 'client'
                  ? 'Esta etapa não pode mais ser alterada: a etapa seguinte já começou. Precisa corrigir algo? Fale com a gente pelo chat.'
                  : 'Esta etapa foi concluída pela contabilidade ou pelo pagamento.'}
              </Alert>
              {current && (
                <div className="row">
                  <Button
                    onClick={() => onView(undefined)}
                    aria-label={`Voltar para a etapa atual: ${stepRegistry[current].label}`}
                  >
                    Voltar para a etapa atual
                  </Button>
                </div>
              )}
            </StepFrame>
          ) : (
            <CurrentStep key={context.step.stepId} context={context} />
          )}
        </div>
      </div>
    </>
  )
}

/** The current step's screen, from the step registry (its code loads the first time it shows). */
function CurrentStep({ context }: { context: StepContext }) {
  const { Form } = stepRegistry[context.step.stepId]
  return (
    <Suspense
      fallback={
        <Card>
          <div role="status" aria-busy="true" className="stack">
            <span className="visually-hidden">Carregando a etapa…</span>
            <SkeletonBlock height={28} width="40%" />
            <SkeletonBlock height={16} width="70%" />
            <SkeletonBlock height={40} />
            <SkeletonBlock height={40} />
          </div>
        </Card>
      }
    >
      <Form context={context} />
    </Suspense>
  )
}
