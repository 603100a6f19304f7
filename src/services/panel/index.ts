// The panel's reports: what other features may use (the invoice form's tax estimate reads the
// Simples summary; issuing an invoice invalidates `panelKeys.company(companyId)`).
export { panelKeys } from './keys'
export { anualBillingQueryOptions, getAnualBilling } from './anual-billing'
export { billingByCategoryQueryOptions, getBillingByCategory } from './billing-by-category'
export { getSimplesSummary, simplesSummaryQueryOptions, useSimplesSummary } from './simples-summary'
