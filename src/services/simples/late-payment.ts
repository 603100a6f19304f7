import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { calendarDateSchema } from '@/schemas/finance-common'
import { latePaymentSchema, type LatePaymentView } from '@/schemas/simples/api'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'
import { simplesKeys } from './keys'

export const latePaymentInput = z.object({
  companyId: idSchema,
  documentId: idSchema,
  paymentDate: calendarDateSchema,
})
export type LatePaymentInput = z.input<typeof latePaymentInput>

const pathOf = ({ companyId, documentId }: { companyId: string; documentId: string }) =>
  `/companies/${encodeURIComponent(companyId)}/guides/${encodeURIComponent(documentId)}/late-payment`

/**
 * GET /companies/{id}/guides/{documentId}/late-payment?paymentDate: what an overdue DAS or DARF
 * costs paid that day (multa de mora 0,33 % a day up to 20 %, juros Selic + 1 %).
 */
export async function getLatePayment(
  input: LatePaymentInput,
  signal?: AbortSignal,
): Promise<LatePaymentView> {
  const parsed = latePaymentInput.parse(input)
  const { data } = await api.get(pathOf(parsed), {
    query: { paymentDate: parsed.paymentDate },
    schema: recordOf(latePaymentSchema),
    signal,
  })
  return data
}

export const latePaymentQueryOptions = (input: LatePaymentInput) =>
  queryOptions({
    queryKey: simplesKeys.latePayment(input.companyId, input.documentId, input.paymentDate),
    queryFn: ({ signal }) => getLatePayment(input, signal),
    retry: false,
  })

/** POST …/late-payment: the guide for that day, replacing the expired one. */
export async function createLateGuide(input: LatePaymentInput): Promise<LatePaymentView> {
  const parsed = latePaymentInput.parse(input)
  const { data } = await api.post(pathOf(parsed), {
    body: { paymentDate: parsed.paymentDate },
    schema: recordOf(latePaymentSchema),
  })
  return data
}

export function useCreateLateGuide() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createLateGuide,
    onSuccess: (_answer, { companyId }) =>
      invalidateAfter(queryClient, 'late-guide-issued', companyId),
  })
}
