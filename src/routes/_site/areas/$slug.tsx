import { createFileRoute } from '@tanstack/react-router'
import type { PageContent } from '@/schemas/content'
import { fetchArea } from '@/services/site/areas/api'
import { recordError } from '@/services/errors'
import { AreaPage } from '@/screens/site/pages/AreaPage'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { loadStory } from '../-content'
import { storyHead } from '../-head'

export const Route = createFileRoute('/_site/areas/$slug')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ params }) => {
    const [story, area] = await Promise.all([
      loadStory<PageContent>(`areas/${params.slug}`),
      // docs/product.md §7: a failure of GET /areas/{slug} is only logged; the page shows its content.
      fetchArea(params.slug).catch((error: unknown) => {
        recordError(error, 'router')
        return null
      }),
    ])
    return { story, area }
  },
  staleTime: 5 * 60_000,
  head: ({ loaderData, params }) =>
    storyHead(loaderData?.story, `/areas/${params.slug}`, 'Contabilidade'),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  const { story, area } = Route.useLoaderData()
  const { slug } = Route.useParams()
  return <AreaPage story={story} area={area} path={`/areas/${slug}`} />
}
