import { useMutation } from '@tanstack/react-query'
import { api } from '@/services/api'
import { saveFromUrl } from '@/services/documents'
import { getPayrollInputSchema, type GetPayrollInput } from './get-payroll'

type ReceiptsInput = GetPayrollInput & { period: string; cpf?: string }

/**
 * GET /companies/{id}/payroll/{period}/receipts: the month's pró-labore receipts and employees'
 * payslips (PDF); with `cpf`, one person's only (an employee's holerite).
 */
export async function getReceipts(input: ReceiptsInput): Promise<Blob> {
  const { companyId, period } = getPayrollInputSchema.parse(input)
  const cpf = input.cpf ? `?cpf=${encodeURIComponent(input.cpf.replace(/\D/g, ''))}` : ''
  return api.get<Blob>(
    `/companies/${encodeURIComponent(companyId)}/payroll/${period}/receipts${cpf}`,
    { responseType: 'blob' },
  )
}

export const receiptsFileName = (period: string, cpf?: string) =>
  cpf ? `holerite-${period}-${cpf.replace(/\D/g, '')}.pdf` : `recibos-folha-${period}.pdf`

/** Downloads the receipts (fetched with the bearer token, then saved under their name). */
export const useDownloadReceipts = () =>
  useMutation({
    mutationFn: async (input: ReceiptsInput) => {
      const url = URL.createObjectURL(await getReceipts(input))
      saveFromUrl(url, receiptsFileName(input.period, input.cpf))
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    },
  })
