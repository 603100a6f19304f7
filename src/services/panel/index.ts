// The panel's reports: what other features may use (issuing an invoice invalidates
// `panelKeys.company(companyId)`).
export { panelKeys } from './keys'
export { anualBillingQueryOptions, getAnualBilling } from './anual-billing'
export { billingByCategoryQueryOptions, getBillingByCategory } from './billing-by-category'
