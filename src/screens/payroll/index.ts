// The payroll of a month: the form both the client and the accountant use, and its figures.
export { PayrollForm, PayrollSummary } from './PayrollForm'
