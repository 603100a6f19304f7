import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { leadCreateSchema } from '@/schemas/lead'
import { formatMoney } from '@/lib/format'
import { showServerIssues } from '@/services/api'
import { createLead } from '@/services/site/leads/api'
import { rememberTrack, signUpHref } from '@/services/site/links/signup'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { notify } from '@/ui/notify'
import { LeadFormFrame } from './LeadFormFrame'
import styles from './LeadForm.module.css'
import {
  planLabel,
  type LeadFormHandover,
  type LeadFormProps,
  type LeadFormValues,
} from './lead-form-types'

// The lead form (docs/product.md §3 "Lead", section 5): name, e-mail ('E-mail inválido'), a mobile
// with the imask mask (at least 17 formatted characters, 'Celular inválido'), the plan; POST
// /leads; a success toast. The rules are the server's own schema, so messages match word for word.

const formSchema = leadCreateSchema.pick({ name: true, email: true, phone: true, planId: true })

export const LEAD_SUCCESS_MESSAGE =
  'Recebemos seu contato! Um contador vai falar com você em até um dia útil.'

export function LeadForm({
  title,
  text,
  submitLabel,
  source,
  track,
  plans,
  handover,
}: LeadFormProps & { handover?: LeadFormHandover }) {
  const [sent, setSent] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LeadFormValues>({
    defaultValues: handover?.values,
    resolver: zodResolver(formSchema) as never,
    mode: 'onTouched',
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      await createLead({
        name: values.name,
        email: values.email,
        phone: values.phone || undefined,
        planId: values.planId || null,
        source,
        ...(track ? { track } : {}),
      })
      if (track) rememberTrack(track)
      notify.success(LEAD_SUCCESS_MESSAGE)
      setSent(values.name.trim().split(/\s+/)[0] ?? values.name)
      reset({ name: '', email: '', phone: '', planId: '' })
    } catch (error) {
      showServerIssues(setError, error, ['name', 'email', 'phone', 'planId'], { focus: false })
      setFailure(
        error instanceof Error && error.message
          ? error.message
          : 'Não foi possível enviar agora. Tente de novo em instantes.',
      )
    }
  })

  // Takes over from the light form: the field the visitor was in keeps the focus, and a send
  // pressed before this form loaded goes through now.
  useEffect(() => {
    if (!handover) return
    if (handover.focus) {
      setFocus(handover.focus.name)
      const element = document.activeElement
      const at = handover.focus.selection
      if (element instanceof HTMLInputElement && at !== null && element.type !== 'email')
        element.setSelectionRange(at, at)
    }
    if (handover.submit) void onSubmit()
    // Only once, when this form replaces the light one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (sent)
    return (
      <LeadFormFrame title={title} text="">
        <div className={styles.success} role="status">
          <h3>Obrigado, {sent}!</h3>
          <p>{LEAD_SUCCESS_MESSAGE}</p>
          <p>Se preferir, já pode criar sua conta e começar agora mesmo.</p>
          <a className={styles.successLink} href={signUpHref(track)}>
            Criar minha conta
          </a>
          <Button variant="ghost" onClick={() => setSent(null)}>
            Enviar outro contato
          </Button>
        </div>
      </LeadFormFrame>
    )

  return (
    <LeadFormFrame title={title} text={text}>
      <form
        className={styles.form}
        aria-label={title || 'Fale com um contador'}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <TextField
          label="Nome"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <MaskedFormField
          control={control}
          name="phone"
          label="Celular"
          mask="mobile"
          autoComplete="tel-national"
          placeholder="+55 (11) 91234-5678"
          hint="Opcional, para falarmos por WhatsApp"
        />
        {plans.length > 0 && (
          <SelectField
            label="Plano de interesse"
            options={plans.map((plan) => ({ value: plan.id, label: planLabel(plan, formatMoney) }))}
            placeholder="Ainda não sei"
            error={errors.planId?.message}
            {...register('planId')}
          />
        )}
        {failure && <Alert tone="danger">{failure}</Alert>}
        <Button type="submit" variant="accent" size="lg" block loading={isSubmitting}>
          {submitLabel}
        </Button>
        <p className={styles.legal}>Usamos seus dados só para responder ao seu pedido. Sem spam.</p>
      </form>
    </LeadFormFrame>
  )
}
