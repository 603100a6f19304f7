import { createFileRoute } from '@tanstack/react-router'
import type { PostContent } from '@/schemas/content'
import { BlogPostPage } from '@/screens/site/pages/BlogPages'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { loadStory } from '../../-content'
import { pageHead } from '../../-head'

export const Route = createFileRoute('/_site/blog/posts/$slug')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ params }) => loadStory<PostContent>(`blog/posts/${params.slug}`),
  staleTime: 5 * 60_000,
  head: ({ loaderData, params }) =>
    pageHead({
      title: loaderData?.content.seo_title || loaderData?.content.title || 'Blog',
      description: loaderData?.content.seo_description || loaderData?.content.excerpt,
      path: `/blog/posts/${params.slug}`,
      type: 'article',
      publishedAt: loaderData?.first_published_at,
    }),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  return <BlogPostPage post={Route.useLoaderData()} />
}
