import { useEffect, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { formatMoney } from '@/lib/format'
import { Button } from '@/ui/Button'
import { SelectField, TextField } from '@/ui/Field'
import styles from './LeadForm.module.css'
import { LeadFormFrame } from './LeadFormFrame'
import {
  emptyLeadValues,
  planLabel,
  type LeadFormHandover,
  type LeadFormProps,
  type LeadFormValues,
} from './lead-form-types'

// The lead form is visible as soon as the page is, but its validation, mask and submission
// (react-hook-form, zod, imask) load only when the visitor reaches for it: pointing at it,
// focusing a field or pressing send. Until then this light form, with the same fields and look,
// stands in; whatever was typed carries over. On a prerendered page the light form is plain HTML
// until the visitor reaches for it; then this component takes it over (`upgradeNow`) and loads
// the full form at once.

type FullForm = typeof import('./LeadForm')
let loading: Promise<FullForm> | null = null
const loadFullForm = () => (loading ??= import('./LeadForm'))

const fieldNames: (keyof LeadFormValues)[] = ['name', 'email', 'phone', 'planId']

function readForm(form: HTMLFormElement | null): LeadFormHandover['values'] {
  if (!form) return emptyLeadValues
  const data = new FormData(form)
  const value = (name: string) => String(data.get(name) ?? '')
  return {
    name: value('name'),
    email: value('email'),
    phone: value('phone'),
    planId: value('planId'),
  }
}

export function LeadFormSlot({
  upgradeNow = false,
  ...props
}: LeadFormProps & { upgradeNow?: boolean }) {
  const formRef = useRef<HTMLFormElement>(null)
  const submitRequested = useRef(false)
  const [full, setFull] = useState<{ module: FullForm; handover: LeadFormHandover } | null>(null)

  const upgrading = useRef(false)
  const upgrade = () => {
    if (upgrading.current) return
    upgrading.current = true
    void loadFullForm().then((module) => {
      const active = document.activeElement
      const focused =
        active instanceof HTMLInputElement || active instanceof HTMLSelectElement
          ? fieldNames.find((name) => name === active.name && formRef.current?.contains(active))
          : undefined
      // Read and swap in one go: a key pressed between reading the light form and rendering the
      // full one would otherwise be lost.
      flushSync(() =>
        setFull({
          module,
          handover: {
            values: readForm(formRef.current),
            focus: focused
              ? {
                  name: focused,
                  selection: active instanceof HTMLInputElement ? active.selectionStart : null,
                }
              : null,
            submit: submitRequested.current,
          },
        }),
      )
    })
  }

  useEffect(() => {
    if (upgradeNow) upgrade()
    // Only when this component takes over a prerendered form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (full) {
    const { LeadForm } = full.module
    return <LeadForm {...props} handover={full.handover} />
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    submitRequested.current = true
    upgrade()
  }

  return (
    <LeadFormFrame {...props}>
      <form
        ref={formRef}
        className={styles.form}
        aria-label={props.title || 'Fale com um contador'}
        noValidate
        onSubmit={submit}
        onFocus={upgrade}
        onPointerEnter={upgrade}
        onTouchStart={upgrade}
      >
        <TextField label="Nome" name="name" autoComplete="name" required />
        <TextField label="E-mail" name="email" type="email" autoComplete="email" required />
        <TextField
          label="Celular"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="+55 (11) 91234-5678"
          hint="Opcional, para falarmos por WhatsApp"
        />
        {props.plans.length > 0 && (
          <SelectField
            label="Plano de interesse"
            name="planId"
            defaultValue=""
            options={props.plans.map((plan) => ({
              value: plan.id,
              label: planLabel(plan, formatMoney),
            }))}
            placeholder="Ainda não sei"
          />
        )}
        <Button type="submit" variant="accent" size="lg" block>
          {props.submitLabel}
        </Button>
        <p className={styles.legal}>Usamos seus dados só para responder ao seu pedido. Sem spam.</p>
      </form>
    </LeadFormFrame>
  )
}
