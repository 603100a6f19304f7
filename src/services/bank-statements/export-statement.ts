import { z } from 'zod'
import { exportQuerySchema, exportTypeSchema, type BankAccount } from '@/schemas/bank'
import { idSchema } from '@/schemas/common'
import { api } from '@/services/api'
import { saveFromUrl } from '@/services/documents'

export const exportStatementInputSchema = exportQuerySchema.and(
  z.object({ accountId: idSchema, type: exportTypeSchema }),
)
export type ExportStatementInput = {
  companyId: string
  accountId: string
  type: 'txt' | 'csv'
  /** A month (`2026-10`) or a year; or a range of days with `from` and `to`. */
  date?: string
  from?: string
  to?: string
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** `extrato-cora-1234567-2026-10.txt`: the account (bank and number) and the period. */
export function exportFileName(
  account: Pick<BankAccount, 'bankName' | 'accountNumber'>,
  { type, date, from, to }: Pick<ExportStatementInput, 'type' | 'date' | 'from' | 'to'>,
) {
  const period = date ?? [from ?? 'inicio', to ?? 'hoje'].join('_')
  return `extrato-${slug(account.bankName)}-${slug(account.accountNumber)}-${period}.${type}`
}

/**
 * GET /bank-statements/accounts/{id}/exports/{type} (docs/product.md §7): the accounting-import `txt`
 * or a `csv`, for a period. Answers the file's text.
 */
export async function exportStatement(input: ExportStatementInput): Promise<Blob> {
  const { companyId, accountId, type, date, from, to } = exportStatementInputSchema.parse(input)
  return api.get<Blob>(
    `/bank-statements/accounts/${encodeURIComponent(accountId)}/exports/${type}`,
    { query: { companyId, date, from, to }, responseType: 'blob' },
  )
}

/** Saves a file the browser holds under a name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  saveFromUrl(url, fileName)
  // Give the download a moment to start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
