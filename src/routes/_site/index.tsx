import { createFileRoute } from '@tanstack/react-router'
import type { PageContent } from '@/schemas/content'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { StoryPage } from '@/screens/site/pages/StoryPage'
import { loadStory } from './-content'
import { homeHead } from './-page-heads'

export const Route = createFileRoute('/_site/')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: () => loadStory<PageContent>('home'),
  staleTime: 5 * 60_000,
  head: ({ loaderData }) => homeHead(loaderData),
  component: Home,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Home() {
  return <StoryPage story={Route.useLoaderData()} path="/" />
}
