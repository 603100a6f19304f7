import { createFileRoute } from '@tanstack/react-router'
import type { PageContent } from '@/schemas/content'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { StoryPage } from '@/screens/site/pages/StoryPage'
import { loadStory } from './-content'
import { pageHead } from './-head'

export const Route = createFileRoute('/_site/')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: () => loadStory<PageContent>('home'),
  staleTime: 5 * 60_000,
  // SPEC section 1: the home page has the site's own title and description.
  head: ({ loaderData }) =>
    pageHead({
      title: loaderData?.content.seo_title ?? '',
      description: loaderData?.content.seo_description,
      path: '/',
    }),
  component: Home,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Home() {
  return <StoryPage story={Route.useLoaderData()} path="/" />
}
