import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { bankAccountSummarySchema, type BankAccountSummary } from '@/schemas/bank'
import { idSchema, recordOf } from '@/schemas/common'
import { api } from '@/services/api'
import { bankKeys } from './keys'

export const getBankAccountInputSchema = z.object({ companyId: idSchema, accountId: idSchema })
export type GetBankAccountInput = z.input<typeof getBankAccountInputSchema>

/** GET /bank-statements/accounts/{id}?companyId: one account (404 when unknown or foreign). */
export async function getBankAccount(
  input: GetBankAccountInput,
  signal?: AbortSignal,
): Promise<BankAccountSummary> {
  const { companyId, accountId } = getBankAccountInputSchema.parse(input)
  const { data } = await api.get(`/bank-statements/accounts/${encodeURIComponent(accountId)}`, {
    query: { companyId },
    schema: recordOf(bankAccountSummarySchema),
    signal,
  })
  return data
}

export const bankAccountQueryOptions = (input: GetBankAccountInput) =>
  queryOptions({
    queryKey: bankKeys.account(input.companyId, input.accountId),
    queryFn: ({ signal }) => getBankAccount(input, signal),
  })

export const useBankAccount = (input: GetBankAccountInput) =>
  useQuery(bankAccountQueryOptions(input))
