import { z } from 'zod'
import { idSchema } from '@/schemas/common'

/** A company and a year: what every request about a company's year names. */
export const companyYearInputSchema = z.object({
  companyId: idSchema,
  year: z.number().int().min(2018).max(2099),
})
export type CompanyYearInput = z.input<typeof companyYearInputSchema>

/** `/companies/{id}/<what>/{year}`. */
export const yearPath = (what: string, input: CompanyYearInput) => {
  const { companyId, year } = companyYearInputSchema.parse(input)
  return `/companies/${encodeURIComponent(companyId)}/${what}/${year}`
}
