import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCnpjValue, formatDateTime, formatMoney } from '@/lib/format'
import { orderQueryOptions } from '@/services/back-office'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { StepPayloadView, StepStatusBadge, stepRegistry } from '@/screens/onboarding'
import { CompanyStatusBadge } from '@/screens/shared'
import { buttonClass } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Card, PageHeader } from '@/ui/Layout'
import { OrderActions } from './OrderActions'
import { currentStepText, formatAge, orderTitle } from './order-format'
import styles from './Orders.module.css'

/** The order page follows the client without a reload (the client's steps, the payment). */
const ORDER_POLL_MS = 5000

/**
 * /app/admin/companies/orders/{companyId}: one opening or migration order — who the client is,
 * where the track stands, the actions that move it, and every step's data as filled in.
 */
export function OrderScreen({ companyId }: { companyId: string }) {
  const live = { refetchInterval: ORDER_POLL_MS }
  const { data: order } = useSuspenseQuery({ ...orderQueryOptions(companyId), ...live })
  const { data: company } = useSuspenseQuery({ ...companyQueryOptions(companyId), ...live })
  const { data: track } = useSuspenseQuery({ ...companyStepsQueryOptions(companyId), ...live })
  const queue =
    company.trackId === 'create-company'
      ? ({ to: '/app/admin/companies/opening-orders', label: '← Pedidos de abertura' } as const)
      : ({ to: '/app/admin/companies/migration-orders', label: '← Pedidos de migração' } as const)

  return (
    <>
      <PageHeader
        title={company.alias ?? company.name}
        description={`${orderTitle(company.trackId)} · começou ${formatAge(company.createdAt)}`}
        actions={
          <>
            <Link to={queue.to} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              {queue.label}
            </Link>
            <Link
              to="/app/admin/companies/$companyId"
              params={{ companyId }}
              className={buttonClass({ variant: 'ghost', size: 'sm' })}
            >
              Ver a empresa
            </Link>
          </>
        }
      />
      <div className={styles.page}>
        <Card>
          <h2 className={styles.cardTitle}>Resumo</h2>
          <DescriptionList
            items={[
              { term: 'Razão social', value: company.name },
              { term: 'Situação', value: <CompanyStatusBadge status={company.status} /> },
              {
                term: 'Cliente',
                value: order.owner ? (
                  <>
                    {order.owner.name}
                    <br />
                    <span className={styles.sub}>
                      {order.owner.email}
                      {order.owner.phone ? ` · ${order.owner.phone}` : ''}
                    </span>
                  </>
                ) : (
                  'Sem responsável'
                ),
              },
              {
                term: 'Etapa atual',
                value: `${currentStepText(order)} (${order.track.done} de ${order.track.total})`,
              },
              {
                term: 'Plano',
                value: order.planName
                  ? `${order.planName}${order.subscription ? ` · ${formatMoney(order.subscription.amount)}/mês` : ''}`
                  : 'Ainda não escolhido',
              },
              {
                term: 'CNPJ',
                value: company.cnpj ? formatCnpjValue(company.cnpj) : 'Ainda não emitido',
              },
              { term: 'Pedido criado em', value: formatDateTime(company.createdAt) },
            ]}
          />
        </Card>
        <Card>
          <h2 className={styles.cardTitle}>Ações</h2>
          <OrderActions company={company} track={track} />
        </Card>
        <Card>
          <h2 className={styles.cardTitle}>Etapas e dados do cadastro</h2>
          <ol className={styles.steps}>
            {track.steps.map((step, index) => (
              <li key={step.stepId} className={styles.step}>
                <div className={styles.stepHeader}>
                  <span className={styles.stepNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{stepRegistry[step.stepId].label}</h3>
                  <StepStatusBadge status={step.status} />
                  {step.updatedAt && step.status === 'done' && (
                    <span className={styles.sub}>em {formatDateTime(step.updatedAt)}</span>
                  )}
                </div>
                <StepPayloadView companyId={companyId} company={company} step={step} />
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </>
  )
}
