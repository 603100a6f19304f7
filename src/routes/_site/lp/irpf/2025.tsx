import { createFileRoute } from '@tanstack/react-router'
import type { PageContent } from '@/schemas/content'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { StoryPage } from '@/screens/site/pages/StoryPage'
import { loadStory } from '../../-content'
import { storyHead } from '../../-head'
import { storyPages } from '../../-story-pages'

const page = storyPages['lp/irpf/2025']

// The income-tax campaign of 2025 (docs/product.md §2).
export const Route = createFileRoute('/_site/lp/irpf/2025')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: () => loadStory<PageContent>('lp/irpf/2025'),
  staleTime: 5 * 60_000,
  head: ({ loaderData }) => storyHead(loaderData, page.path, page.title),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  return <StoryPage story={Route.useLoaderData()} path={page.path} track={page.track} />
}
