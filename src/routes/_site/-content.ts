import { notFound } from '@tanstack/react-router'
import type { Blok } from '@/schemas/content'
import { ApiError } from '@/services/api/client'
import { ContentError, fetchStory } from '@/services/site/content/stories'

/** A story for a page: an unknown one is the page's 404; any other failure its error page. */
export async function loadStory<Content extends Blok>(fullSlug: string) {
  try {
    return await fetchStory<Content>(fullSlug)
  } catch (error) {
    if (error instanceof ContentError && error.status === 404) throw notFound()
    throw error
  }
}

/** An API record for a page: 404 (or a malformed id, 400) is the page's 404. */
export async function loadRecord<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw notFound()
    throw error
  }
}
