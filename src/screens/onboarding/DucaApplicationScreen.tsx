import { useRef, useState } from 'react'
import { ducaStatusLabels } from '@/schemas/glossary'
import { Link } from '@tanstack/react-router'
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form'
import { useSuspenseQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { formatMobile, ufs, type Uf } from '@/schemas/brazil'
import { stateNames } from '@/schemas/city'
import {
  ducaKindLabels,
  ducaRegistrationSchema,
  DUCA_COMMISSION_RATE,
  type DucaPartner,
} from '@/schemas/engagement'
import { showServerIssues } from '@/services/api'
import { myDucaQueryOptions, useApplyDuca } from '@/services/partners'
import { useSessionView } from '@/services/session'
import { Button, buttonClass } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { ErrorSummary } from '@/ui/ErrorSummary'
import { CheckboxField, SelectField, TextField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { MaskedFormField } from '@/ui/MaskedFormField'
import { RadioCards } from '@/ui/RadioCards'
import { notify } from '@/ui/notify'
import { frameStyles } from './StepFrame'
import { errorItems } from './step-form'

type Kind = DucaPartner['kind']

type DucaValues = {
  kind: Kind | ''
  name: string
  document: string
  crc: string
  email: string
  phone: string
  city: string
  state: Uf | ''
  pixKey: string
  acceptTerms: boolean
}

const payloadOf = (values: DucaValues) => ({
  ...values,
  kind: values.kind || undefined,
  state: values.state || undefined,
  crc: values.kind === 'accountant' ? values.crc || null : null,
})

const labels: Record<string, string> = {
  kind: 'Tipo de parceiro',
  name: 'Nome completo',
  document: 'CPF ou CNPJ',
  crc: 'CRC',
  email: 'E-mail',
  phone: 'Celular',
  city: 'Cidade',
  state: 'Estado',
  pixKey: 'Chave Pix',
  acceptTerms: 'Termos do programa',
}

const ufOptions = ufs.map((uf) => ({ value: uf, label: `${uf} – ${stateNames[uf]}` }))
const commission = `${Math.round(DUCA_COMMISSION_RATE * 100)}%`

/**
 * /app/wizard/partners/duca: the application to the Duca partner programme (accountants and
 * business advisors who refer companies for a commission on their monthly fees). One per person:
 * someone who already applied sees their application instead.
 */
export function DucaApplicationScreen({ onDone }: { onDone: () => void }) {
  const { user } = useSessionView()
  const uid = user?.uid ?? ''
  const { data: application } = useSuspenseQuery(myDucaQueryOptions(uid))
  return (
    <>
      <PageHeader
        title="Cadastro no programa Duca"
        description={`Indique empresas para a Contabil e receba ${commission} de cada mensalidade que elas pagarem, na sua chave Pix.`}
      />
      {application ? (
        <Card className="stack">
          <Alert
            tone={application.status === 'rejected' ? 'warning' : 'info'}
            title={`Você já se cadastrou: ${ducaStatusLabels[application.status]}`}
          >
            Cada pessoa se cadastra uma vez. Acompanhe a análise e as empresas indicadas na página
            do programa.
          </Alert>
          <div className="row">
            <Link to="/app/partners/duca" className={buttonClass()}>
              Ver meu cadastro no Duca
            </Link>
          </div>
        </Card>
      ) : (
        <DucaForm
          uid={uid}
          person={{
            name: user?.displayName ?? '',
            email: user?.email ?? '',
            phone: user?.phoneNumber ?? null,
          }}
          onDone={onDone}
        />
      )}
    </>
  )
}

function DucaForm({
  uid,
  person,
  onDone,
}: {
  uid: string
  person: { name: string; email: string; phone: string | null }
  onDone: () => void
}) {
  const apply = useApplyDuca(uid)
  const busy = useRef(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm<DucaValues, unknown, z.output<typeof ducaRegistrationSchema>>({
    defaultValues: {
      kind: '',
      name: person.name,
      document: '',
      crc: '',
      email: person.email,
      phone: person.phone ? formatMobile(person.phone) : '',
      city: '',
      state: '',
      pixKey: '',
      acceptTerms: false,
    },
    resolver: zodResolver(
      z.preprocess(
        (values) => payloadOf(values as DucaValues),
        ducaRegistrationSchema,
      ) as unknown as z.ZodType<FieldValues, FieldValues>,
    ) as unknown as Resolver<DucaValues, unknown, z.output<typeof ducaRegistrationSchema>>,
    shouldFocusError: false,
  })
  const { errors, submitCount } = form.formState
  const kind = form.watch('kind')

  const submit = form.handleSubmit(async (values) => {
    if (busy.current) return
    busy.current = true
    setRefusal(null)
    try {
      await apply.mutateAsync(values)
      notify.success('Cadastro enviado! Avisamos por e-mail quando a análise terminar.')
      onDone()
    } catch (error) {
      const placed = showServerIssues(form.setError, error, Object.keys(labels), { focus: false })
      if (!placed)
        setRefusal(error instanceof Error ? error.message : 'Não foi possível enviar agora.')
    } finally {
      busy.current = false
    }
  })

  return (
    <form onSubmit={submit} noValidate aria-label="Cadastro no programa Duca">
      <Card className="stack">
        <ErrorSummary
          items={errorItems(errors, (path) => labels[path] ?? path)}
          attempt={submitCount}
          onSelect={(key) => form.setFocus(key as keyof DucaValues)}
        />
        {refusal && (
          <Alert tone="danger" title="Cadastro não enviado">
            {refusal}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <RadioCards<Kind>
              legend="Você é"
              name="tipo-parceiro"
              value={field.value || undefined}
              onChange={field.onChange}
              required
              error={errors.kind?.message}
              options={[
                {
                  value: 'accountant',
                  label: ducaKindLabels.accountant,
                  description:
                    'Com registro no CRC: indica clientes que quer passar para a Contabil.',
                },
                {
                  value: 'advisor',
                  label: ducaKindLabels.advisor,
                  description: 'Consultor, mentor ou parceiro de negócios de pequenas empresas.',
                },
              ]}
            />
          )}
        />
        <div className={frameStyles.row}>
          <TextField
            label="Nome completo"
            required
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label="CPF ou CNPJ"
            required
            autoComplete="off"
            hint="O seu CPF, ou o CNPJ do seu escritório."
            error={errors.document?.message}
            {...form.register('document')}
          />
          {kind === 'accountant' && (
            <TextField
              label="CRC"
              required
              autoComplete="off"
              placeholder="SP-123456/O-5"
              error={errors.crc?.message}
              {...form.register('crc')}
            />
          )}
          <TextField
            label="E-mail"
            type="email"
            inputMode="email"
            required
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <MaskedFormField
            control={form.control}
            name="phone"
            label="Celular"
            mask="mobile"
            placeholder="+55 (11) 91234-5678"
            autoComplete="tel"
            required
          />
          <TextField
            label="Cidade"
            required
            autoComplete="address-level2"
            error={errors.city?.message}
            {...form.register('city')}
          />
          <SelectField
            label="Estado"
            required
            placeholder="Selecione"
            options={ufOptions}
            autoComplete="address-level1"
            error={errors.state?.message}
            {...form.register('state')}
          />
          <TextField
            label="Chave Pix para a comissão"
            required
            autoComplete="off"
            hint="CPF, CNPJ, e-mail, celular ou chave aleatória."
            error={errors.pixKey?.message}
            {...form.register('pixKey')}
          />
        </div>
        <CheckboxField
          label={`Li e aceito os termos do programa Duca: comissão de ${commission} sobre as mensalidades pagas pelas empresas que eu indicar, paga por Pix todo mês.`}
          error={errors.acceptTerms?.message}
          {...form.register('acceptTerms')}
        />
        <div className="row">
          <Button type="submit" size="lg" loading={apply.isPending}>
            Enviar cadastro
          </Button>
          <Link to="/app/partners/duca" className={buttonClass({ variant: 'ghost' })}>
            Voltar para o programa
          </Link>
        </div>
      </Card>
    </form>
  )
}
