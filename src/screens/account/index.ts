// Account pieces other features show (the panel's payments card).
export { PaymentsTable, PaymentStatusBadge } from './PaymentsTable'
export { usePayCharge } from './usePayCharge'
