import { useCallback, useEffect, useRef, useState } from 'react'
import type { Cnae } from '@/schemas/cnae'
import type { List } from '@/schemas/common'
import { CNAE_PAGE_SIZE, searchCnaes } from '@/services/site/cnaes/api'
import { CnaeSearch, type CnaeSearchChange } from './CnaeSearch'
import { cnaeSearchQuery, cnaeSearchState, type CnaeSearchState } from './search-state'

const sameSearch = (a: CnaeSearchState, b: CnaeSearchState) =>
  a.busca === b.busca && a.pagina === b.pagina

const addressSearch = () =>
  cnaeSearchState(Object.fromEntries(new URLSearchParams(window.location.search)))

/**
 * The CNAE search on the prerendered /tools/cnae: the page holds the first results; once the
 * visitor searches (or the address asks for a search, `?busca=…&pagina=…`), this island runs the
 * search itself (GET /cnaes) and keeps the address in step, so the result can be shared and the
 * back button goes to the previous search.
 */
export function CnaeSearchIsland({
  search: initialSearch,
  results: initialResults,
  label,
  placeholder,
}: {
  search: CnaeSearchState
  results: List<Cnae>
  label: string
  placeholder: string
}) {
  const [shown, setShown] = useState({ search: initialSearch, results: initialResults })
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const latest = useRef<AbortController | null>(null)

  const load = useCallback((search: CnaeSearchState) => {
    latest.current?.abort()
    const controller = new AbortController()
    latest.current = controller
    setError(null)
    setPending(true)
    // The box and the address show the new search at once; the results follow.
    setShown((current) => ({ ...current, search }))
    searchCnaes(
      {
        search: search.busca,
        limit: CNAE_PAGE_SIZE,
        offset: (search.pagina - 1) * CNAE_PAGE_SIZE,
      },
      controller.signal,
    ).then(
      (results) => {
        setShown({ search, results })
        setPending(false)
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return
        setPending(false)
        setError(
          failure instanceof Error && failure.message
            ? failure.message
            : 'Não foi possível buscar agora. Tente de novo em instantes.',
        )
      },
    )
  }, [])

  // The address may ask for another search than the one the page was built with; the back and
  // forward buttons move between searches.
  useEffect(() => {
    const fromAddress = addressSearch()
    if (!sameSearch(fromAddress, initialSearch)) load(fromAddress)
    const onPop = () => load(addressSearch())
    window.addEventListener('popstate', onPop)
    return () => {
      window.removeEventListener('popstate', onPop)
      latest.current?.abort()
    }
    // Once: the initial search is the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onSearch = useCallback<CnaeSearchChange>(
    (next, { replace }) => {
      const address = `${window.location.pathname}${cnaeSearchQuery(next)}`
      if (replace) window.history.replaceState(window.history.state, '', address)
      else window.history.pushState(window.history.state, '', address)
      load(next)
    },
    [load],
  )

  return (
    <CnaeSearch
      search={shown.search}
      results={shown.results}
      label={label}
      placeholder={placeholder}
      onSearch={onSearch}
      pending={pending}
      error={error}
    />
  )
}
