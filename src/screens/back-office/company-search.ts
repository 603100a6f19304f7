import { z } from 'zod'
import { pageSearchSchema } from './companies-search'

/** The parts of a company's page, as they read in the URL. */
export const companyTabs = ['dados', 'situacao', 'trilha', 'pessoas'] as const
export type CompanyTab = (typeof companyTabs)[number]

export const companyTabLabels: Record<CompanyTab, string> = {
  dados: 'Dados',
  situacao: 'Situação',
  trilha: 'Trilha',
  pessoas: 'Pessoas e cobrança',
}

/** `/app/admin/companies/{companyId}` search: the tab, the documents' and the history's page. */
export const companySearchSchema = z.object({
  tab: z.enum(companyTabs).optional().catch(undefined),
  docs: pageSearchSchema,
  historico: pageSearchSchema,
})
export type CompanySearch = z.infer<typeof companySearchSchema>
