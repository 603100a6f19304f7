import { useEffect, useState, type ReactNode } from 'react'
import type { TrackId } from '@/schemas/company'
import type { PageContent, Story } from '@/schemas/content'
import { isPreview } from '@/services/site/content/preview'
import { rememberTrack } from '@/services/site/links/signup'
import { Blocks } from '../content/Blocks'

/**
 * A page built from a story's body through the component map. `slots` fill the bloks that need
 * the page's own data; `track` is remembered for sign-up (the path the visitor came by): here in
 * the client-rendered app, from `data-track` on prerendered pages (src/entries/site/entry-static.ts).
 */
export function StoryPage({
  story,
  path,
  slots,
  track,
  children,
}: {
  story: Story<PageContent>
  path: string
  slots?: Partial<Record<string, ReactNode>>
  track?: TrackId
  children?: ReactNode
}) {
  const [preview] = useState(isPreview)
  useEffect(() => {
    if (track) rememberTrack(track)
  }, [track])
  return (
    <div data-story={story.full_slug} data-story-uuid={story.uuid} data-track={track}>
      <Blocks blocks={story.content.body} ctx={{ path, preview, slots }} progressive />
      {children}
    </div>
  )
}
