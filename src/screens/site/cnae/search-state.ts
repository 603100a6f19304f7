import type { PageContent, Story } from '@/schemas/content'

// /tools/cnae?busca=…&pagina=2: words or a code, 10 results a page (docs/product.md §7). One reading
// of the address for the client-side route and for the prerendered page's search island.

export type CnaeSearchState = { busca: string; pagina: number }

export const firstCnaePage: CnaeSearchState = { busca: '', pagina: 1 }

/** The search an address asks for (anything unusable is left out). */
export function cnaeSearchParams(search: Record<string, unknown>): {
  busca?: string
  pagina?: number
} {
  const busca = typeof search.busca === 'string' ? search.busca.trim().slice(0, 200) : ''
  const page = Number(search.pagina)
  return {
    ...(busca ? { busca } : {}),
    ...(Number.isInteger(page) && page > 1 ? { pagina: page } : {}),
  }
}

export function cnaeSearchState(search: Record<string, unknown>): CnaeSearchState {
  const { busca = '', pagina = 1 } = cnaeSearchParams(search)
  return { busca, pagina }
}

/** `?busca=…&pagina=…` for a search (nothing for the first page of everything). */
export function cnaeSearchQuery({ busca, pagina }: CnaeSearchState): string {
  const params = new URLSearchParams()
  if (busca.trim()) params.set('busca', busca.trim())
  if (pagina > 1) params.set('pagina', String(pagina))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** The search box's label and placeholder, from the page's cnae_search blok. */
export function cnaeSearchLabels(story: Story<PageContent>) {
  const blok = story.content.body.find((item) => item.component === 'cnae_search')
  return {
    label: typeof blok?.label === 'string' ? blok.label : 'Buscar atividade ou código',
    placeholder: typeof blok?.placeholder === 'string' ? blok.placeholder : '',
  }
}
