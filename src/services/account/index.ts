// The account area (billing, profile, invites, referrals): what other features may use.
export { accountKeys } from './keys'
export { listPlans, planNameOf, plansQueryOptions, usePlans } from './list-plans'
export { paySubscription, usePaySubscription } from './pay-subscription'
export { isPayable, listPayments, oldestCharge, paymentsQueryOptions } from './list-payments'
export { listSubscriptions, subscriptionsQueryOptions } from './list-subscriptions'
export { changePlan, useChangePlan } from './change-plan'
export {
  deleteAccount,
  getMe,
  meQueryOptions,
  photoProblem,
  removePhoto,
  updateProfile,
  uploadPhoto,
  useDeleteAccount,
  useRemovePhoto,
  useUpdateProfile,
  useUploadPhoto,
} from './profile'
export { profileAuthError, type ProfileField } from './profile-errors'
export {
  acceptInvite,
  cancelInvite,
  createInvite,
  invitesQueryOptions,
  listInvites,
  listReceivedInvites,
  receivedInvitesQueryOptions,
  useAcceptInvite,
  useCancelInvite,
  useCreateInvite,
  type ListInvitesInput,
} from './invites'
export { emailVerifiedQueryOptions, useSendEmailVerification } from './email-verification'
export {
  getReferralSummary,
  listReferrals,
  referralSummaryQueryOptions,
  referralsQueryOptions,
} from './referrals'
export {
  certificateQueryOptions,
  getCertificate,
  removeCertificate,
  uploadCertificate,
  useRemoveCertificate,
  useUploadCertificate,
  type UploadCertificateInput,
} from './certificate'
