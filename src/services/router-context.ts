import type { QueryClient } from '@tanstack/react-query'

/** What every route's beforeLoad and loader receive (created in src/router.tsx). */
export type RouterContext = {
  queryClient: QueryClient
}
