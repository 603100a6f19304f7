import { useMutation, useQueryClient } from '@tanstack/react-query'
import { changeCompanyStatus, type ChangeCompanyStatusInput } from '../change-company-status'
import { invalidateOrder } from './invalidate-order'

/**
 * The order's status moves (start the registration, activate): the same call as the company
 * page's, and the order and its queues follow too.
 */
export const useChangeOrderStatus = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChangeCompanyStatusInput) => changeCompanyStatus(input),
    onSuccess: (_company, { companyId }) => invalidateOrder(queryClient, companyId),
  })
}
