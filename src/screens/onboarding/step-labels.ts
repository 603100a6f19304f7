import { type StepId, type StepStatus } from '@/schemas/track'
import { stepLabels } from '@/schemas/glossary'
import { stepStatusLabels } from '@/schemas/glossary'

/** What each step asks, under its title in the wizard. */
const stepDescriptions: Record<StepId, string> = {
  'pre-registration':
    'Como a empresa vai se chamar, o que ela faz, onde fica e como será registrada.',
  'partner-registration':
    'Quem é dono da empresa, com quanto cada um participa (somando 100%) e quem a administra.',
  'partner-registration-basic':
    'Os sócios da empresa hoje, como estão no contrato social, e a participação de cada um.',
  'migrate-accountant':
    'Quem cuida da contabilidade hoje e desde quando ela passa para a Contabil. Com isso geramos a carta de transferência para você enviar ao contador.',
  subscription:
    'Escolha o plano: a primeira mensalidade é paga agora, no ambiente seguro de pagamento, e você volta para cá em seguida.',
  'awaiting-guide': 'Sua assinatura está paga. Agora é com a gente.',
  'upload-guide-receipt':
    'Pague a taxa de registro da Junta Comercial e envie o comprovante: com ele registramos a empresa.',
  'download-company-info':
    'Os dados da empresa como estão na Receita Federal. Confira e confirme para começar a usar o painel.',
}

/** A step's heading in the wizard: its name (the one the stepper and the back office use) and what it asks. */
export const stepHeading = (stepId: StepId) => ({
  title: stepLabels[stepId],
  description: stepDescriptions[stepId],
})

/** Where a step stands, in the glossary's words (the wizard's stepper, the back office's pages). */
export { stepStatusLabels }

export const stepStatusTones = {
  pending: 'neutral',
  in_progress: 'info',
  done: 'success',
} as const satisfies Record<StepStatus, string>
