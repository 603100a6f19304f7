import { useState, type ReactNode } from 'react'
import { companyStatusLabels } from '@/schemas/glossary'
import { type Company } from '@/schemas/company'
import { todayInBrazil } from '@/schemas/finance-common'
import { addMonths } from '@/kernel/tax'
import type { Track } from '@/schemas/track'
import { formatDateTime } from '@/lib/format'
import { Card } from '@/ui/Layout'
import { CompanyDetails } from '@/screens/shared'
import { BillingChartCard } from './BillingChartCard'
import { CategoryCard } from './CategoryCard'
import { CompanyCard } from './CompanyCard'
import { MeiCard } from './MeiCard'
import { PanelCard } from './PanelCard'
import { DasnYear } from '@/screens/year-end'
import { PaymentsCard } from './PaymentsCard'
import { GuidesCard } from './GuidesCard'
import { ReconciliationCard } from './ReconciliationCard'
import { SimplesCard } from './SimplesCard'
import { periodChoices } from './period'
import styles from './PanelScreen.module.css'

/** Simples Nacional sizes (ME up to R$ 360 mil, EPP up to R$ 4,8 mi). */
export const isSimplesSize = (size: Company['size']) => size === 'ME' || size === 'EPP'

/** The cards of a company's panel (the owner's, or a flagged admin's preview without "Pagar"). */
export function PanelBody({
  company,
  track,
  period,
  onPeriodChange,
  competence,
  onCompetenceChange,
  onCheckout,
  nextSteps,
}: {
  company: Company
  track: Track | null
  period: string | undefined
  onPeriodChange: (period: string) => void
  /** The Simples card's competence (`YYYY-MM`); the last month by default. */
  competence?: string | undefined
  onCompetenceChange?: (competence: string) => void
  onCheckout?: (url: string) => void
  nextSteps?: ReactNode
}) {
  const today = todayInBrazil()
  const month = today.slice(0, 7)
  const [localCompetence, setLocalCompetence] = useState<string | undefined>(undefined)
  const shownCompetence = competence ?? localCompetence ?? addMonths(month, -1)
  const history = [...company.statusHistory].reverse().slice(0, 5)
  return (
    <>
      <CompanyCard company={company} track={track} />

      <div className={styles.cards}>
        <BillingChartCard companyId={company.id} />
        {company.size === 'MEI' && <MeiCard company={company} month={month} />}
        {company.size === 'MEI' && (
          <PanelCard
            id="dasn-simei"
            title={`DASN-SIMEI de ${today.slice(0, 4)}`}
            description="O faturamento do ano na declaração anual do MEI, e a do ano passado"
            wide
          >
            <DasnYear company={company} year={Number(today.slice(0, 4))} />
          </PanelCard>
        )}
        {isSimplesSize(company.size) && (
          <SimplesCard
            companyId={company.id}
            period={shownCompetence}
            today={today}
            onPeriodChange={onCompetenceChange ?? setLocalCompetence}
          />
        )}
        {(company.size === 'MEI' || isSimplesSize(company.size)) && (
          <GuidesCard companyId={company.id} />
        )}
        <CategoryCard
          companyId={company.id}
          period={period ?? today.slice(0, 4)}
          periods={periodChoices(today)}
          onPeriodChange={onPeriodChange}
        />
        <ReconciliationCard companyId={company.id} />
        <PaymentsCard company={company} onCheckout={onCheckout} />
      </div>

      {nextSteps}

      <div className={styles.columns}>
        <section aria-labelledby="dados-empresa">
          <Card>
            <h2 id="dados-empresa" className={styles.sectionTitle}>
              Dados da empresa
            </h2>
            <CompanyDetails company={company} />
          </Card>
        </section>
        <section aria-labelledby="historico">
          <Card>
            <h2 id="historico" className={styles.sectionTitle}>
              Histórico da situação
            </h2>
            {history.length === 0 ? (
              <p className="muted">Nenhuma mudança de situação registrada ainda.</p>
            ) : (
              <ul className={styles.history}>
                {history.map((change) => (
                  <li key={`${change.at}-${change.to}`}>
                    <strong>{companyStatusLabels[change.to]}</strong>
                    <span className="muted">
                      {formatDateTime(change.at)}
                      {change.reason ? ` · ${change.reason}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </section>
      </div>
    </>
  )
}
