import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { roles, type Role } from '@/schemas/claims'
import type { CompanyRef } from '@/schemas/company'
import type { AdminUserCreated } from '@/schemas/user'
import { useCreateAdminUser } from '@/services/back-office'
import { Button, buttonClass } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { ErrorSummary } from '@/ui/ErrorSummary'
import { Alert } from '@/ui/Feedback'
import { CheckboxField, TextField } from '@/ui/Field'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { notify } from '@/ui/notify'
import { roleLabels } from '@/schemas/glossary'
import { CompanyPicker, companyLabel } from './CompanyPicker'
import { errorSummaryItems, saveFailureOf } from './form-errors'
import {
  createUserFieldLabels,
  createUserFormSchema,
  type CreateUserOutput,
  type CreateUserValues,
} from './user-form'
import styles from './BackOffice.module.css'

const fields = Object.keys(createUserFieldLabels)

/**
 * "Novo usuário" (POST /admin/users): name, e-mail, mobile (mask), roles (company admin
 * preselected) and a company. Then the sign-in link the server made for the person, to copy and
 * send them (there is no e-mail here).
 */
export function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [created, setCreated] = useState<AdminUserCreated | null>(null)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) setCreated(null)
      }}
      title={created ? 'Acesso criado' : 'Novo usuário'}
      description={
        created
          ? `${created.name} já pode entrar com o link abaixo.`
          : 'Quem vai acessar a Contabil: o papel diz o que pode fazer, a empresa o que pode ver.'
      }
    >
      {created ? (
        <CreatedUser user={created} onClose={() => onOpenChange(false)} />
      ) : (
        <CreateUserForm onCreated={setCreated} onCancel={() => onOpenChange(false)} />
      )}
    </Dialog>
  )
}

export function CreateUserForm({
  onCreated,
  onCancel,
}: {
  onCreated: (user: AdminUserCreated) => void
  onCancel: () => void
}) {
  const create = useCreateAdminUser()
  const [failure, setFailure] = useState<string | null>(null)
  const [company, setCompany] = useState<CompanyRef | null>(null)
  const form = useForm<CreateUserValues, unknown, CreateUserOutput>({
    resolver: zodResolver(createUserFormSchema),
    defaultValues: { name: '', email: '', phone: '', roles: ['company-admin'], companyId: '' },
  })
  const { errors, isSubmitting, submitCount } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const user = await create.mutateAsync(values)
      notify.success(`Acesso de ${user.name} criado.`)
      onCreated(user)
    } catch (error) {
      setFailure(saveFailureOf(form.setError, error, { fields, conflictField: 'email' }))
    }
  })

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Novo usuário">
      <ErrorSummary
        items={errorSummaryItems(errors, createUserFieldLabels)}
        attempt={submitCount}
        onSelect={(key) => form.setFocus(key as keyof CreateUserValues)}
      />
      {failure && <Alert tone="danger" title={failure} />}
      <TextField
        label="Nome completo"
        required
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="E-mail"
        type="email"
        required
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <MaskedFormField
        control={form.control}
        name="phone"
        label="Celular"
        mask="mobile"
        placeholder="+55 (11) 91234-5678"
        hint="Opcional. DDD e número, 11 dígitos."
      />
      <Controller
        control={form.control}
        name="roles"
        render={({ field, fieldState }) => (
          <RoleChoices
            value={field.value ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="companyId"
        render={({ field, fieldState }) =>
          company ? (
            <div className={styles.chosen}>
              <span className={styles.chosenLabel}>Empresa</span>
              <span>{companyLabel(company)}</span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setCompany(null)
                  field.onChange('')
                }}
              >
                Trocar empresa
              </Button>
            </div>
          ) : (
            <CompanyPicker
              label="Empresa"
              name={field.name}
              hint="Opcional: a empresa que a pessoa acessa. Mais empresas depois, no detalhe."
              error={fieldState.error?.message}
              onSelect={(picked) => {
                setCompany(picked)
                field.onChange(picked.id)
              }}
            />
          )
        }
      />
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Criar acesso
        </Button>
      </div>
    </form>
  )
}

/** The roles as checkboxes; the caller's rules decide what may change. */
export function RoleChoices({
  value,
  onChange,
  error,
  locked = [],
  lockedHint,
}: {
  value: readonly Role[]
  onChange: (roles: Role[]) => void
  error?: string | undefined
  /** Roles that cannot be taken away here (kept checked and disabled). */
  locked?: readonly Role[]
  lockedHint?: string
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Papéis</legend>
      {roles.map((role) => (
        <CheckboxField
          key={role}
          label={roleLabels[role]}
          checked={value.includes(role)}
          disabled={locked.includes(role)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? roles.filter((r) => r === role || value.includes(r))
                : value.filter((r) => r !== role),
            )
          }
        />
      ))}
      {locked.length > 0 && lockedHint && <p className={styles.fieldHint}>{lockedHint}</p>}
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The new person and their sign-in link, to copy. */
function CreatedUser({ user, onClose }: { user: AdminUserCreated; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const link = user.signInLink
  return (
    <div className="stack">
      {link ? (
        <>
          <p>
            Envie este link para <strong>{user.email}</strong>: ele abre a Contabil já com a pessoa
            conectada (vale uma vez). Depois ela pode criar uma senha em “Esqueci minha senha”.
          </p>
          <TextField
            label="Link de acesso"
            value={link}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <div className="row">
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard.writeText(link).then(
                  () => setCopied(true),
                  () => notify.error('Não foi possível copiar: selecione o link e copie.'),
                )
              }
            >
              {copied ? 'Link copiado' : 'Copiar link'}
            </Button>
          </div>
        </>
      ) : (
        <Alert tone="warning" title="O link de acesso não pôde ser gerado agora">
          A pessoa pode entrar pela página de login, em “Entrar com link por e-mail” ou “Esqueci
          minha senha”, com {user.email}.
        </Alert>
      )}
      <div className={styles.dialogActions}>
        <Link
          to="/app/admin/users/$userId"
          params={{ userId: user.id }}
          className={buttonClass({ variant: 'secondary' })}
          onClick={onClose}
        >
          Ver usuário
        </Link>
        <Button onClick={onClose}>Concluir</Button>
      </div>
    </div>
  )
}
