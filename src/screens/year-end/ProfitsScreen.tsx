import { useSuspenseQuery } from '@tanstack/react-query'
import type { Company } from '@/schemas/company'
import { useSessionView } from '@/services/session'
import { profitsQueryOptions } from '@/services/year-end'
import { Alert, EmptyState } from '@/ui/Feedback'
import { SelectField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { DistributionForm } from './DistributionForm'
import {
  DistributionsList,
  LimitDetails,
  PartnersTable,
  ProfitsFigures,
  ProfitsWarnings,
} from './ProfitsPanels'
import { yearsUpTo } from './format'
import styles from './YearEnd.module.css'

/** Whether a company distributes profits the year tracks: an ME or EPP of the Simples Nacional. */
export const distributesProfits = (company: Pick<Company, 'size'>) =>
  company.size === 'ME' || company.size === 'EPP'

/**
 * /app/profits ("Lucros"): how much the partners may still take tax-free this year (LC 123/2006,
 * art. 14), the distributions paid with the 10 % withheld from 2026 and its DARF 1841, each
 * partner's share, and how the limit is calculated. The year is in the URL (`?ano=2026`).
 */
export function ProfitsScreen({
  year,
  today,
  onYearChange,
}: {
  year: number
  today: string
  onYearChange: (year: number) => void
}) {
  const { company } = useSessionView()
  const header = (
    <PageHeader
      title="Lucros"
      description="Quanto os sócios podem retirar de lucros sem imposto, o que já foi distribuído e o imposto retido."
    />
  )
  if (!company)
    return (
      <>
        {header}
        <Alert tone="info" title="Nenhuma empresa escolhida.">
          Os lucros são de uma empresa: escolha a empresa para vê-los.
        </Alert>
      </>
    )
  if (!distributesProfits(company))
    return (
      <>
        {header}
        <EmptyState title="Esta empresa não distribui lucros pelo Simples Nacional">
          {company.size === 'MEI'
            ? 'No MEI, o que o titular retira não é distribuição de lucros de sócios: o que conta é o limite de faturamento e a DASN-SIMEI, no Painel.'
            : 'A distribuição de lucros isentos calculada aqui é a das microempresas e empresas de pequeno porte do Simples Nacional.'}
        </EmptyState>
      </>
    )
  const current = Number(today.slice(0, 4))
  return (
    <>
      {header}
      <div className={styles.picker}>
        <SelectField
          label="Ano"
          value={String(year)}
          onChange={(event) => onYearChange(Number(event.target.value))}
          options={yearsUpTo(current).map((value) => ({
            value: String(value),
            label: String(value),
          }))}
        />
      </div>
      <ProfitsYear companyId={company.id} year={year} today={today} />
    </>
  )
}

function ProfitsYear({
  companyId,
  year,
  today,
}: {
  companyId: string
  year: number
  today: string
}) {
  const { data: profits } = useSuspenseQuery(profitsQueryOptions(companyId, year))
  return (
    <div className="stack">
      <Card className="stack">
        <h2>Lucros de {year}</h2>
        <ProfitsFigures profits={profits} />
        <ProfitsWarnings profits={profits} />
        <LimitDetails profits={profits} />
      </Card>
      <Card className="stack">
        <DistributionForm companyId={companyId} profits={profits} today={today} />
      </Card>
      <DistributionsList companyId={companyId} profits={profits} />
      <Card className="stack">
        <PartnersTable profits={profits} />
      </Card>
    </div>
  )
}
