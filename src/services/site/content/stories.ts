import { env } from '@/config/env'
import {
  POSTS_SORT,
  RESOLVE_LINKS,
  RESOLVE_RELATIONS,
  STORIES_PER_PAGE,
  type Blok,
  type Story,
} from '@/schemas/content'
import { createContentClient, type ContentClient } from './client'
import { isPreview } from './preview'

export { RESOLVE_RELATIONS, STORIES_PER_PAGE }

/** A failure to read content: `status` 404 for a story that does not exist, 0 for no answer. */
export class ContentError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'ContentError'
    this.status = status
  }
}

let clients: { published?: ContentClient; draft?: ContentClient } = {}

/** Which version to read and the client that reads it. */
function reader() {
  const preview = isPreview() && Boolean(env.storyblok.previewToken)
  const version = preview ? ('draft' as const) : ('published' as const)
  const client = (clients[version] ??= createContentClient({
    endpoint: env.storyblok.endpoint,
    token: preview ? env.storyblok.previewToken! : env.storyblok.token,
  }))
  return { version, client }
}

/** Tests swap the network for a fake one. */
export function resetContentClients() {
  clients = {}
}

function toContentError(error: unknown): ContentError {
  const status = (error as { status?: number } | null)?.status ?? 0
  if (status === 404) return new ContentError(404, 'Conteúdo não encontrado.')
  const message = (error as { message?: string } | null)?.message
  return new ContentError(
    status,
    status === 0
      ? 'Não foi possível falar com o serviço de conteúdo. Verifique sua conexão e tente de novo.'
      : (message ?? `O serviço de conteúdo respondeu com erro ${status}.`),
  )
}

/** One story by its full slug, relations and links resolved. */
export async function fetchStory<Content extends Blok = Blok>(
  fullSlug: string,
): Promise<Story<Content>> {
  const { version, client } = reader()
  try {
    const answer = await client.getStory(fullSlug, {
      version,
      resolve_relations: RESOLVE_RELATIONS,
      resolve_links: RESOLVE_LINKS,
    })
    return answer.data.story as unknown as Story<Content>
  } catch (error) {
    throw toContentError(error)
  }
}

export type StoryPage<Content extends Blok = Blok> = {
  stories: Story<Content>[]
  total: number
  perPage: number
  page: number
}

/** A page of stories under a folder, newest first (the blog list). */
export async function fetchStories<Content extends Blok = Blok>({
  startsWith,
  page = 1,
  perPage = STORIES_PER_PAGE,
  sortBy = POSTS_SORT,
}: {
  startsWith: string
  page?: number
  perPage?: number
  sortBy?: string
}): Promise<StoryPage<Content>> {
  const { version, client } = reader()
  try {
    const answer = await client.getStories({
      version,
      starts_with: startsWith,
      page,
      per_page: perPage,
      sort_by: sortBy,
    })
    return {
      stories: answer.data.stories as unknown as Story<Content>[],
      total: answer.total ?? answer.data.stories.length,
      perPage: answer.perPage ?? perPage,
      page,
    }
  } catch (error) {
    throw toContentError(error)
  }
}
