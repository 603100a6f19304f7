import { useCallback } from 'react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import type { PageContent } from '@/schemas/content'
import { CNAE_PAGE_SIZE, searchCnaes } from '@/services/site/cnaes/api'
import { CnaeSearch, type CnaeSearchChange } from '@/screens/site/cnae/CnaeSearch'
import { cnaeSearchLabels, cnaeSearchParams } from '@/screens/site/cnae/search-state'
import { CnaeSearchScreen } from '@/screens/site/pages/CnaeSearchScreen'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { loadStory } from '../../-content'
import { storyHead } from '../../-head'

export const Route = createFileRoute('/_site/tools/cnae/')({
  // ?busca=…&pagina=2: words or a code, 10 results a page (docs/product.md §7).
  validateSearch: cnaeSearchParams,
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
  const navigate = useNavigate({ from: '/tools/cnae/' })
  const onSearch = useCallback<CnaeSearchChange>(
    (next, { replace }) =>
      void navigate({
        search: {
          busca: next.busca || undefined,
          pagina: next.pagina > 1 ? next.pagina : undefined,
        },
        replace,
      }),
    [navigate],
  )
  return (
    <CnaeSearchScreen
      story={story}
      search={
        <CnaeSearch
          search={search}
          results={results}
          {...cnaeSearchLabels(story)}
          onSearch={onSearch}
        />
      }
    />
  )
}
