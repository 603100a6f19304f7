import { z } from 'zod'
import { idSchema } from '@/schemas/common'
import { api } from '@/services/api'
import { useSchedulerMutation } from './scheduler-mutation'

export const deleteSchedulerInputSchema = z.object({ companyId: idSchema, schedulerId: idSchema })

/** DELETE /nfs/schedulers/{id}?companyId: the requests it already made stay. */
export async function deleteScheduler(input: z.input<typeof deleteSchedulerInputSchema>) {
  const { companyId, schedulerId } = deleteSchedulerInputSchema.parse(input)
  await api.delete(`/nfs/schedulers/${encodeURIComponent(schedulerId)}`, { query: { companyId } })
}

export const useDeleteScheduler = () => useSchedulerMutation(deleteScheduler)
