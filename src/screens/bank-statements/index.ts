// Bank statements and reconciliation: the lines of a reconciliation with their actions, which
// the back office's company page shows too.
export { ReconciliationLines } from './ReconciliationLines'
