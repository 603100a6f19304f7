import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { formatDate } from '@/lib/format'
import { adminUsersQueryOptions } from '@/services/back-office'
import { companyQueryOptions } from '@/services/companies'
import { Button } from '@/ui/Button'
import { Badge } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { rolesSummary, userAccessLabels } from '@/schemas/glossary'
import { CompanyPicker, companyLabel } from './CompanyPicker'
import { CreateUserDialog } from './CreateUserDialog'
import { USERS_PAGE_SIZE, usersListInput, type UsersSearch } from './users-search'
import { UserName } from './user-name'
import styles from './BackOffice.module.css'
import { changeFrom } from '@/lib/search-change'

/**
 * /app/admin/users: who reaches the Contabil, 10 a page, by company and by name or e-mail (in
 * the URL); "Novo usuário" creates an access; a row opens the person.
 */
export function AdminUsersScreen({ search }: { search: UsersSearch }) {
  const navigate = useNavigate()
  const { data: users, isFetching } = useSuspenseQuery(
    adminUsersQueryOptions(usersListInput(search)),
  )
  const [creating, setCreating] = useState(false)
  const go = (next: Partial<UsersSearch>) =>
    void navigate({
      to: '/app/admin/users',
      search: changeFrom(search, { ...search, page: undefined, ...next }),
    })
  const filtered = Boolean(search.companyId || search.query)
  const page = search.page ?? 1

  return (
    <>
      <PageHeader
        title="Usuários"
        description="Quem acessa a Contabil: clientes e a contabilidade, com seus papéis e empresas."
        actions={<Button onClick={() => setCreating(true)}>Novo usuário</Button>}
      />
      <div className={styles.userFilters}>
        <CompanyFilter companyId={search.companyId} onChange={(companyId) => go({ companyId })} />
        <QueryFilter
          key={search.query ?? ''}
          query={search.query}
          onSubmit={(query) => go({ query })}
        />
      </div>
      <ListView
        summary={{
          noun: ['pessoa', 'pessoas'],
          unfiltered: ' no total',
          clear: <Link to="/app/admin/users">Limpar filtros</Link>,
        }}
        list={users}
        filtered={filtered}
        empty={{ title: 'Nenhum usuário' }}
        emptyFiltered={{
          title: 'Ninguém encontrado',
          description: 'Mude a empresa ou a busca e tente de novo.',
        }}
        pager={{
          page,
          pageSize: USERS_PAGE_SIZE,
          label: 'Páginas de usuários',
          onPage: (next) =>
            void navigate({
              to: '/app/admin/users',
              search: changeFrom(search, { ...search, page: next }),
            }),
        }}
      >
        <DataTable
          caption="Usuários"
          rows={users.data}
          loading={isFetching}
          rowKey={(user) => user.id}
          onRowClick={(user) =>
            void navigate({ to: '/app/admin/users/$userId', params: { userId: user.id } })
          }
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
              cell: (user) => (
                <div className={styles.badges}>
                  {user.roles.map((role) => (
                    <Badge key={role} tone={role === 'system-admin' ? 'info' : 'neutral'}>
                      {rolesSummary([role], user.companies.length)}
                    </Badge>
                  ))}
                  {user.disabled && <Badge tone="danger">{userAccessLabels.blocked}</Badge>}
                </div>
              ),
            },
            {
              key: 'companies',
              header: 'Empresas',
              cell: (user) =>
                user.companyRefs.length > 0 ? (
                  user.companyRefs.map((company) => company.alias ?? company.name).join(', ')
                ) : (
                  <span className="muted">Nenhuma</span>
                ),
            },
            { key: 'created', header: 'Criado em', cell: (user) => formatDate(user.createdAt) },
          ]}
        />
      </ListView>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
    </>
  )
}

/** The company filter: the chosen company by name, or a picker. */
function CompanyFilter({
  companyId,
  onChange,
}: {
  companyId: string | undefined
  onChange: (companyId: string | undefined) => void
}) {
  const company = useQuery({ ...companyQueryOptions(companyId ?? ''), enabled: Boolean(companyId) })
  if (!companyId)
    return <CompanyPicker label="Empresa" onSelect={(picked) => onChange(picked.id)} />
  return (
    <div className={styles.chosen}>
      <span className={styles.chosenLabel}>Empresa</span>
      <span>{company.data ? companyLabel(company.data) : 'Carregando…'}</span>
      <Button size="sm" variant="ghost" onClick={() => onChange(undefined)}>
        Todas as empresas
      </Button>
    </div>
  )
}

/** Name or e-mail, applied on "Buscar" (or Enter). */
function QueryFilter({
  query,
  onSubmit,
}: {
  query: string | undefined
  onSubmit: (query: string | undefined) => void
}) {
  const [text, setText] = useState(query ?? '')
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit(text.trim() || undefined)
  }
  return (
    <form
      className={styles.inlineForm}
      onSubmit={submit}
      role="search"
      aria-label="Buscar usuários"
    >
      <TextField
        label="Nome ou e-mail"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
      />
      <Button type="submit">Buscar</Button>
    </form>
  )
}
