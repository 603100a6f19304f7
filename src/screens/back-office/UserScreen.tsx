import { showServerIssues } from '@/services/api'
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { Role } from '@/schemas/claims'
import { userMessages, type AdminUserDetail } from '@/schemas/user'
import { formatDate, formatDateTime } from '@/lib/format'
import { adminUserQueryOptions, useUpdateUserAccess } from '@/services/back-office'
import { useSessionView } from '@/services/session'
import { Button, buttonClass } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Alert, Badge } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { rolesSummary, userAccessLabels } from '@/schemas/glossary'
import { CompanyStatusBadge } from '@/screens/shared'
import { CompanyPicker, companyLabel } from './CompanyPicker'
import { RoleChoices } from './CreateUserDialog'
import { userAccessFormSchema, type UserAccessOutput, type UserAccessValues } from './user-form'
import styles from './BackOffice.module.css'

/**
 * /app/admin/users/{userId}: a person, every field, their companies and roles and when they
 * last signed in; "Acesso" changes roles and companies (an admin cannot take away their own
 * system-admin role: the box stays checked, and the server refuses it too).
 */
export function AdminUserScreen({ userId }: { userId: string }) {
  const { data: user } = useSuspenseQuery(adminUserQueryOptions(userId))
  const { user: me } = useSessionView()
  return (
    <>
      <PageHeader
        title={user.name}
        description={user.email}
        actions={
          <Link to="/app/admin/users" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            ← Usuários
          </Link>
        }
      />
      <div className="stack">
        <Card>
          <h2 className={styles.cardTitle}>Dados</h2>
          <DescriptionList
            items={[
              { term: 'Nome', value: user.name },
              { term: 'E-mail', value: user.email },
              { term: 'Celular', value: user.phone ?? 'Não informado' },
              {
                term: 'Papéis',
                value: rolesSummary(user.roles, user.companies.length),
              },
              {
                term: 'Acesso',
                value: user.disabled ? (
                  <Badge tone="danger">{userAccessLabels.blocked}</Badge>
                ) : (
                  <Badge tone="success">{userAccessLabels.active}</Badge>
                ),
              },
              {
                term: 'Último acesso',
                value: user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Nunca entrou',
              },
              { term: 'Criado em', value: formatDate(user.createdAt) },
              { term: 'Código de indicação', value: user.referralCode },
              { term: 'Indicado por', value: user.indicatedBy ?? 'Ninguém' },
            ]}
          />
        </Card>
        <Card>
          <h2 className={styles.cardTitle}>Empresas</h2>
          {user.companyRefs.length > 0 ? (
            <ul className={styles.plainList}>
              {user.companyRefs.map((company) => (
                <li key={company.id}>
                  <Link to="/app/admin/companies/$companyId" params={{ companyId: company.id }}>
                    {companyLabel(company)}
                  </Link>{' '}
                  <CompanyStatusBadge status={company.status} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nenhuma empresa.</p>
          )}
        </Card>
        <Card>
          <h2 className={styles.cardTitle}>Acesso</h2>
          <UserAccessForm
            key={JSON.stringify([user.roles, user.companies])}
            user={user}
            currentUserId={me?.uid ?? null}
          />
        </Card>
      </div>
    </>
  )
}

/** Roles and companies; saved together with PATCH /users/{id}. */
export function UserAccessForm({
  user,
  currentUserId,
}: {
  user: AdminUserDetail
  /** Who is signed in: their own system-admin role cannot be taken away here. */
  currentUserId: string | null
}) {
  const update = useUpdateUserAccess()
  const [failure, setFailure] = useState<string | null>(null)
  const isMe = currentUserId === user.id
  const locked: Role[] = isMe && user.roles.includes('system-admin') ? ['system-admin'] : []
  const form = useForm<UserAccessValues, unknown, UserAccessOutput>({
    resolver: zodResolver(userAccessFormSchema),
    defaultValues: { roles: user.roles, companies: user.companyRefs },
  })
  const { errors, isSubmitting, isDirty } = form.formState

  const submit = form.handleSubmit(async (access) => {
    setFailure(null)
    try {
      await update.mutateAsync({ userId: user.id, access })
      notify.success(`Acesso de ${user.name} salvo.`)
    } catch (error) {
      if (!showServerIssues(form.setError, error, ['roles', 'companies']))
        setFailure(error instanceof Error ? error.message : String(error))
    }
  })

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Acesso">
      {failure && <Alert tone="danger" title={failure} />}
      <Controller
        control={form.control}
        name="roles"
        render={({ field, fieldState }) => (
          <RoleChoices
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            locked={locked}
            lockedHint={userMessages.ownAdminRole}
          />
        )}
      />
      <Controller
        control={form.control}
        name="companies"
        render={({ field }) => (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Empresas</legend>
            {field.value.length > 0 ? (
              <ul className={styles.plainList}>
                {field.value.map((company) => (
                  <li key={company.id} className={styles.chosen}>
                    <span>{companyLabel(company)}</span>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remover ${companyLabel(company)}`}
                      onClick={() =>
                        field.onChange(field.value.filter((other) => other.id !== company.id))
                      }
                    >
                      Remover
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Nenhuma empresa: a pessoa não vê dados de clientes.</p>
            )}
            <CompanyPicker
              label="Adicionar empresa"
              exclude={field.value.map((company) => company.id)}
              error={errors.companies?.message}
              onSelect={(company) => field.onChange([...field.value, company])}
            />
          </fieldset>
        )}
      />
      <div className="row">
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          Salvar acesso
        </Button>
        {isDirty && (
          <Button variant="secondary" onClick={() => form.reset()} disabled={isSubmitting}>
            Desfazer
          </Button>
        )}
      </div>
    </form>
  )
}
