import { Link } from '@tanstack/react-router'
import { formatDate, formatMoney } from '@/lib/format'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { Alert, Badge, EmptyState } from '@/ui/Feedback'
import { DescriptionList } from '@/ui/DescriptionList'
import { Card } from '@/ui/Layout'
import { AreaPage } from '@/screens/shared'

const subscriptionStatus = {
  pending: { label: 'Aguardando pagamento', tone: 'neutral' },
  active: { label: 'Em dia', tone: 'success' },
  overdue: { label: 'Em atraso', tone: 'warning' },
  canceled: { label: 'Cancelada', tone: 'danger' },
} as const

/** /app/user/my-billing: the selected company's subscription. */
export function MyBillingScreen() {
  const { company, isSystemAdmin } = useSessionView()
  const subscription = company?.currentSubscription ?? null
  return (
    <AreaPage
      title="Cobrança"
      description="A assinatura da sua empresa com a Contabil: plano, valor mensal e situação dos pagamentos."
      features={[
        {
          icon: 'card',
          title: 'Pagar online',
          description: 'Pague a mensalidade pelo link de pagamento, com confirmação na hora.',
        },
        {
          icon: 'receipt',
          title: 'Histórico',
          description: 'Veja as mensalidades pagas, pendentes e em atraso.',
        },
      ]}
    >
      {isSystemAdmin && !company ? (
        <EmptyState title="Administradores não têm assinatura">
          A cobrança de cada cliente aparece na empresa dele, no back office.
        </EmptyState>
      ) : !company ? (
        <EmptyState
          title="Nenhuma empresa cadastrada"
          action={
            <Link to="/app/wizard/company-opening" className={buttonClass()}>
              Cadastrar empresa
            </Link>
          }
        >
          A assinatura começa quando o cadastro da empresa chega à etapa de pagamento.
        </EmptyState>
      ) : (
        <Card>
          <h2 style={{ fontSize: 'var(--text-lg)' }}>{company.alias ?? company.name}</h2>
          {subscription?.status === 'overdue' && (
            <div style={{ marginBottom: 'var(--space-4)' }}>
              <Alert tone="warning" title="Mensalidade em atraso">
                Regularize o pagamento para manter todos os serviços da contabilidade.
              </Alert>
            </div>
          )}
          {subscription ? (
            <DescriptionList
              items={[
                {
                  term: 'Situação',
                  value: (
                    <Badge tone={subscriptionStatus[subscription.status].tone}>
                      {subscriptionStatus[subscription.status].label}
                    </Badge>
                  ),
                },
                { term: 'Valor mensal', value: formatMoney(subscription.amount) },
                { term: 'Plano', value: <code>{subscription.planId}</code> },
                {
                  term: 'Início',
                  value: subscription.startedAt ? formatDate(subscription.startedAt) : '—',
                },
              ]}
            />
          ) : (
            <p className="muted" style={{ margin: 0 }}>
              Esta empresa ainda não tem assinatura: ela é contratada na etapa “Assinatura” do
              cadastro.
            </p>
          )}
        </Card>
      )}
    </AreaPage>
  )
}
