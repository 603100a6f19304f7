// Pieces several features show: the company's status and data, role names, the support address.
export {
  CompanyDetails,
  CompanyStatusBadge,
  formatAddress,
  subscriptionLabels,
} from './company-display'
export { roleLabels } from './labels'
export { SUPPORT_EMAIL } from './support'
export {
  AddressFields,
  addressValuesOf,
  emptyAddressValues,
  type AddressFormValues,
} from './AddressFields'
export {
  AccessKey,
  CancellationAnalysisNote,
  CancellationSendingNote,
  cancellationAnalysisTitle,
  NfseDownloads,
  substitutionItems,
} from './nfse-display'
