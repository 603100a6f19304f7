import { useEffect, useState } from 'react'
import { Controller } from 'react-hook-form'
import { intentSchema } from '@/schemas/assistant'
import { companySizeLabels, companyTypeLabels, type Company } from '@/schemas/company'
import { formatCnaeCode } from '@/schemas/slug'
import { ME_ANNUAL_LIMIT, MEI_ANNUAL_LIMIT, SIMPLES_CEILING } from '@/kernel/tax/facts'
import { formatMoney } from '@/lib/format'
import { useSuggestAliases } from '@/services/onboarding'
import { AddressFields } from '@/screens/address'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { RadioCards, type RadioCardOption } from '@/ui/RadioCards'
import { StepFormFrame, StepSection, frameStyles } from '../StepFrame'
import { fieldAnchorId, useStepForm } from '../step-form'
import { ActivityPicker, useActivityFacts } from './ActivityPicker'
import styles from './ActivityPicker.module.css'
import {
  preRegistrationLabelOf,
  preRegistrationPayloadOf,
  preRegistrationValuesOf,
  type ActivityValue,
  type PreRegistrationValues,
} from './pre-registration-values'
import type { StepContext } from './step-context'

type CompanyType = NonNullable<Company['type']>
type CompanySize = NonNullable<Company['size']>

const typeOptions: RadioCardOption<CompanyType>[] = [
  {
    value: 'on_person',
    label: companyTypeLabels.on_person,
    description:
      'Um único dono, sem separação entre os bens pessoais e os da empresa. É a natureza do MEI.',
  },
  {
    value: 'limited_liability',
    label: companyTypeLabels.limited_liability,
    description:
      'Um único sócio, com os bens pessoais protegidos e sem capital mínimo. Substituiu a EIRELI em 2021 (Lei 14.195/2021).',
  },
  {
    value: 'private_limited',
    label: companyTypeLabels.private_limited,
    description: 'Dois ou mais sócios; cada um responde até o valor da sua parte no capital.',
  },
]

const sizeDescriptions: Record<Exclude<CompanySize, 'GE'>, string> = {
  MEI: `Faturamento de até ${formatMoney(MEI_ANNUAL_LIMIT)} por ano, um único dono e no máximo um funcionário.`,
  ME: `Microempresa: faturamento de até ${formatMoney(ME_ANNUAL_LIMIT)} por ano.`,
  EPP: `Empresa de pequeno porte: até ${formatMoney(SIMPLES_CEILING)} por ano.`,
  EMP: `Acima de ${formatMoney(SIMPLES_CEILING)} por ano.`,
}

/**
 * Whether MEI can be offered (docs/tax-rules.md "MEI": an empresário individual, one owner, every
 * activity on the MEI list), and why not, in the person's terms.
 */
export function meiAvailability(
  type: CompanyType | '',
  activities: readonly ActivityValue[],
): { allowed: boolean; known: boolean; reasons: string[] } {
  const reasons: string[] = []
  if (type !== 'on_person')
    reasons.push('o MEI tem um único dono e é empresário individual: escolha essa natureza acima')
  if (activities.length === 0) reasons.push('escolha as atividades primeiro')
  for (const activity of activities)
    if (activity.isAllowedMei === false)
      reasons.push(
        `a atividade ${formatCnaeCode(activity.code)}${activity.text ? ` (${activity.text})` : ''} não pode ser exercida por MEI`,
      )
  const known = activities.every((activity) => activity.isAllowedMei !== null)
  return { allowed: known && reasons.length === 0, known, reasons }
}

/** Step 1 of the opening: names, alias, activities, address, legal type and size. */
export function PreRegistrationStep({ context }: { context: StepContext }) {
  const stepForm = useStepForm<PreRegistrationValues>({
    context,
    valuesOf: preRegistrationValuesOf,
    payloadOf: preRegistrationPayloadOf,
    labelOf: preRegistrationLabelOf,
  })
  const { form } = stepForm
  const { errors, submitCount } = form.formState
  const type = form.watch('type')
  const size = form.watch('size')
  const facts = useActivityFacts(form.watch('activities'))
  const mei = meiAvailability(type, facts)

  // MEI stops being a choice when an activity or the type rules it out: the size is asked again.
  useEffect(() => {
    if (size === 'MEI' && mei.known && !mei.allowed)
      form.setValue('size', '', { shouldDirty: true, shouldValidate: submitCount > 0 })
  }, [size, mei.known, mei.allowed, form, submitCount])

  const sizeOptions: RadioCardOption<CompanySize>[] = (['MEI', 'ME', 'EPP', 'EMP'] as const)
    .filter((value) => value !== 'MEI' || mei.allowed)
    .map((value) => ({
      value,
      label: companySizeLabels[value],
      description: sizeDescriptions[value],
    }))
  const namesError = errors.names?.message ?? errors.names?.root?.message

  return (
    <StepFormFrame stepForm={stepForm} context={context}>
      <StepSection title="Nome da empresa" anchorId={fieldAnchorId('names')}>
        <p className="muted">
          Até três opções de razão social, na ordem de preferência: a Junta Comercial registra a
          primeira que estiver livre.
        </p>
        <div className={frameStyles.row}>
          <TextField
            label="1ª opção (preferida)"
            required
            autoComplete="organization"
            error={errors.names?.[0]?.message}
            {...form.register('names.0')}
          />
          <TextField
            label="2ª opção"
            hint="Opcional."
            autoComplete="off"
            error={errors.names?.[1]?.message}
            {...form.register('names.1')}
          />
          <TextField
            label="3ª opção"
            hint="Opcional."
            autoComplete="off"
            error={errors.names?.[2]?.message}
            {...form.register('names.2')}
          />
        </div>
        {namesError && (
          <p className={styles.error} role="alert">
            {namesError}
          </p>
        )}
        <TextField
          label="Nome fantasia"
          required
          hint="O nome que seus clientes conhecem (pode ser diferente da razão social)."
          autoComplete="off"
          error={errors.alias?.message}
          {...form.register('alias')}
        />
        <AliasIdeas
          onUse={(alias) =>
            form.setValue('alias', alias, {
              shouldDirty: true,
              shouldValidate: submitCount > 0,
            })
          }
        />
      </StepSection>

      <StepSection title="Atividades (CNAE)">
        <ActivityPicker control={form.control} />
      </StepSection>

      <AddressFields control={form.control} name="address" legend="Endereço da empresa" />

      <StepSection title="Natureza jurídica" anchorId={fieldAnchorId('type')}>
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <RadioCards<CompanyType>
              legend="Como a empresa será registrada"
              name="tipo-empresa"
              value={field.value || undefined}
              onChange={field.onChange}
              options={typeOptions}
              required
              error={errors.type?.message}
            />
          )}
        />
      </StepSection>

      <StepSection title="Porte" anchorId={fieldAnchorId('size')}>
        <Controller
          control={form.control}
          name="size"
          render={({ field }) => (
            <RadioCards<CompanySize>
              legend="Quanto a empresa deve faturar por ano"
              name="porte-empresa"
              value={field.value || undefined}
              onChange={field.onChange}
              options={sizeOptions}
              required
              error={errors.size?.message}
            />
          )}
        />
        {!mei.allowed && mei.known && (
          <Alert tone="info" title="Por que o MEI não aparece">
            MEI não está disponível porque {mei.reasons.join('; ')}.
          </Alert>
        )}
      </StepSection>
    </StepFormFrame>
  )
}

/** Trade-name ideas from the assistant, for a description of the business. */
function AliasIdeas({ onUse }: { onUse: (alias: string) => void }) {
  const [intent, setIntent] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const suggest = useSuggestAliases()
  const ask = () => {
    const parsed = intentSchema.safeParse(intent)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Descreva o negócio.')
      return
    }
    setProblem(null)
    suggest.mutate({ intent: parsed.data, limit: 6 })
  }
  const ideas = suggest.data ?? []
  return (
    <section className={styles.assistant} aria-labelledby="luca-nomes">
      <h3 id="luca-nomes">Sem ideias para o nome fantasia?</h3>
      <TextField
        label="Descreva o negócio em poucas palavras"
        hint="Ex.: conserto de celulares no centro."
        value={intent}
        maxLength={500}
        onChange={(event) => setIntent(event.target.value)}
        error={problem ?? undefined}
      />
      <div className="row">
        <Button variant="secondary" onClick={ask} loading={suggest.isPending}>
          Sugerir nomes
        </Button>
      </div>
      <div role="status">
        {suggest.isError && <p className={styles.error}>{suggest.error.message}</p>}
        {suggest.isSuccess && ideas.length === 0 && (
          <p>Nenhuma ideia para essa descrição: tente contar mais sobre o negócio.</p>
        )}
      </div>
      {ideas.length > 0 && (
        <ul className={styles.suggestions} aria-label="Sugestões de nome fantasia">
          {ideas.map((idea) => (
            <li key={idea.name} className={styles.suggestion}>
              <span className={styles.chosenText}>{idea.name}</span>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onUse(idea.name)}
                aria-label={`Usar ${idea.name}`}
              >
                Usar este nome
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
