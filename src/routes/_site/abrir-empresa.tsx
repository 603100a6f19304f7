import { createFileRoute } from '@tanstack/react-router'
import type { PageContent } from '@/schemas/content'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { StoryPage } from '@/screens/site/pages/StoryPage'
import { loadStory } from './-content'
import { storyHead } from './-head'
import { storyPages } from './-story-pages'

const page = storyPages['abrir-empresa']

export const Route = createFileRoute('/_site/abrir-empresa')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: () => loadStory<PageContent>('abrir-empresa'),
  staleTime: 5 * 60_000,
  head: ({ loaderData }) => storyHead(loaderData, page.path, page.title),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

// The path the visitor came by becomes the sign-up's track.
function Page() {
  return <StoryPage story={Route.useLoaderData()} path={page.path} track={page.track} />
}
