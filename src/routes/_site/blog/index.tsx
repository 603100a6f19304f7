import { createFileRoute } from '@tanstack/react-router'
import type { PageContent, PostContent } from '@/schemas/content'
import { fetchStories, STORIES_PER_PAGE } from '@/services/site/content/stories'
import { BlogListScreen } from '@/screens/site/pages/BlogListScreen'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { loadStory } from '../-content'
import { blogHead } from '../-page-heads'

type BlogSearch = { pagina?: number }

export const Route = createFileRoute('/_site/blog/')({
  // ?pagina=2: the list pages by 25 (docs/product.md §9).
  validateSearch: (search: Record<string, unknown>): BlogSearch => {
    const page = Number(search.pagina)
    return Number.isInteger(page) && page > 1 ? { pagina: page } : {}
  },
  loaderDeps: ({ search }) => ({ page: search.pagina ?? 1 }),
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ deps }) => {
    const [story, posts] = await Promise.all([
      loadStory<PageContent>('blog'),
      fetchStories<PostContent>({
        startsWith: 'blog/posts/',
        page: deps.page,
        perPage: STORIES_PER_PAGE,
      }),
    ])
    return { story, posts }
  },
  staleTime: 5 * 60_000,
  head: ({ loaderData, match }) => blogHead(loaderData?.story, match.search.pagina),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  const { story, posts } = Route.useLoaderData()
  return <BlogListScreen story={story} posts={posts} />
}
