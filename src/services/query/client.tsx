import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

// React Query for the signed-in area. This module is loaded on demand (src/services/query/lazy.ts)
// when an /app route is entered, so public pages never download it.

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) =>
          count < 2 &&
          (error as { status?: number }).status !== 403 &&
          (error as { status?: number }).status !== 404,
      },
      mutations: { retry: false },
    },
  })
}

/** One client for the whole tab: its cache outlives navigation between areas. */
export const queryClient = createQueryClient()

export function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
