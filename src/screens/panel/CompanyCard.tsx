import { Suspense } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { stepLabels, stepStateLabel, trackLabels } from '@/schemas/glossary'
import { formatCnpjValue } from '@/lib/format'
import type { Company } from '@/schemas/company'
import { isTrackDone, type Track } from '@/schemas/track'
import { planNameOf, plansQueryOptions } from '@/services/account'
import { DescriptionList } from '@/ui/DescriptionList'
import { Card, Eyebrow } from '@/ui/Layout'
import { SkeletonBlock } from '@/ui/Skeleton'
import { StepList } from '@/ui/StepList'
import { CompanyStatusBadge } from '@/screens/shared'
import styles from './PanelScreen.module.css'

/** The first step not done: where the client is. */
const currentStepOf = (track: Track) => track.steps.find((step) => step.status !== 'done')?.stepId

/** The company at a glance: names, CNPJ, status, plan, and the track while it runs. */
export function CompanyCard({ company, track }: { company: Company; track: Track | null }) {
  const planId = company.currentSubscription?.planId
  return (
    <Card className={styles.hero}>
      <div className={styles.heroMain}>
        <Eyebrow>Sua empresa</Eyebrow>
        <h2 className={styles.companyName}>{company.alias ?? company.name}</h2>
        {company.alias && <p className="muted">{company.name}</p>}
        <DescriptionList
          items={[
            { term: 'CNPJ', value: formatCnpjValue(company.cnpj) },
            {
              term: 'Plano',
              value: planId ? (
                // Only the plan's name waits for the plans: the card shows with the company.
                // The skeleton is one line of the list's text (1rem × 1.55, src/ui/styles/base.css),
                // so the card keeps its height when the name comes.
                <Suspense fallback={<SkeletonBlock height={25} width="8em" />}>
                  <PlanName planId={planId} />
                </Suspense>
              ) : (
                'Ainda sem plano contratado'
              ),
            },
          ]}
        />
      </div>
      <div className={styles.status} data-testid="company-status">
        <span className="muted">Situação</span>
        <CompanyStatusBadge status={company.status} />
      </div>
      {track && !isTrackDone(track) && (
        <div className={styles.heroTrack}>
          <h3 className={styles.subTitle}>Cadastro de {trackLabels[track.trackId]}</h3>
          <StepList
            label={`Etapas da ${trackLabels[track.trackId]}`}
            items={track.steps.map((step) => ({
              key: step.stepId,
              title: stepLabels[step.stepId],
              state: step.status,
              current: step.stepId === currentStepOf(track),
              stateLabel: stepStateLabel(step.status, step.stepId === currentStepOf(track)),
            }))}
          />
        </div>
      )}
    </Card>
  )
}

function PlanName({ planId }: { planId: string }) {
  const { data: plans } = useSuspenseQuery(plansQueryOptions())
  return planNameOf(plans, planId)
}
