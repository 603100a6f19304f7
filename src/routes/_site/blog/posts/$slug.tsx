import { createFileRoute } from '@tanstack/react-router'
import type { PostContent } from '@/schemas/content'
import { BlogPostScreen } from '@/screens/site/pages/BlogPostScreen'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { loadStory } from '../../-content'
import { postHead } from '../../-page-heads'

export const Route = createFileRoute('/_site/blog/posts/$slug')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ params }) => loadStory<PostContent>(`blog/posts/${params.slug}`),
  staleTime: 5 * 60_000,
  head: ({ loaderData, params }) => postHead(loaderData, params.slug),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  return <BlogPostScreen post={Route.useLoaderData()} />
}
