import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invoiceKeys } from './keys'

/**
 * A schedule saved or deleted: the schedules refetch; so do the requests (a schedule whose day is
 * today makes its request at once) and the services.
 */
export function useSchedulerMutation<Input extends { companyId: string }, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (_answer, { companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.schedulers(companyId) }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.requests(companyId) }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.services(companyId) }),
      ]),
  })
}
