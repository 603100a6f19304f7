import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { competenceSchema } from '@/schemas/finance-common'
import { pageSearchSchema } from './companies-search'

/** The parts of a company's page, as they read in the URL. */
export const companyTabs = ['dados', 'situacao', 'trilha', 'pessoas', 'conciliacao'] as const
export type CompanyTab = (typeof companyTabs)[number]

export const companyTabLabels: Record<CompanyTab, string> = {
  dados: 'Dados',
  situacao: 'Situação',
  trilha: 'Trilha',
  pessoas: 'Pessoas e cobrança',
  conciliacao: 'Conciliação',
}

/**
 * `/app/admin/companies/{companyId}` search: the tab, the documents' and the history's page, the
 * month of the reconciliation tab and the page of its credits without an invoice.
 */
export const companySearchSchema = lazySearch(() =>
  z.object({
    tab: z.enum(companyTabs).optional().catch(undefined),
    docs: pageSearchSchema,
    historico: pageSearchSchema,
    mes: competenceSchema.optional().catch(undefined),
    semNota: pageSearchSchema,
  }),
)
export type CompanySearch = SearchOf<typeof companySearchSchema>
