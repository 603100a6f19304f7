import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  nfsSchedulerInputSchema,
  nfsSchedulerViewSchema,
  type NfsSchedulerInput,
  type NfsSchedulerView,
} from '@/schemas/invoice'
import { api } from '@/services/api'
import { useSchedulerMutation } from './scheduler-mutation'

export const saveSchedulerInputSchema = z.object({
  companyId: idSchema,
  schedulerId: idSchema.optional(),
  scheduler: nfsSchedulerInputSchema,
})
export type SaveSchedulerInput = {
  companyId: string
  /** Given: PUT (edit, pause); absent: POST (create). */
  schedulerId?: string
  scheduler: NfsSchedulerInput
}

/** POST /nfs/schedulers?companyId or PUT /nfs/schedulers/{id}?companyId. */
export async function saveScheduler(input: SaveSchedulerInput): Promise<NfsSchedulerView> {
  const { companyId, schedulerId, scheduler } = saveSchedulerInputSchema.parse(input)
  const options = {
    query: { companyId },
    body: scheduler,
    schema: recordOf(nfsSchedulerViewSchema),
  }
  const { data } = schedulerId
    ? await api.put(`/nfs/schedulers/${encodeURIComponent(schedulerId)}`, options)
    : await api.post('/nfs/schedulers', options)
  return data
}

export const useSaveScheduler = () => useSchedulerMutation(saveScheduler)
