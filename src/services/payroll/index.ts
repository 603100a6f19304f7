// A company's payroll by month: the partners' pró-labore and the employees, receipts and payslips,
// the DCTFWeb DARF and the FGTS guide; the company's RAT and FAP.
export { payrollKeys } from './keys'
export { getPayroll, payrollQueryOptions, type GetPayrollInput } from './get-payroll'
export { savePayroll, useSavePayroll, type SavePayrollInput } from './save-payroll'
export { getReceipts, receiptsFileName, useDownloadReceipts } from './download-receipts'
export { savePayrollRisk, useSavePayrollRisk, type SavePayrollRiskInput } from './save-payroll-risk'
