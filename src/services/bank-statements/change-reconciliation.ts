import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, listOf, recordOf } from '@/schemas/common'
import {
  reconciliationConfirmSchema,
  reconciliationExplainSchema,
  reconciliationRowSchema,
  type ReconciliationConfirm,
  type ReconciliationExplain,
  type ReconciliationRow,
} from '@/schemas/reconciliation'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'

/**
 * What a reconciliation changes besides its own lists: the invoices (received or not), the guides
 * and their months (paid or not); src/services/invalidation.ts says which keys.
 */
export const refreshReconciled = (queryClient: QueryClient, companyId: string) =>
  invalidateAfter(queryClient, 'reconciliation-changed', companyId)

export type ConfirmReconciliationInput = { companyId: string } & ReconciliationConfirm

/** POST /bank-statements/reconciliation?companyId: a credit's invoices, or a debit's guide. */
export async function confirmReconciliation({
  companyId,
  ...body
}: ConfirmReconciliationInput): Promise<ReconciliationRow> {
  const { data } = await api.post('/bank-statements/reconciliation', {
    query: { companyId: idSchema.parse(companyId) },
    body: reconciliationConfirmSchema.parse(body),
    schema: recordOf(reconciliationRowSchema),
  })
  return data
}

export type ExplainCreditsInput = { companyId: string } & ReconciliationExplain

/**
 * POST /bank-statements/reconciliation/explanations?companyId: credits without an invoice
 * explained (a sale declared without one, a transfer…); answers their rows.
 */
export async function explainCredits({
  companyId,
  ...body
}: ExplainCreditsInput): Promise<ReconciliationRow[]> {
  const { data } = await api.post('/bank-statements/reconciliation/explanations', {
    query: { companyId: idSchema.parse(companyId) },
    body: reconciliationExplainSchema.parse(body),
    schema: listOf(reconciliationRowSchema),
  })
  return data
}

export const undoReconciliationInputSchema = z.object({
  companyId: idSchema,
  transactionId: idSchema,
})
export type UndoReconciliationInput = z.input<typeof undoReconciliationInputSchema>

/** DELETE /bank-statements/reconciliation/{transactionId}?companyId: the match is undone. */
export async function undoReconciliation(
  input: UndoReconciliationInput,
): Promise<ReconciliationRow> {
  const { companyId, transactionId } = undoReconciliationInputSchema.parse(input)
  const { data } = await api.delete(
    `/bank-statements/reconciliation/${encodeURIComponent(transactionId)}`,
    { query: { companyId }, schema: recordOf(reconciliationRowSchema) },
  )
  return data
}

// The lists are refreshed without holding the mutation on them: the line that confirmed or undid
// a match leaves its tab once they are, and a caller's `mutate(…, { onSuccess })` (its toast)
// would not run for a line no longer on the screen (explaining the last credits of a month empties
// the list, and its dialog with it).

export function useExplainCredits() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: explainCredits,
    onSuccess: (_rows, { companyId }) => {
      void refreshReconciled(queryClient, companyId)
    },
  })
}

export function useConfirmReconciliation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmReconciliation,
    onSuccess: (_row, { companyId }) => {
      void refreshReconciled(queryClient, companyId)
    },
  })
}

export function useUndoReconciliation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: undoReconciliation,
    onSuccess: (_row, { companyId }) => {
      void refreshReconciled(queryClient, companyId)
    },
  })
}
