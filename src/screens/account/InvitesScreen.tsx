import { useState } from 'react'
import { inviteStatusLabels } from '@/schemas/glossary'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate } from '@/lib/format'
import type { Company } from '@/schemas/company'
import { type Invite, type InviteStatus } from '@/schemas/engagement'
import { invitesQueryOptions, useCancelInvite } from '@/services/account'
import { useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Badge, EmptyState } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { Tabs } from '@/ui/Tabs'
import { InviteForm } from './InviteForm'
import { ReceivedInvites } from './ReceivedInvites'
import { INVITES_PAGE_SIZE, type InviteTab } from './invites-search'
import styles from './Account.module.css'

const statusOfTab: Record<InviteTab, InviteStatus> = { pendentes: 'pending', aceitos: 'accepted' }

type Props = {
  tab: InviteTab
  page: number
  onTabChange: (tab: InviteTab) => void
  onPageChange: (page: number) => void
}

/** /app/user/my-invites: invites received, and inviting people to the current company. */
export function MyInvitesScreen(props: Props) {
  const { user, company, isSystemAdmin } = useSessionView()
  if (!user) return null
  return (
    <div className={styles.page}>
      <PageHeader
        title="Convites"
        description="Dê acesso à sua empresa a sócios e pessoas da equipe, e aceite convites que você recebeu."
      />
      <ReceivedInvites uid={user.uid} />
      {company ? (
        <>
          <InviteForm company={company} />
          <SentInvites company={company} {...props} />
        </>
      ) : (
        !isSystemAdmin && (
          <EmptyState title="Nenhuma empresa para convidar">
            Quando você tiver uma empresa na Contabil, pode convidar outras pessoas para ela.
          </EmptyState>
        )
      )}
    </div>
  )
}

function SentInvites({
  company,
  tab,
  page,
  onTabChange,
  onPageChange,
}: Props & { company: Company }) {
  return (
    <section aria-labelledby="convites-enviados">
      <Card>
        <h2 id="convites-enviados" className={styles.cardTitle}>
          Convites enviados
        </h2>
        <Tabs<InviteTab>
          label="Convites enviados"
          value={tab}
          onValueChange={onTabChange}
          items={[
            {
              value: 'pendentes',
              label: 'Pendentes',
              content:
                tab === 'pendentes' ? (
                  <InviteList
                    company={company}
                    tab="pendentes"
                    page={page}
                    onPageChange={onPageChange}
                  />
                ) : null,
            },
            {
              value: 'aceitos',
              label: 'Aceitos',
              content:
                tab === 'aceitos' ? (
                  <InviteList
                    company={company}
                    tab="aceitos"
                    page={page}
                    onPageChange={onPageChange}
                  />
                ) : null,
            },
          ]}
        />
      </Card>
    </section>
  )
}

function InviteList({
  company,
  tab,
  page,
  onPageChange,
}: {
  company: Company
  tab: InviteTab
  page: number
  onPageChange: (page: number) => void
}) {
  const offset = (page - 1) * INVITES_PAGE_SIZE
  const { data } = useSuspenseQuery(
    invitesQueryOptions({
      companyId: company.id,
      status: statusOfTab[tab],
      limit: INVITES_PAGE_SIZE,
      offset,
    }),
  )
  const cancel = useCancelInvite()
  const [canceling, setCanceling] = useState<Invite | null>(null)
  const pending = tab === 'pendentes'

  return (
    <>
      <ListView
        list={data}
        empty={
          pending
            ? {
                title: 'Nenhum convite pendente',
                description: 'Os convites enviados aparecem aqui até a pessoa aceitar.',
              }
            : {
                title: 'Nenhum convite aceito ainda',
                description: 'Quem aceitar um convite aparece aqui.',
              }
        }
        pager={{
          page,
          pageSize: INVITES_PAGE_SIZE,
          label: 'Páginas dos convites',
          onPage: onPageChange,
        }}
      >
        <DataTable
          caption={pending ? 'Convites pendentes' : 'Convites aceitos'}
          rows={data.data}
          rowKey={(invite) => invite.id}
          columns={[
            {
              key: 'email',
              card: 'title',
              header: 'E-mail',
              breakAnywhere: true,
              cell: (invite) => invite.email,
            },
            {
              key: 'when',
              header: pending ? 'Enviado em' : 'Aceito em',
              cell: (invite) =>
                formatDate(pending ? invite.createdAt : (invite.acceptedAt ?? invite.createdAt)),
            },
            ...(pending
              ? [
                  {
                    key: 'expires',
                    header: 'Vale até',
                    cell: (invite: Invite) => formatDate(invite.expiresAt),
                  },
                ]
              : []),
            {
              key: 'status',
              header: 'Situação',
              cell: (invite) => (
                <Badge tone={invite.status === 'accepted' ? 'success' : 'neutral'}>
                  {inviteStatusLabels[invite.status]}
                </Badge>
              ),
            },
            ...(pending
              ? [
                  {
                    key: 'actions',
                    card: 'actions' as const,
                    header: <span className="visually-hidden">Ações</span>,
                    align: 'right' as const,
                    cell: (invite: Invite) => (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setCanceling(invite)}
                        aria-label={`Cancelar convite para ${invite.email}`}
                      >
                        Cancelar
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </ListView>
      <ConfirmDialog
        open={canceling !== null}
        onOpenChange={(open) => !open && setCanceling(null)}
        title="Cancelar este convite?"
        description={
          canceling
            ? `${canceling.email} não poderá mais aceitar o convite para ${company.alias ?? company.name}.`
            : ''
        }
        confirmLabel="Cancelar convite"
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() =>
          canceling &&
          cancel.mutate(
            { id: canceling.id, companyId: company.id },
            {
              onSuccess: (invite) => {
                setCanceling(null)
                notify.success(`Convite para ${invite.email} cancelado.`)
              },
              onError: (error) => {
                setCanceling(null)
                notify.error(error.message)
              },
            },
          )
        }
      />
    </>
  )
}
