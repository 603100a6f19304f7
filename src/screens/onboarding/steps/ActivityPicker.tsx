import { useId, useState, type KeyboardEvent } from 'react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useFieldArray, useFormState } from 'react-hook-form'
import { intentSchema } from '@/schemas/assistant'
import { formatCnaeCode } from '@/schemas/slug'
import { useMatchCnaes } from '@/services/onboarding'
import { cnaeQueryOptions, cnaeSearchQueryOptions } from '@/services/site'
import { Button } from '@/ui/Button'
import { Badge } from '@/ui/Feedback'
import { FieldShell, TextAreaField, controlClass } from '@/ui/Field'
import { fieldAnchorId, type StepControl } from '../step-form'
import { useDebouncedValue } from '../use-debounced-value'
import {
  MAX_ACTIVITIES,
  type ActivityValue,
  type PreRegistrationValues,
} from './pre-registration-values'
import styles from './ActivityPicker.module.css'

/** The chosen activities with their text and MEI rule, looked up where a stored step has codes. */
export function useActivityFacts(activities: readonly ActivityValue[]): ActivityValue[] {
  const lookups = useQueries({
    queries: activities.map((activity) => ({
      ...cnaeQueryOptions(activity.code),
      enabled: !activity.text || activity.isAllowedMei === null,
    })),
  })
  return activities.map((activity, index) => {
    const found = lookups[index]?.data
    return {
      code: activity.code,
      text: activity.text || found?.text || '',
      isAllowedMei: activity.isAllowedMei ?? found?.isAllowedMei ?? null,
    }
  })
}

const MeiBadge = ({ allowed }: { allowed: boolean | null }) =>
  allowed === null ? null : allowed ? (
    <Badge tone="success">Permite MEI</Badge>
  ) : (
    <Badge tone="neutral">Não permite MEI</Badge>
  )

/**
 * Activities (CNAE): a main one and up to 19 secondary, from a typeahead over `/cnaes` or from the
 * assistant's suggestions for "what your company does". The first is the main activity.
 */
export function ActivityPicker({ control }: { control: StepControl<PreRegistrationValues> }) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'activities' })
  const { errors } = useFormState({ control, name: 'activities' })
  const facts = useActivityFacts(fields)
  const chosen = new Set(fields.map((field) => field.code))
  const full = fields.length >= MAX_ACTIVITIES
  const add = (activity: ActivityValue) => {
    if (chosen.has(activity.code) || full) return
    append(activity, { shouldFocus: false })
  }
  const listError = errors.activities?.message ?? errors.activities?.root?.message
  const secondary = Math.max(0, fields.length - 1)

  return (
    <>
      <CnaeSearchBox chosen={chosen} full={full} onAdd={add} />
      <LucaActivities chosen={chosen} full={full} onAdd={add} />
      <div>
        <h3 id={fieldAnchorId('activities')} tabIndex={-1} className="visually-hidden">
          Atividades escolhidas
        </h3>
        <p className="muted" role="status">
          {fields.length === 0
            ? 'Nenhuma atividade escolhida ainda: a primeira que você escolher será a principal.'
            : `1 atividade principal e ${secondary} secundária${secondary === 1 ? '' : 's'} (até ${MAX_ACTIVITIES - 1}).`}
        </p>
        {listError && (
          <p className={styles.error} role="alert">
            {listError}
          </p>
        )}
        {fields.length > 0 && (
          <ol className={styles.chosen} aria-label="Atividades escolhidas">
            {fields.map((field, index) => {
              const fact = facts[index]!
              const itemError = errors.activities?.[index]?.message
              return (
                <li key={field.id} className={styles.chosenItem} data-invalid={Boolean(itemError)}>
                  <div className={styles.chosenText}>
                    <span className={styles.badges}>
                      <Badge tone={index === 0 ? 'info' : 'neutral'}>
                        {index === 0 ? 'Principal' : 'Secundária'}
                      </Badge>
                      <MeiBadge allowed={fact.isAllowedMei} />
                    </span>
                    <span>
                      <span className={styles.code}>{formatCnaeCode(fact.code)}</span>{' '}
                      {fact.text || 'Carregando a descrição…'}
                    </span>
                    {itemError && (
                      <span className={styles.error} role="alert">
                        {itemError}
                      </span>
                    )}
                  </div>
                  <div className={styles.chosenActions}>
                    {index > 0 && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => move(index, 0)}
                        aria-label={`Tornar principal: ${fact.text || formatCnaeCode(fact.code)}`}
                      >
                        Tornar principal
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => remove(index)}
                      aria-label={`Remover ${fact.text || formatCnaeCode(fact.code)}`}
                    >
                      Remover
                    </Button>
                  </div>
                </li>
              )
            })}
          </ol>
        )}
      </div>
    </>
  )
}

/** The typeahead over `GET /cnaes` (code or words), as an ARIA combobox. */
function CnaeSearchBox({
  chosen,
  full,
  onAdd,
}: {
  chosen: ReadonlySet<string>
  full: boolean
  onAdd: (activity: ActivityValue) => void
}) {
  const id = useId()
  const listId = `${id}-list`
  const [term, setTerm] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const search = useDebouncedValue(term.trim(), 250)
  const enabled = search.length >= 2
  const results = useQuery({
    ...cnaeSearchQueryOptions({ search, limit: 8, isActive: true }),
    enabled,
  })
  const options = enabled && results.data && term.trim() === search ? results.data.data : []
  const expanded = open && options.length > 0

  const choose = (index: number) => {
    const cnae = options[index]
    if (!cnae || chosen.has(cnae.code) || full) return
    onAdd({ code: cnae.code, text: cnae.text, isAllowedMei: cnae.isAllowedMei })
    setTerm('')
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((current) => Math.min(current + 1, options.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((current) => Math.max(current - 1, 0))
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted activity; it never submits the step.
      event.preventDefault()
      if (expanded && active >= 0) choose(active)
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  let status =
    'Digite ao menos 2 letras ou o código. Use as setas para escolher e Enter para adicionar.'
  if (full) status = `Você já escolheu ${MAX_ACTIVITIES} atividades: remova uma para trocar.`
  else if (enabled && results.isError)
    status = 'Não foi possível buscar atividades agora. Tente de novo.'
  else if (enabled && (results.isFetching || term.trim() !== search))
    status = 'Buscando atividades…'
  else if (enabled && options.length === 0)
    status = `Nenhuma atividade encontrada para “${search}”.`
  else if (enabled)
    status = `${options.length} atividade${options.length === 1 ? '' : 's'} encontrada${options.length === 1 ? '' : 's'}.`

  return (
    <FieldShell label="Buscar atividade (CNAE)" hint={undefined}>
      {({ id: inputId }) => (
        <div className={styles.combo}>
          <input
            id={inputId}
            className={controlClass}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-describedby={`${listId}-status`}
            autoComplete="off"
            placeholder="Ex.: desenvolvimento de software, 6201-5/01"
            value={term}
            disabled={full}
            onChange={(event) => {
              setTerm(event.target.value)
              setOpen(true)
              setActive(-1)
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            onFocus={() => setOpen(true)}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Atividades encontradas"
            className={styles.listbox}
            hidden={!expanded}
          >
            {options.map((cnae, index) => {
              const taken = chosen.has(cnae.code)
              return (
                <li
                  key={cnae.code}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  aria-disabled={taken || undefined}
                  className={styles.option}
                  // Keep the focus in the input: the click still chooses.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(index)}
                >
                  <span className={styles.code}>{formatCnaeCode(cnae.code)}</span>
                  <span className={styles.optionText}>
                    {cnae.text}
                    {taken && ' (já escolhida)'}
                  </span>
                  {cnae.isAllowedMei && <Badge tone="success">MEI</Badge>}
                </li>
              )
            })}
          </ul>
          <p id={`${listId}-status`} className={styles.status} role="status">
            {status}
          </p>
          {enabled && results.isError && (
            <Button size="sm" variant="secondary" onClick={() => void results.refetch()}>
              Tentar de novo
            </Button>
          )}
        </div>
      )}
    </FieldShell>
  )
}

/** The assistant: CNAE suggestions for a description in the person's own words. */
function LucaActivities({
  chosen,
  full,
  onAdd,
}: {
  chosen: ReadonlySet<string>
  full: boolean
  onAdd: (activity: ActivityValue) => void
}) {
  const [intent, setIntent] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const match = useMatchCnaes()
  const ask = () => {
    const parsed = intentSchema.safeParse(intent)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Descreva a atividade.')
      return
    }
    setProblem(null)
    match.mutate({ intent: parsed.data, limit: 8 })
  }
  const suggestions = match.data ?? []
  return (
    <section className={styles.assistant} aria-labelledby="luca-atividades">
      <h3 id="luca-atividades">Não sabe o código? O Luca sugere</h3>
      <TextAreaField
        label="Descreva o que sua empresa faz"
        hint="Ex.: vendo bolos e doces por encomenda e pela internet."
        value={intent}
        rows={2}
        maxLength={500}
        onChange={(event) => setIntent(event.target.value)}
        error={problem ?? undefined}
      />
      <div className="row">
        <Button variant="secondary" onClick={ask} loading={match.isPending}>
          Sugerir atividades
        </Button>
      </div>
      <div role="status">
        {match.isError && <p className={styles.error}>{match.error.message}</p>}
        {match.isSuccess && suggestions.length === 0 && (
          <p>Nenhuma sugestão para essa descrição. Tente outras palavras ou busque acima.</p>
        )}
        {suggestions.length > 0 && (
          <p>{suggestions.length} sugestões, da mais provável para a menos:</p>
        )}
      </div>
      {suggestions.length > 0 && (
        <ol className={styles.suggestions} aria-label="Sugestões do Luca">
          {suggestions.map((suggestion) => {
            const taken = chosen.has(suggestion.code)
            return (
              <li key={suggestion.code} className={styles.suggestion}>
                <span className={styles.chosenText}>
                  <span>
                    <span className={styles.code}>{suggestion.formatted}</span> {suggestion.text}
                  </span>
                  <span className={styles.badges}>
                    <Badge tone="info">{Math.round(suggestion.score * 100)}% de afinidade</Badge>
                    <MeiBadge allowed={suggestion.isAllowedMei} />
                  </span>
                </span>
                <Button
                  size="sm"
                  variant={taken ? 'ghost' : 'secondary'}
                  disabled={taken || full}
                  aria-label={
                    taken ? `Já adicionada: ${suggestion.text}` : `Adicionar ${suggestion.text}`
                  }
                  onClick={() =>
                    onAdd({
                      code: suggestion.code,
                      text: suggestion.text,
                      isAllowedMei: suggestion.isAllowedMei,
                    })
                  }
                >
                  {taken ? 'Adicionada' : 'Adicionar'}
                </Button>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
