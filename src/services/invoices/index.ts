// Service invoices (NFS-e): requests, monthly schedules, the company's services and the
// municipalities of the place of service.
export { invoiceKeys } from './keys'
export {
  invoiceRequestsQueryOptions,
  listInvoiceRequests,
  useInvoiceRequests,
  type ListInvoiceRequestsInput,
} from './list-requests'
export {
  getInvoiceRequest,
  invoiceRequestQueryOptions,
  useInvoiceRequest,
  type GetInvoiceRequestInput,
} from './get-request'
export { pollListWhileAwaitingReceita, pollWhileAwaitingReceita, useCopiesFollow } from './receita'
export {
  createInvoiceRequest,
  useCreateInvoiceRequest,
  type CreateInvoiceRequestInput,
} from './create-request'
export {
  cancelInvoiceRequest,
  useCancelInvoiceRequest,
  type CancelInvoiceRequestInput,
} from './cancel-request'
export {
  listSchedulers,
  schedulersQueryOptions,
  SCHEDULERS_LIMIT,
  useSchedulers,
} from './list-schedulers'
export { saveScheduler, useSaveScheduler, type SaveSchedulerInput } from './save-scheduler'
export { deleteScheduler, useDeleteScheduler } from './delete-scheduler'
export { listServices, servicesQueryOptions, useServices } from './list-services'
export {
  municipalitiesQueryOptions,
  searchMunicipalities,
  useMunicipalities,
} from './search-municipalities'
export { getNfseFile, nfseFileName, useDownloadNfseFile, type NfseFileInput } from './nfse-files'
