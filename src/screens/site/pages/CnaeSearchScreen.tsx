import type { ReactNode } from 'react'
import type { PageContent, Story } from '@/schemas/content'
import { StoryPage } from './StoryPage'

/**
 * /tools/cnae: the lookup's story, with the search where its cnae_search blok goes. The search
 * comes from whoever renders the page: the client-side route's router-driven one, or the
 * prerendered page's island (src/screens/site/cnae).
 */
export function CnaeSearchScreen({
  story,
  search,
}: {
  story: Story<PageContent>
  search: ReactNode
}) {
  return <StoryPage story={story} path="/tools/cnae" slots={{ cnae_search: search }} />
}
