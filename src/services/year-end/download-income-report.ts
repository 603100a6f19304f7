import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema } from '@/schemas/common'
import { api, saveBlob } from '@/services/api'
import { companyYearInputSchema, yearPath, type CompanyYearInput } from './company-year'

export const incomeReportInputSchema = companyYearInputSchema.extend({ partnerId: idSchema })
export type IncomeReportInput = z.input<typeof incomeReportInputSchema>

/** GET /companies/{id}/income-reports/{year}/{partnerId}: the partner's report (PDF). */
export async function getIncomeReport(input: IncomeReportInput): Promise<Blob> {
  const { partnerId, ...year } = incomeReportInputSchema.parse(input)
  return api.get<Blob>(
    `${yearPath('income-reports', year as CompanyYearInput)}/${encodeURIComponent(partnerId)}`,
    { responseType: 'blob' },
  )
}

export const incomeReportFileName = (year: number, cpf: string) =>
  `informe-rendimentos-${year}-${cpf}.pdf`

/** Downloads a partner's income report (fetched with the bearer token, saved under its name). */
export const useDownloadIncomeReport = () =>
  useMutation({
    mutationFn: async (input: IncomeReportInput & { cpf: string }) =>
      saveBlob(await getIncomeReport(input), incomeReportFileName(input.year, input.cpf)),
  })
