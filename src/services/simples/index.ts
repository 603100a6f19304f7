// The Simples Nacional month (PGDAS-D), its close and queue, and the guides to pay: what other
// features use (the panel's card, the invoice form's estimate, the documents' guides).
export { simplesKeys } from './keys'
export { getMonth, monthQueryOptions, useMonth, type GetMonthInput } from './get-month'
export { declareRevenue, useDeclareRevenue, type DeclareRevenueInput } from './declare-revenue'
export { closeMonth, useCloseMonth } from './close-month'
export { closeMonths, useCloseMonths } from './close-months'
export { listQueue, queueQueryOptions, type ListQueueInput } from './list-queue'
export { guidesQueryOptions, listGuides } from './list-guides'
export {
  createLateGuide,
  getLatePayment,
  latePaymentQueryOptions,
  useCreateLateGuide,
  type LatePaymentInput,
} from './late-payment'
export { useMarkGuidePaid } from './mark-guide-paid'
export {
  getRevenueHistory,
  revenueHistoryQueryOptions,
  saveRevenueHistory,
  useSaveRevenueHistory,
  type SaveRevenueHistoryInput,
} from './revenue-history'
export {
  addSelicMonth,
  getSelicTable,
  refreshSelic,
  selicQueryOptions,
  useAddSelicMonth,
  useRefreshSelic,
} from './selic'
