import { useEffect, useId, useRef, useState } from 'react'
import type { Cnae } from '@/schemas/cnae'
import type { List } from '@/schemas/common'
import { formatCnaeCode } from '@/schemas/slug'
import { CNAE_PAGE_SIZE } from '@/services/site/cnaes/api'
import { Alert, Badge } from '@/ui/Feedback'
import { ListView } from '@/ui/List'
import { ContentLink } from '../content/ContentLink'
import { SearchForm } from '../content/SearchForm'
import { cnaeHref } from '../content/links'
import type { CnaeSearchState } from './search-state'
import { annexLabel } from './cnae-facts'
import styles from './Cnae.module.css'

export type CnaeSearchChange = (next: CnaeSearchState, options: { replace: boolean }) => void

/**
 * The CNAE search of /tools/cnae: a box that searches as you type (after a pause, without filling
 * the history with every letter), the results and their pages. Whoever holds it decides how a
 * search is run: the client-side route through the router, the prerendered page's island by
 * itself (CnaeSearchIsland).
 */
export function CnaeSearch({
  search,
  results,
  label,
  placeholder,
  onSearch,
  pending = false,
  error = null,
}: {
  search: CnaeSearchState
  results: List<Cnae>
  label: string
  placeholder: string
  onSearch: CnaeSearchChange
  /** A search is on its way (the results shown are the previous ones). */
  pending?: boolean
  /** The last search failed (the previous results stay below the message). */
  error?: string | null
}) {
  const id = useId()
  const box = useRef<HTMLElement>(null)
  const [typed, setTyped] = useState(search.busca)
  useEffect(() => setTyped(search.busca), [search.busca])

  // Typed into the prerendered box before this component took it over.
  useEffect(() => {
    const input = box.current?.querySelector('input')
    if (input && input.value !== search.busca) setTyped(input.value)
    // Only once, when it takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (typed.trim() === search.busca.trim()) return
    const timer = window.setTimeout(
      () => onSearch({ busca: typed.trim(), pagina: 1 }, { replace: true }),
      400,
    )
    return () => window.clearTimeout(timer)
  }, [typed, search.busca, onSearch])

  const submit = () => onSearch({ busca: typed.trim(), pagina: 1 }, { replace: false })

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} ref={box}>
      <div className="container">
        <SearchForm
          label={label}
          labelId={`${id}-title`}
          name="busca"
          value={typed}
          placeholder={placeholder}
          maxLength={200}
          onChange={setTyped}
          onSubmit={submit}
          buttonLabel="Buscar"
        />
        {error && <Alert tone="danger">{error}</Alert>}
        <ListView
          className={styles.list}
          summary={{
            noun: search.busca
              ? ['atividade encontrada', 'atividades encontradas']
              : ['subclasse', 'subclasses'],
            detail: search.busca ? ` para “${search.busca}”` : ' da CNAE 2.3, por código',
            busy: pending && 'Buscando…',
          }}
          list={results}
          empty={{
            title: 'Nenhuma atividade encontrada',
            description:
              'Tente outras palavras (por exemplo, “comércio de roupas” em vez de “loja”), só o começo das palavras ou o código com 4 a 7 dígitos.',
          }}
          pager={{
            page: search.pagina,
            pageSize: CNAE_PAGE_SIZE,
            label: 'Páginas da busca',
            onPage: (pagina) => onSearch({ ...search, pagina }, { replace: false }),
          }}
        >
          <ul className={styles.results} aria-busy={pending || undefined}>
            {results.data.map((cnae) => (
              <li key={cnae.code} className={styles.result}>
                <ContentLink href={cnaeHref(cnae)} className={styles.resultLink}>
                  <span className={styles.code}>{formatCnaeCode(cnae.code)}</span>
                  <span className={styles.text}>{cnae.text}</span>
                </ContentLink>
                <span className={styles.tags}>
                  {cnae.isAllowedMei ? (
                    <Badge tone="success">Permitida ao MEI</Badge>
                  ) : (
                    <Badge>Não é MEI</Badge>
                  )}
                  {annexLabel(cnae) && <Badge tone="info">Anexo {annexLabel(cnae)}</Badge>}
                  {cnae.isRFactor && <Badge tone="warning">Fator R</Badge>}
                </span>
              </li>
            ))}
          </ul>
        </ListView>
      </div>
    </section>
  )
}
