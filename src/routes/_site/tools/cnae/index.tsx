import { createFileRoute } from '@tanstack/react-router'
import type { PageContent } from '@/schemas/content'
import { CNAE_PAGE_SIZE, searchCnaes } from '@/services/site/cnaes/api'
import { CnaeSearchPage } from '@/screens/site/pages/CnaePages'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { loadStory } from '../../-content'
import { storyHead } from '../../-head'

type CnaeSearch = { busca?: string; pagina?: number }

export const Route = createFileRoute('/_site/tools/cnae/')({
  // ?busca=…&pagina=2: words or a code, 10 results a page (SPEC section 7).
  validateSearch: (search: Record<string, unknown>): CnaeSearch => {
    const busca = typeof search.busca === 'string' ? search.busca.trim().slice(0, 200) : ''
    const page = Number(search.pagina)
    return {
      ...(busca ? { busca } : {}),
      ...(Number.isInteger(page) && page > 1 ? { pagina: page } : {}),
    }
  },
  loaderDeps: ({ search }) => ({ busca: search.busca ?? '', pagina: search.pagina ?? 1 }),
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ deps, abortController }) => {
    const [story, results] = await Promise.all([
      loadStory<PageContent>('tools/cnae'),
      searchCnaes(
        { search: deps.busca, limit: CNAE_PAGE_SIZE, offset: (deps.pagina - 1) * CNAE_PAGE_SIZE },
        abortController.signal,
      ),
    ])
    return { story, results, search: deps }
  },
  staleTime: 60_000,
  head: ({ loaderData }) => storyHead(loaderData?.story, '/tools/cnae', 'Consulta CNAE'),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  const { story, results, search } = Route.useLoaderData()
  return <CnaeSearchPage story={story} search={search} results={results} />
}
