import { z } from 'zod'
import { isValidPixKey } from '@brazilian-utils/brazilian-utils'
import { cnpjSchema, cpfSchema, mobilePhoneSchema, ufSchema } from './brazil'
import { isoDateTimeSchema, pageQuerySchema } from './common'
import { companyStatusSchema } from './company'
import { crcSchema, fullNameSchema, textSchema } from './people'
import { emailSchema } from './user'
import { fieldError } from './limit-messages'
import { inviteStatusLabels, referralRewardStatusLabels, ducaStatusLabels } from './glossary'

// Invites, referrals and the Duca partner program (the screens /app/user/my-invites,
// /app/user/my-referrals, /app/partners/duca and /app/wizard/partners/duca).

// ---- invites ----

/** Days an invite stays valid. */
export const INVITE_VALID_DAYS = 30

export const inviteStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const
export const inviteStatusSchema = z.enum(inviteStatuses)
export type InviteStatus = z.infer<typeof inviteStatusSchema>

export const inviteMessages = {
  notFound: 'Convite não encontrado.',
  alreadyMember: 'Esta pessoa já tem acesso à empresa.',
  alreadyInvited: 'Já existe um convite pendente para este e-mail nesta empresa.',
  selfInvite: 'Você já tem acesso a esta empresa.',
  notPending: 'Este convite não está mais pendente.',
  expired: 'Este convite expirou. Peça um novo convite.',
  wrongRecipient: 'Este convite não foi enviado para o seu e-mail.',
  emailNotVerified:
    'Confirme seu e-mail antes de aceitar o convite: ele vale para quem comprova que o endereço é seu.',
} as const

/** A company-admin invites someone, by e-mail, to manage one of their companies. */
export const inviteSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  email: z.string(),
  role: z.literal('company-admin'),
  status: inviteStatusSchema,
  invitedBy: z.string(),
  invitedByName: z.string(),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  acceptedAt: isoDateTimeSchema.nullable(),
  acceptedBy: z.string().nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
})
export type Invite = z.infer<typeof inviteSchema>

export const inviteCreateSchema = z.strictObject({ email: emailSchema })

export const inviteListQuerySchema = pageQuerySchema(10).extend({
  companyId: z.string().trim().min(1).max(128),
  status: inviteStatusSchema.optional(),
})

/** An invite's status right now: a pending one past its date is expired. */
export const inviteStatusAt = (invite: Pick<Invite, 'status' | 'expiresAt'>, now = new Date()) =>
  invite.status === 'pending' && Date.parse(invite.expiresAt) <= now.getTime()
    ? 'expired'
    : invite.status

// ---- referrals ----

/** Credit a referrer earns when someone they referred pays their first monthly fee. */
export const REFERRAL_REWARD = 50

export const referralRewardStatuses = ['pending', 'available', 'redeemed'] as const
export const referralRewardStatusSchema = z.enum(referralRewardStatuses)
export type ReferralRewardStatus = z.infer<typeof referralRewardStatusSchema>

/**
 * A reward as the store keeps it, created when the referred person's first payment is paid and
 * redeemed as a discount on the referrer's next monthly fee.
 */
export const referralRewardSchema = z.object({
  id: z.string(),
  referrerId: z.string(),
  referredUserId: z.string(),
  amount: z.number().positive(),
  status: z.enum(['available', 'redeemed']),
  earnedAt: isoDateTimeSchema,
  /** The referred person's payment that earned it. */
  earnedByPaymentId: z.string(),
  redeemedAt: isoDateTimeSchema.nullable(),
  /** The referrer's payment it was discounted from. */
  redeemedOnPaymentId: z.string().nullable(),
})
export type ReferralReward = z.infer<typeof referralRewardSchema>

/** One person who signed up with the caller's code (e-mail masked). */
export const referralSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  signedUpAt: isoDateTimeSchema,
  companyStatus: companyStatusSchema.nullable(),
  reward: z.object({
    status: referralRewardStatusSchema,
    amount: z.number().nonnegative(),
    earnedAt: isoDateTimeSchema.nullable(),
    redeemedAt: isoDateTimeSchema.nullable(),
  }),
})
export type Referral = z.infer<typeof referralSchema>

/** `GET /referrals/me`: the caller's code, link and totals. */
export const referralSummarySchema = z.object({
  code: z.string(),
  link: z.url(),
  rewardPerReferral: z.number(),
  totals: z.object({
    referred: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    available: z.number().nonnegative(),
    redeemed: z.number().nonnegative(),
  }),
})
export type ReferralSummary = z.infer<typeof referralSummarySchema>

export const referralListQuerySchema = pageQuerySchema(10).extend({
  status: referralRewardStatusSchema.optional(),
})

/** A referral e-mail as shown to the referrer: `an***@gmail.com`. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 2)}${'*'.repeat(Math.min(6, Math.max(3, local.length - 2)))}@${domain}`
}

// ---- Duca partner program ----

/** Commission a Duca partner earns on each paid monthly fee of the companies they referred. */
export const DUCA_COMMISSION_RATE = 0.1

export const ducaKinds = ['accountant', 'advisor'] as const
export const ducaKindSchema = z.enum(ducaKinds, { error: 'Escolha o tipo de parceiro' })
export const ducaKindLabels: Record<z.infer<typeof ducaKindSchema>, string> = {
  accountant: 'Contador(a)',
  advisor: 'Consultor(a) de negócios',
}

export const ducaStatuses = ['pending_review', 'approved', 'rejected'] as const
export const ducaStatusSchema = z.enum(ducaStatuses)
export type DucaStatus = z.infer<typeof ducaStatusSchema>

export const ducaMessages = {
  alreadyPartner: 'Você já está cadastrado no programa Duca.',
  crcRequired: 'Contadores informam o CRC',
  termsRequired: 'Aceite os termos do programa para continuar',
  pixInvalid: 'Chave Pix inválida',
  notFound: 'Parceiro não encontrado.',
  sameStatus: 'O parceiro já está com este status.',
  noteRequired: 'Explique o motivo para não aprovar.',
} as const

/** The registration form of /app/wizard/partners/duca. */
export const ducaRegistrationSchema = z
  .strictObject({
    kind: ducaKindSchema,
    name: fullNameSchema,
    /** CPF of the person, or CNPJ of their firm. */
    document: z.union([cpfSchema, cnpjSchema], { error: 'Informe um CPF ou CNPJ válido' }),
    crc: crcSchema.nullable().optional(),
    email: emailSchema,
    phone: mobilePhoneSchema,
    city: textSchema(2, 120, 'Informe a cidade'),
    state: ufSchema,
    pixKey: z
      .string({ error: fieldError(ducaMessages.pixInvalid) })
      .trim()
      .max(77)
      .refine((key) => isValidPixKey(key), { error: ducaMessages.pixInvalid }),
    acceptTerms: z.literal(true, { error: ducaMessages.termsRequired }),
  })
  .superRefine((partner, context) => {
    if (partner.kind === 'accountant' && !partner.crc)
      context.addIssue({ code: 'custom', message: ducaMessages.crcRequired, path: ['crc'] })
  })
export type DucaRegistration = z.input<typeof ducaRegistrationSchema>

export const ducaPartnerSchema = z.object({
  id: z.string(),
  userId: z.string(),
  kind: ducaKindSchema,
  name: z.string(),
  document: z.string(),
  crc: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  state: ufSchema,
  pixKey: z.string(),
  /** What referred clients type in `indicatedBy` (also the partner link). */
  code: z.string().regex(/^DUCA-[A-Z0-9]{4,8}$/),
  commissionRate: z.number().min(0).max(1),
  status: ducaStatusSchema,
  reviewNote: z.string().nullable(),
  reviewedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
})
export type DucaPartner = z.infer<typeof ducaPartnerSchema>

/** A company a partner referred, with what it paid and the partner's commission. */
export const ducaReferredCompanySchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  status: companyStatusSchema,
  ownerName: z.string(),
  signedUpAt: isoDateTimeSchema,
  planName: z.string().nullable(),
  monthlyFee: z.number().nonnegative(),
  paidTotal: z.number().nonnegative(),
  commissionTotal: z.number().nonnegative(),
})
export type DucaReferredCompany = z.infer<typeof ducaReferredCompanySchema>

export const ducaReviewSchema = z.strictObject({
  note: z.string().trim().min(1).max(500).optional(),
})

export const ducaListQuerySchema = pageQuerySchema(10).extend({
  status: ducaStatusSchema.optional(),
})

// Their words are the glossary's (one name for each status, on every screen).
export { inviteStatusLabels, referralRewardStatusLabels, ducaStatusLabels }
