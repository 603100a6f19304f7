// Pieces several features show: the company's status and data, role names, the support address.
// The address's form fields are src/screens/address, an NFS-e's displays src/screens/nfse.
export {
  CompanyDetails,
  CompanyStatusBadge,
  formatAddress,
  subscriptionLabels,
} from './company-display'
export { roleLabels } from './labels'
export { SUPPORT_EMAIL } from './support'
