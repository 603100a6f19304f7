import { loadQuery } from '@/services/query/lazy'
import type { RouterContext } from '@/services/router-context'

/**
 * React Query's client, for the loaders below a signed-in layout (`context.queryClient`): each
 * layout that requires a session adds it once its gates have passed. The login page has none: a
 * signed-out visit loads no React Query for it (its sign-up form brings it with its mode).
 */
export async function withQueryClient(context: Pick<RouterContext, 'queryClient'>) {
  return { queryClient: context.queryClient ?? (await loadQuery()).queryClient }
}
