import type { PaymentStatus, SubscriptionRecord } from './billing'
import type { Role } from './claims'
import type { CompanyStatus, TrackId } from './company'
import type { CompanyDocument } from './document'
import type { DucaStatus, InviteStatus, ReferralRewardStatus } from './engagement'
import type { NfsRequestStatus } from './invoice'
import type { registryStatuses } from './registry'
import type { StepId, StepStatus } from './track'

// The product's words for statuses and steps: one source, read by every screen of the client area
// and of the back office, so a thing has one name whoever looks at it. docs/glossary.md explains
// each word (tests/unit/glossary.test.ts keeps the two the same). Technical names (tribISSQN,
// DPS, internal ids) are never one of these words: they go in help texts and in the
// accountant's details.

/** A company's situation with the Contabil. */
export const companyStatusLabels: Record<CompanyStatus, string> = {
  pending: 'Cadastro pendente',
  awaiting_opening: 'Aguardando abertura',
  migrating: 'Em migração',
  opening: 'Em abertura',
  active: 'Ativa',
  overdue: 'Pagamento em atraso',
  disabled: 'Desativada',
}

/** The two kinds of sign-up (a track), as a sentence says them ("o cadastro de …"). */
export const trackLabels: Record<TrackId, string> = {
  'create-company': 'abertura de empresa',
  'migrate-company': 'troca de contador',
}

/** Each step of a sign-up, by the same name in the wizard and in the back office. */
export const stepLabels: Record<StepId, string> = {
  'pre-registration': 'Pré-cadastro',
  'partner-registration': 'Cadastro dos sócios',
  'partner-registration-basic': 'Sócios',
  'migrate-accountant': 'Contador atual',
  subscription: 'Assinatura',
  'awaiting-guide': 'Guia de registro',
  'upload-guide-receipt': 'Comprovante da guia',
  'download-company-info': 'Dados da empresa (CNPJ)',
}

/** Where a step stands. */
export const stepStatusLabels: Record<StepStatus, string> = {
  pending: 'Pendente',
  in_progress: 'Em andamento',
  done: 'Concluída',
}

/** The step the client is on (the first one not done, started or not). */
export const CURRENT_STEP = 'Etapa atual'

/**
 * How a step is shown in a list of steps: the current one says so whether it was started or
 * not (at every width and on every screen), the others their status.
 */
export const stepStateLabel = (status: StepStatus, current: boolean) =>
  current && status !== 'done' ? CURRENT_STEP : stepStatusLabels[status]

/**
 * A document the client sent, as the client and the accountant both see it: waiting for the
 * accountant's review, approved or refused.
 */
export const documentStatusLabels: Record<CompanyDocument['status'], string> = {
  pending: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Recusado',
  paid: 'Paga',
}

/** A tax guide (guia) the accountant sent, to pay: its situation by its status and due date. */
export const guiaStatusLabels = {
  toPay: 'A pagar',
  overdue: 'Vencida',
  paid: 'Paga',
  /** A guide recalculated for a later payment took its place: it is no longer to be paid. */
  replaced: 'Substituída',
} as const

/** A guia's status in words, whatever its due date ("A pagar" until paid). */
export const guiaStatusLabel = (status: CompanyDocument['status']) =>
  status === 'pending'
    ? guiaStatusLabels.toPay
    : status === 'paid'
      ? guiaStatusLabels.paid
      : documentStatusLabels[status]

/**
 * A document's situation in words, the same for the client and the accountant: a guia by whether
 * it is paid and past its due date (`today`, `YYYY-MM-DD` in Brazil), any other by its review.
 */
export function documentSituationLabel(
  document: Pick<CompanyDocument, 'type' | 'status' | 'guia' | 'replacedBy'>,
  today: string,
): string {
  if (document.type !== 'guia') return documentStatusLabels[document.status]
  if (document.status === 'paid') return guiaStatusLabels.paid
  if (document.replacedBy) return guiaStatusLabels.replaced
  return document.guia && document.guia.dueDate < today
    ? guiaStatusLabels.overdue
    : guiaStatusLabels.toPay
}

/** A service invoice (NFS-e) the client asked for. */
export const nfsRequestStatusLabels: Record<NfsRequestStatus, string> = {
  pending: 'Pendente',
  processing: 'Em processamento',
  awaiting: 'Aguardando a Receita',
  issued: 'Emitida',
  rejected: 'Rejeitada',
  cancelled: 'Cancelada',
  substituted: 'Substituída',
}

/** A monthly charge of the Contabil's subscription. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Em aberto',
  paid: 'Pago',
  overdue: 'Em atraso',
}

/** The subscription itself, by how its charges stand. */
export const subscriptionStatusLabels: Record<SubscriptionRecord['status'], string> = {
  pending: 'Aguardando o primeiro pagamento',
  active: 'Em dia',
  overdue: 'Em atraso',
  canceled: 'Cancelada',
}

/** An invite to manage a company. */
export const inviteStatusLabels: Record<InviteStatus, string> = {
  pending: 'Aguardando resposta',
  accepted: 'Aceito',
  revoked: 'Cancelado',
  expired: 'Expirado',
}

/** The credit a client earns for a referral. */
export const referralRewardStatusLabels: Record<ReferralRewardStatus, string> = {
  pending: 'Aguardando o primeiro pagamento',
  available: 'Crédito disponível',
  redeemed: 'Crédito usado',
}

/** An application to the Duca partner programme. */
export const ducaStatusLabels: Record<DucaStatus, string> = {
  pending_review: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Não aprovado',
}

/** A CNPJ's situation at the Receita Federal (its "situação cadastral", as the CNPJ card says). */
export const registryStatusLabels: Record<(typeof registryStatuses)[number], string> = {
  ATIVA: 'Ativa',
  SUSPENSA: 'Suspensa',
  INAPTA: 'Inapta',
  BAIXADA: 'Baixada',
  NULA: 'Nula',
}

/** Whether a person may sign in (the back office blocks and unblocks). */
export const userAccessLabels = { active: 'Ativo', blocked: 'Bloqueado' } as const

/** What a person may do in the product. */
export const roleLabels: Record<Role, string> = {
  'system-admin': 'Administrador do sistema',
  'company-admin': 'Administrador de empresa',
}

/**
 * A person's roles in a sentence, with the companies they manage: a client account is the
 * administrator of its companies, and says so when it has none yet (a sign-up that has not
 * started a company, a Duca partner).
 */
export function rolesSummary(roles: readonly Role[], companyCount: number): string {
  return roles
    .map((role) => {
      if (role !== 'company-admin') return roleLabels[role]
      if (companyCount === 0) return 'Cliente, sem empresa ainda'
      if (companyCount === 1) return 'Administrador da empresa'
      return `Administrador de ${companyCount} empresas`
    })
    .join(', ')
}
