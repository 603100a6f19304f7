/** Invoices, schedules, documents, bank accounts and transactions, tax categories (backend issue). */
export type FinanceData = Record<never, never>

export function seedFinance(): FinanceData {
  return {}
}
