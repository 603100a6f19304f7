import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import type { Company } from '@/schemas/company'
import { inviteCreateSchema } from '@/schemas/engagement'
import { ApiError } from '@/services/api'
import { useCreateInvite } from '@/services/account'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { Card } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import styles from './Account.module.css'

type InviteValues = z.input<typeof inviteCreateSchema>

/** Invites an e-mail to the current company; the form names the company. */
export function InviteForm({ company }: { company: Company }) {
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
