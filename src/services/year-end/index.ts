// A company's year: the profits its partners may take tax-free and the distributions, the
// partners' income reports, the DEFIS and the DASN-SIMEI, and the accountant's year-end queue.
export { yearEndKeys } from './keys'
export type { CompanyYearInput } from './company-year'
export { getProfits, profitsQueryOptions } from './get-profits'
export {
  recordDistribution,
  useRecordDistribution,
  type RecordDistributionInput,
} from './record-distribution'
export {
  deleteDistribution,
  useDeleteDistribution,
  type DeleteDistributionInput,
} from './delete-distribution'
export { saveBooks, useSaveBooks, type SaveBooksInput } from './save-books'
export { getIncomeReports, incomeReportsQueryOptions } from './get-income-reports'
export {
  getIncomeReport,
  incomeReportFileName,
  useDownloadIncomeReport,
  type IncomeReportInput,
} from './download-income-report'
export { sendIncomeReports, useSendIncomeReports } from './send-income-reports'
export {
  defisQueryOptions,
  deliverDefis,
  getDefis,
  saveDefis,
  useDeliverDefis,
  useSaveDefis,
  type DeliverInput,
  type SaveDefisInput,
} from './defis'
export {
  dasnQueryOptions,
  deliverDasn,
  getDasn,
  saveDasn,
  useDeliverDasn,
  useSaveDasn,
  type SaveDasnInput,
} from './dasn'
export { listYearEnd, yearEndQueueQueryOptions, type ListYearEndInput } from './list-queue'
