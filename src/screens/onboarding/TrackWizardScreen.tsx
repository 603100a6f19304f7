import { Link } from '@tanstack/react-router'
import type { TrackId } from '@/schemas/company'
import {
  currentStep,
  emptyTrack,
  isTrackDone,
  stepLabels,
  trackLabels,
  type StepId,
} from '@/schemas/track'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { Alert, Badge } from '@/ui/Feedback'
import { Card, Eyebrow, PageHeader } from '@/ui/Layout'
import { StepList } from '@/ui/StepList'
import styles from './TrackWizardScreen.module.css'

/** What each step asks for (PRODUCT.md "Tracks and steps"). */
const stepDescriptions: Record<StepId, string> = {
  'pre-registration':
    'Nomes desejados, nome fantasia, atividades (CNAE), endereço pelo CEP, natureza e porte da empresa.',
  'partner-registration':
    'Os sócios: nome, CPF, nascimento, estado civil, endereço, participação (somando 100%) e quem administra.',
  'partner-registration-basic': 'Os sócios: nome, CPF, e-mail e participação de cada um.',
  'migrate-accountant':
    'O contador atual: nome, e-mail, telefone, CRC e o motivo da troca. Geramos a carta de transferência.',
  subscription: 'A escolha do plano e o pagamento da primeira mensalidade.',
  'awaiting-guide': 'A contabilidade prepara e anexa a guia da taxa de registro.',
  'upload-guide-receipt': 'Você envia o comprovante de pagamento da guia.',
  'download-company-info': 'Buscamos o cartão CNPJ e os dados de registro da empresa.',
}

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

const otherWizard = (trackId: TrackId) =>
  trackId === 'create-company' ? '/app/wizard/company-migration' : '/app/wizard/company-opening'

/** The landing of a track's wizard: where the company is and what each step asks. */
export function TrackWizardScreen({ trackId }: { trackId: TrackId }) {
  const { user, company, track: sessionTrack } = useSessionView()
  const mine = company?.trackId === trackId && sessionTrack?.trackId === trackId
  const track = mine && sessionTrack ? sessionTrack : emptyTrack(trackId)
  const step = currentStep(track)
  const doneCount = track.steps.filter((s) => s.status === 'done').length
  const firstName = (user?.displayName ?? '').split(/\s+/)[0]

  return (
    <>
      <PageHeader title={copy[trackId].title} description={copy[trackId].description} />

      {company && !mine && (
        <div style={{ marginBottom: 'var(--space-6)' }}>
          <Alert
            tone="info"
            title={`${company.alias ?? company.name} está em ${trackLabels[company.trackId]}`}
            action={
              <Link to={otherWizard(trackId)} className={buttonClass({ size: 'sm' })}>
                Ir para o cadastro dela
              </Link>
            }
          >
            Este cadastro é de outro tipo. Abaixo, as etapas de {trackLabels[trackId]} para
            conhecer.
          </Alert>
        </div>
      )}

      <Card className={styles.summary}>
        <div>
          <Eyebrow>{company ? (company.alias ?? company.name) : 'Sua nova empresa'}</Eyebrow>
          <p className={styles.progress}>
            {isTrackDone(track)
              ? 'Cadastro concluído'
              : `${doneCount} de ${track.steps.length} etapas concluídas`}
          </p>
          <div
            className={styles.bar}
            role="progressbar"
            aria-label="Progresso do cadastro"
            aria-valuemin={0}
            aria-valuemax={track.steps.length}
            aria-valuenow={doneCount}
          >
            <span style={{ width: `${(doneCount / track.steps.length) * 100}%` }} />
          </div>
        </div>
        {mine && isTrackDone(track) ? (
          <Link to="/app/panel" className={buttonClass()}>
            Ir para o painel
          </Link>
        ) : (
          step && (
            <div className={styles.next}>
              <span className="muted">Etapa atual</span>
              <strong>{stepLabels[step.stepId]}</strong>
              {step.status === 'in_progress' && <Badge tone="info">Em andamento</Badge>}
            </div>
          )
        )}
      </Card>

      {!mine && !company && (
        <p className="muted">
          {firstName ? `${firstName}, ` : ''}sua conta ainda não tem empresa. O cadastro começa pela
          primeira etapa abaixo.
        </p>
      )}

      <Card>
        <h2 className={styles.heading}>Etapas</h2>
        <StepList
          label={`Etapas da ${trackLabels[trackId]}`}
          items={track.steps.map((s) => ({
            key: s.stepId,
            title: stepLabels[s.stepId],
            description: stepDescriptions[s.stepId],
            state: s.status,
            current: mine && step?.stepId === s.stepId,
          }))}
        />
      </Card>
    </>
  )
}
