import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { formatDate } from '@/lib/format'
import type { Company } from '@/schemas/company'
import {
  inviteCreateSchema,
  inviteStatusLabels,
  type Invite,
  type InviteStatus,
} from '@/schemas/engagement'
import { ApiError } from '@/services/api'
import { invitesQueryOptions, useCancelInvite, useCreateInvite } from '@/services/account'
import { useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Alert, Badge, EmptyState } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { DataTable, Pagination } from '@/ui/Table'
import { Tabs } from '@/ui/Tabs'
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

type InviteValues = z.input<typeof inviteCreateSchema>

function InviteForm({ company }: { company: Company }) {
  const create = useCreateInvite()
  const [error, setError] = useState<string | null>(null)
  const name = company.alias ?? company.name
  const form = useForm<InviteValues, unknown, z.output<typeof inviteCreateSchema>>({
    resolver: zodResolver(inviteCreateSchema),
    defaultValues: { email: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ email }) => {
    setError(null)
    try {
      await create.mutateAsync({ companyId: company.id, email })
      form.reset()
      notify.success(`Convite enviado para ${email}.`)
    } catch (caught) {
      if (caught instanceof ApiError && (caught.status === 409 || caught.issues.length > 0))
        form.setError(
          'email',
          { message: caught.issues[0]?.message ?? caught.message },
          { shouldFocus: true },
        )
      else setError(caught instanceof Error ? caught.message : 'Não foi possível convidar.')
    }
  })

  return (
    <section aria-labelledby="convidar">
      <Card>
        <h2 id="convidar" className={styles.cardTitle}>
          Convidar para {name}
        </h2>
        <p className={styles.note} style={{ marginBottom: 'var(--space-4)' }}>
          A pessoa passa a administrar {company.name} com você: vê e pede notas fiscais, envia
          documentos e extratos. Ela aceita o convite entrando (ou criando a conta) com este e-mail.
        </p>
        <form
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-label={`Convidar para ${name}`}
        >
          {error && <Alert tone="danger" title={error} />}
          <TextField
            label="E-mail da pessoa"
            type="email"
            autoComplete="off"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={isSubmitting}>
              Enviar convite
            </Button>
          </div>
        </form>
      </Card>
    </section>
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
      <DataTable
        caption={pending ? 'Convites pendentes' : 'Convites aceitos'}
        rows={data.data}
        rowKey={(invite) => invite.id}
        empty={{
          title: pending ? 'Nenhum convite pendente' : 'Nenhum convite aceito ainda',
          description: pending
            ? 'Os convites enviados aparecem aqui até a pessoa aceitar.'
            : 'Quem aceitar um convite aparece aqui.',
        }}
        columns={[
          { key: 'email', header: 'E-mail', cell: (invite) => invite.email },
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
      <Pagination
        total={data.total}
        limit={INVITES_PAGE_SIZE}
        offset={offset}
        onChange={(next) => onPageChange(Math.floor(next / INVITES_PAGE_SIZE) + 1)}
        label="Páginas dos convites"
      />
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
