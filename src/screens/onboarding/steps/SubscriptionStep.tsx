import { useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { companySizeLabels } from '@/schemas/company'
import { formatMoney } from '@/lib/format'
import { plansQueryOptions, usePaySubscription } from '@/services/account'
import { companyQueryOptions } from '@/services/companies'
import { useSaveStep } from '@/services/onboarding'
import { Button } from '@/ui/Button'
import { Alert, Badge, EmptyState } from '@/ui/Feedback'
import { SkeletonBlock } from '@/ui/Skeleton'
import { StepFrame } from '../StepFrame'
import { stepHeading } from '../step-labels'
import type { StepContext } from './step-context'
import styles from './Waiting.module.css'

/**
 * The subscription step (both tracks): the plans for the company's size with their monthly price
 * and what each includes. Choosing one saves it, creates the charge and sends the client to the
 * checkout, which brings them back here; the payment completes the step on the server.
 */
export function SubscriptionStep({ context }: { context: StepContext }) {
  const { companyId, company, payment, onCheckout } = context
  const plans = useQuery(plansQueryOptions(company.size))
  const queryClient = useQueryClient()
  const save = useSaveStep()
  const pay = usePaySubscription()
  const busy = useRef(false)
  const [choosing, setChoosing] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const pending =
    company.currentSubscription?.status === 'pending' ? company.currentSubscription : null

  // One choice at a time, however often the buttons are pressed; the page then leaves the app.
  const choose = async (planId: string) => {
    if (busy.current) return
    busy.current = true
    setChoosing(planId)
    setProblem(null)
    try {
      let subscription = pending?.planId === planId ? pending : null
      if (!subscription) {
        await save.mutateAsync({ companyId, stepId: 'subscription', payload: { planId } })
        const fresh = await queryClient.fetchQuery({
          ...companyQueryOptions(companyId),
          staleTime: 0,
        })
        subscription = fresh.currentSubscription
      }
      if (!subscription) throw new Error('A assinatura não foi criada. Tente de novo.')
      const link = await pay.mutateAsync(subscription.id)
      onCheckout(link.url)
    } catch (error) {
      busy.current = false
      setChoosing(null)
      setProblem(
        error instanceof Error && error.message
          ? error.message
          : 'Não foi possível abrir o pagamento. Tente de novo.',
      )
    }
  }

  return (
    <StepFrame {...stepHeading('subscription')} focusOnMount={context.focusOnMount}>
      {payment === 'cancelado' && !choosing && (
        <Alert tone="warning" title="Pagamento não concluído">
          Nada foi cobrado. O plano escolhido fica aguardando o pagamento: pague quando quiser, ou
          troque de plano abaixo.
        </Alert>
      )}
      {payment === 'confirmado' && (
        <Alert tone="info" title="Confirmando seu pagamento…">
          Assim que o pagamento for confirmado, esta etapa é concluída e o cadastro segue.
        </Alert>
      )}
      {problem && (
        <Alert tone="danger" title="Não foi possível abrir o pagamento">
          {problem}
        </Alert>
      )}
      {pending && !problem && payment !== 'confirmado' && (
        <p className="muted">
          Plano escolhido, aguardando pagamento: {formatMoney(pending.amount)} por mês. Pague ou
          troque de plano abaixo.
        </p>
      )}
      {plans.isPending ? (
        <div className={styles.plans} role="status" aria-label="Carregando os planos">
          {[0, 1, 2].map((key) => (
            <SkeletonBlock key={key} height={220} />
          ))}
        </div>
      ) : plans.isError ? (
        <Alert
          tone="danger"
          title="Não foi possível carregar os planos"
          action={
            <Button size="sm" variant="secondary" onClick={() => void plans.refetch()}>
              Tentar de novo
            </Button>
          }
        >
          {plans.error.message}
        </Alert>
      ) : plans.data.length === 0 ? (
        <EmptyState title="Nenhum plano para este porte">
          Não há plano para {company.size ? companySizeLabels[company.size] : 'a sua empresa'} por
          aqui. Fale com a gente pelo chat para uma proposta.
        </EmptyState>
      ) : (
        <ul className={styles.plans} aria-label="Planos">
          {plans.data.map((plan) => {
            const chosen = pending?.planId === plan.id
            return (
              <li key={plan.id}>
                <article
                  className={styles.plan}
                  data-chosen={chosen}
                  aria-labelledby={`plano-${plan.id}`}
                >
                  <div className="row" style={{ justifyContent: 'space-between' }}>
                    <h3 id={`plano-${plan.id}`}>Plano {plan.name}</h3>
                    {chosen && <Badge tone="info">Escolhido</Badge>}
                  </div>
                  <p className={styles.price}>
                    {formatMoney(plan.monthlyPrice)} <small>por mês</small>
                  </p>
                  <p className="muted">{plan.description}</p>
                  <ul className={styles.features} aria-label={`O que o plano ${plan.name} inclui`}>
                    {plan.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  <Button
                    className={styles.planAction}
                    block
                    variant={chosen ? 'primary' : 'secondary'}
                    loading={choosing === plan.id}
                    disabled={choosing !== null && choosing !== plan.id}
                    aria-label={
                      chosen
                        ? `Pagar o plano ${plan.name}`
                        : `Escolher o plano ${plan.name} e pagar`
                    }
                    onClick={() => void choose(plan.id)}
                  >
                    {chosen ? `Pagar ${formatMoney(plan.monthlyPrice)}` : 'Escolher e pagar'}
                  </Button>
                </article>
              </li>
            )
          })}
        </ul>
      )}
    </StepFrame>
  )
}
