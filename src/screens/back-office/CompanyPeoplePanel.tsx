import { Link } from '@tanstack/react-router'
import { paymentStatusLabels } from '@/schemas/glossary'
import { useSuspenseQuery } from '@tanstack/react-query'
import { paymentMethodLabels } from '@/schemas/billing'
import { formatDate, formatInteger, formatMoney, formatMonthYear } from '@/lib/format'
import {
  paymentsQueryOptions,
  planNameOf,
  plansQueryOptions,
  subscriptionsQueryOptions,
} from '@/services/account'
import { adminUsersQueryOptions } from '@/services/back-office'
import { companyQueryOptions } from '@/services/companies'
import { buttonClass } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Badge } from '@/ui/Feedback'
import { Card } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { rolesSummary, subscriptionStatusLabels, userAccessLabels } from '@/schemas/glossary'
import { DocumentReview } from './DocumentReview'
import { OrderLink } from './OrderLink'
import { UserName } from './user-name'
import styles from './BackOffice.module.css'

/** How many of the company's people and charges the page lists. */
export const COMPANY_USERS_LIMIT = 50
export const COMPANY_PAYMENTS_LIMIT = 12

const paymentTones = { pending: 'info', paid: 'success', overdue: 'warning' } as const

/**
 * The company's people and money: who reaches it (each opens in Usuários), its subscription and
 * last charges, its documents to review, and its NFS-e requests in the queue.
 */
export function CompanyPeoplePanel({
  companyId,
  docsPage,
  onDocsPage,
}: {
  companyId: string
  docsPage: number
  onDocsPage: (page: number) => void
}) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const { data: users } = useSuspenseQuery(
    adminUsersQueryOptions({ companyId, limit: COMPANY_USERS_LIMIT }),
  )
  const { data: subscriptions } = useSuspenseQuery(subscriptionsQueryOptions(companyId))
  const { data: payments } = useSuspenseQuery(
    paymentsQueryOptions(companyId, { limit: COMPANY_PAYMENTS_LIMIT, offset: 0 }),
  )
  const { data: plans } = useSuspenseQuery(plansQueryOptions())
  const current = subscriptions.find((s) => s.id === company.currentSubscription?.id)

  return (
    <div className="stack">
      <section aria-labelledby="people-title" className="stack">
        <div className={styles.cardHeader}>
          <h2 id="people-title" className={styles.cardTitle}>
            Pessoas com acesso
          </h2>
          <Link
            to="/app/admin/users"
            search={{ companyId }}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Gerenciar em Usuários
          </Link>
        </div>
        <ListView
          list={users}
          empty={{
            title: 'Ninguém com acesso',
            description: 'Crie um acesso em Usuários, com esta empresa.',
          }}
        >
          <DataTable
            caption="Pessoas com acesso à empresa"
            rows={users.data}
            rowKey={(user) => user.id}
            columns={[
              {
                key: 'name',
                card: 'title',
                header: 'Nome',
                cell: (user) => <UserName user={user} />,
              },
              {
                key: 'roles',
                header: 'Papéis',
                cell: (user) => rolesSummary(user.roles, user.companies.length),
              },
              { key: 'phone', header: 'Celular', cell: (user) => user.phone ?? '—' },
              {
                key: 'status',
                header: 'Acesso',
                cell: (user) =>
                  user.disabled ? (
                    <Badge tone="danger">{userAccessLabels.blocked}</Badge>
                  ) : (
                    <Badge tone="success">Ativo</Badge>
                  ),
              },
            ]}
          />
          {users.total > users.data.length && (
            <p className="muted">
              Mostrando {users.data.length} de {formatInteger(users.total)}: veja todas em Usuários.
            </p>
          )}
        </ListView>
      </section>

      <Card>
        <div className={styles.cardHeader}>
          <h2 className={styles.cardTitle}>Assinatura</h2>
          <OrderLink companyId={companyId} trackId={company.trackId} />
        </div>
        {current ? (
          <DescriptionList
            items={[
              { term: 'Plano', value: planNameOf(plans, current.planId) },
              { term: 'Situação', value: subscriptionStatusLabels[current.status] },
              { term: 'Mensalidade', value: `${formatMoney(current.amount)}/mês` },
              { term: 'Vencimento', value: `Todo dia ${current.billingDay}` },
              {
                term: 'Início',
                value: current.startedAt
                  ? formatDate(current.startedAt)
                  : subscriptionStatusLabels.pending,
              },
              {
                term: 'Contratada em',
                value: formatDate(current.createdAt),
              },
            ]}
          />
        ) : (
          <p className="muted">
            A empresa ainda não escolheu um plano: isso acontece na etapa “Assinatura” do cadastro
            (aba Trilha).
          </p>
        )}
      </Card>

      <section aria-labelledby="payments-title" className="stack">
        <h2 id="payments-title" className={styles.cardTitle}>
          Cobranças
        </h2>
        <ListView
          list={payments}
          empty={{ title: 'Nenhuma cobrança', description: 'Sem assinatura, sem cobranças.' }}
        >
          <DataTable
            caption="Cobranças da assinatura, mais recentes primeiro"
            rows={payments.data}
            rowKey={(payment) => payment.id}
            columns={[
              {
                key: 'reference',
                card: 'title',
                header: 'Referência',
                cell: (payment) => formatMonthYear(`${payment.reference}-15`),
              },
              {
                key: 'plan',
                header: 'Plano',
                cell: (payment) => planNameOf(plans, payment.planId),
              },
              { key: 'due', header: 'Vencimento', cell: (payment) => formatDate(payment.dueDate) },
              {
                key: 'amount',
                header: 'Valor',
                align: 'right',
                cell: (payment) => formatMoney(payment.amount),
              },
              {
                key: 'status',
                header: 'Situação',
                cell: (payment) => (
                  <Badge tone={paymentTones[payment.status]}>
                    {paymentStatusLabels[payment.status]}
                  </Badge>
                ),
              },
              {
                key: 'paid',
                header: 'Pagamento',
                cell: (payment) =>
                  payment.paidAt
                    ? `${formatDate(payment.paidAt)}${payment.method ? ` · ${paymentMethodLabels[payment.method]}` : ''}`
                    : '—',
              },
            ]}
          />
          {payments.total > payments.data.length && (
            <p className="muted">
              As {payments.data.length} mais recentes de {formatInteger(payments.total)} cobranças.
            </p>
          )}
        </ListView>
      </section>

      <section aria-labelledby="documents-title" className="stack">
        <h2 id="documents-title" className={styles.cardTitle}>
          Documentos
        </h2>
        <DocumentReview companyId={companyId} page={docsPage} onPage={onDocsPage} />
      </section>

      <Card>
        <div className={styles.cardHeader}>
          <h2 className={styles.cardTitle}>Notas fiscais</h2>
          <Link
            to="/app/admin/invoices/nf-requests"
            search={{ companyId }}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Ver solicitações de NFS-e
          </Link>
        </div>
        <p className="muted">
          As solicitações de nota desta empresa, na fila de NFS-e: emita ou rejeite por lá.
        </p>
      </Card>
    </div>
  )
}
