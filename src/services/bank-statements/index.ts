// Bank accounts, transactions and their tax categories, OFX imports, exports and the Cora
// connection.
export { bankKeys } from './keys'
export {
  bankAccountsQueryOptions,
  listBankAccounts,
  useBankAccounts,
  type ListBankAccountsInput,
} from './list-accounts'
export {
  bankAccountQueryOptions,
  getBankAccount,
  useBankAccount,
  type GetBankAccountInput,
} from './get-account'
export { deleteBankAccount, useDeleteBankAccount } from './delete-account'
export { importOfx, useImportOfx, type ImportOfxInput, type OfxImport } from './import-ofx'
export {
  listTransactions,
  transactionsQueryOptions,
  useTransactions,
  type ListTransactionsInput,
} from './list-transactions'
export {
  listTaxCategories,
  taxCategoriesQueryOptions,
  useTaxCategories,
} from './list-tax-categories'
export {
  setTaxCategories,
  setTaxCategory,
  useSetTaxCategories,
  useSetTaxCategory,
  type SetTaxCategoriesInput,
  type SetTaxCategoryInput,
} from './set-tax-category'
export {
  exportFileName,
  exportStatement,
  saveBlob,
  type ExportStatementInput,
} from './export-statement'
export { startCora, useStartCora } from './start-cora'
export {
  connectCora,
  connectCoraInputSchema,
  useConnectCora,
  type ConnectCoraInput,
  type ConnectCoraResult,
} from './connect-cora'
export {
  listReconciliation,
  reconciliationQueryOptions,
  useReconciliation,
  type ListReconciliationInput,
} from './list-reconciliation'
export {
  getReconciliationSummary,
  reconciliationSummaryQueryOptions,
  useReconciliationSummary,
  type ReconciliationSummaryInput,
} from './reconciliation-summary'
export {
  confirmReconciliation,
  explainCredits,
  undoReconciliation,
  useConfirmReconciliation,
  useExplainCredits,
  useUndoReconciliation,
  type ConfirmReconciliationInput,
  type ExplainCreditsInput,
  type UndoReconciliationInput,
} from './change-reconciliation'
