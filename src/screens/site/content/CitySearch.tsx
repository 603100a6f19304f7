import { useEffect, useId, useRef, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import type { City } from '@/schemas/city'
import { searchCities } from '@/services/site/cities/api'
import { ContentLink } from './ContentLink'
import { SearchForm } from './SearchForm'
import styles from './CitySearch.module.css'

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; cities: City[]; total: number }
  | { status: 'error'; message: string }

/**
 * Finds a municipality (GET /api/city-search, 5 at a time) and links to its city page. On a
 * prerendered page it is an island: what the visitor typed before it came to life is kept.
 */
export function CitySearch({ prefix }: { prefix: 'contabilidade-em' | 'contador-em' }) {
  const id = useId()
  const router = useRouter({ warn: false })
  const box = useRef<HTMLDivElement>(null)
  const [query, setQuery] = useState('')
  const [state, setState] = useState<State>({ status: 'idle' })
  const latest = useRef<AbortController | null>(null)

  // Typed into the prerendered box before this component took it over.
  useEffect(() => {
    const typed = box.current?.querySelector('input')?.value
    if (typed) setQuery(typed)
  }, [])

  useEffect(() => {
    const q = query.trim()
    latest.current?.abort()
    if (q.length < 2) {
      setState({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    latest.current = controller
    const timer = window.setTimeout(() => {
      setState({ status: 'loading' })
      searchCities(q, controller.signal).then(
        (answer) => setState({ status: 'done', cities: answer.data, total: answer.total }),
        (error: unknown) => {
          if (controller.signal.aborted) return
          setState({
            status: 'error',
            message: error instanceof Error ? error.message : 'Não foi possível buscar agora.',
          })
        },
      )
    }, 250)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [query])

  const hrefOf = (city: City) => `/${prefix}/${city.slug}`
  const submit = () => {
    if (state.status !== 'done' || !state.cities[0]) return
    const href = hrefOf(state.cities[0])
    if (router) void router.navigate({ href })
    else window.location.assign(href)
  }

  return (
    <div className={styles.search} ref={box}>
      <SearchForm
        ariaLabel="Buscar cidade"
        label="Nome da cidade"
        placeholder="Ex.: Campinas, São José dos Campos, Recife"
        value={query}
        onChange={setQuery}
        onSubmit={submit}
        buttonLabel="Ver cidade"
        buttonDisabled={state.status !== 'done' || state.cities.length === 0}
        describedBy={`${id}-status`}
      />
      <p id={`${id}-status`} className={styles.status} aria-live="polite">
        {state.status === 'loading' && 'Buscando…'}
        {state.status === 'error' && state.message}
        {state.status === 'done' &&
          (state.total === 0
            ? 'Nenhuma cidade encontrada. Confira a grafia do nome.'
            : state.total > state.cities.length
              ? `${state.total} cidades encontradas; mostrando as ${state.cities.length} mais próximas do que você digitou.`
              : `${state.total} ${state.total === 1 ? 'cidade encontrada' : 'cidades encontradas'}.`)}
      </p>
      {state.status === 'done' && state.cities.length > 0 && (
        <ul className={styles.results}>
          {state.cities.map((city) => (
            <li key={city.ibgeCode}>
              <ContentLink href={hrefOf(city)}>
                <strong>{city.name}</strong> <span>{city.stateName}</span>
              </ContentLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
