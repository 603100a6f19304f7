import { useMutation } from '@tanstack/react-query'
import { api } from '@/services/api'
import { saveFromUrl } from '@/services/documents'
import { getPayrollInputSchema, type GetPayrollInput } from './get-payroll'

/** GET /companies/{id}/payroll/{period}/receipts: the month's pró-labore receipts (PDF). */
export async function getReceipts(input: GetPayrollInput): Promise<Blob> {
  const { companyId, period } = getPayrollInputSchema.parse(input)
  return api.get<Blob>(`/companies/${encodeURIComponent(companyId)}/payroll/${period}/receipts`, {
    responseType: 'blob',
  })
}

export const receiptsFileName = (period: string) => `recibos-pro-labore-${period}.pdf`

/** Downloads the receipts (fetched with the bearer token, then saved under their name). */
export const useDownloadReceipts = () =>
  useMutation({
    mutationFn: async (input: GetPayrollInput & { period: string }) => {
      const url = URL.createObjectURL(await getReceipts(input))
      saveFromUrl(url, receiptsFileName(input.period))
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    },
  })
