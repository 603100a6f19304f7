// A company's payroll by month: the pró-labore of each partner, its receipts, the DCTFWeb DARF.
export { payrollKeys } from './keys'
export { getPayroll, payrollQueryOptions, type GetPayrollInput } from './get-payroll'
export { savePayroll, useSavePayroll, type SavePayrollInput } from './save-payroll'
export { getReceipts, receiptsFileName, useDownloadReceipts } from './download-receipts'
