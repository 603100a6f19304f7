// The accountants' back office: companies (data, status, track), NFS-e requests and users.
export { backOfficeKeys } from './keys'
export {
  changeCompanyStatus,
  useChangeCompanyStatus,
  type ChangeCompanyStatusInput,
} from './change-company-status'
export { updateCompany, useUpdateCompany, type UpdateCompanyInput } from './update-company'
export {
  getStatusHistory,
  statusHistoryQueryOptions,
  type StatusHistoryInput,
} from './get-status-history'
export { setCompanyTrack, useSetCompanyTrack, type SetCompanyTrackInput } from './set-company-track'
export { adminUsersQueryOptions, listAdminUsers, type ListAdminUsersInput } from './list-users'
export { adminUserQueryOptions, getAdminUser } from './get-user'
export { createAdminUser, useCreateAdminUser } from './create-user'
export {
  updateUserAccess,
  useUpdateUserAccess,
  type UpdateUserAccessInput,
} from './update-user-access'
export {
  nfsQueueQueryOptions,
  searchNfsRequests,
  type SearchNfsRequestsInput,
} from './search-nfs-requests'
export { getNfsRequest, nfsRequestQueryOptions } from './get-nfs-request'
export {
  changeNfsRequestStatus,
  useChangeNfsRequestStatus,
  type ChangeNfsRequestStatusInput,
} from './change-nfs-request-status'
export { issueNfsRequest, useIssueNfsRequest, type IssueNfsRequestInput } from './issue-nfs-request'
// The national NFS-e (docs/decisions.md "The national NFS-e"): issued through the Sefin Nacional,
// cancelled by its event.
export { isAwaitingReceita, issueNationalNfse, useIssueNationalNfse } from './issue-national-nfse'
export { cancelNfse, useCancelNfse, type CancelNfseInput } from './cancel-nfse'
export { substituteNfse, useSubstituteNfse, type SubstituteNfseInput } from './substitute-nfse'
// Past the cancellation deadline, the municipality's analysis (event e101103).
export {
  requestCancellationAnalysis,
  useRequestCancellationAnalysis,
  type RequestCancellationAnalysisInput,
} from './request-cancellation-analysis'
// Opening and migration orders (docs/product.md §4 "Tracks and steps"): the queues, one order and
// the track actions.
export {
  listOrders,
  ordersQueryOptions,
  type ListOrdersInput,
  type OrderTrack,
} from './orders/list-orders'
export { getOrder, orderQueryOptions } from './orders/get-order'
export { recordCnpj, useRecordCnpj, type RecordCnpjInput } from './orders/record-cnpj'
export { attachGuide, useAttachGuide, type AttachGuideInput } from './orders/attach-guide'
export { useChangeOrderStatus } from './orders/change-order-status'
