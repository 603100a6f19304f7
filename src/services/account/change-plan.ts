import { useMutation, useQueryClient } from '@tanstack/react-query'
import { planChangeSchema, subscriptionRecordSchema, type PlanChange } from '@/schemas/billing'
import { idSchema, recordOf } from '@/schemas/common'
import { api } from '@/services/api'
import { accountKeys } from './keys'

/** PUT /subscriptions/{id}/plan: the plan of the next cycles (the price changes from then). */
export const changePlanInputSchema = planChangeSchema.extend({
  subscriptionId: idSchema,
  companyId: idSchema,
})

export async function changePlan(
  input: PlanChange & { subscriptionId: string; companyId: string },
) {
  const { subscriptionId, planId } = changePlanInputSchema.parse(input)
  const { data } = await api.put(`/subscriptions/${encodeURIComponent(subscriptionId)}/plan`, {
    body: { planId },
    schema: recordOf(subscriptionRecordSchema),
  })
  return data
}

/** Only the subscription changes now; the company's current plan changes with the next charge. */
export const useChangePlan = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (_data, { companyId }) =>
      queryClient.invalidateQueries({ queryKey: accountKeys.subscriptions(companyId) }),
  })
}
