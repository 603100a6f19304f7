import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { setupServer } from 'msw/node'
import type { RequestHandler } from 'msw'

// The back office's component tests: a fresh query client per render, and the main API answered
// by msw (every request a test did not expect fails it).
export const API = 'http://localhost:3000'

export function backOfficeServer(...handlers: RequestHandler[]) {
  return setupServer(...handlers)
}

export function renderWithQuery(ui: ReactNode, options?: Parameters<typeof userEvent.setup>[0]) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const result = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>)
  return { ...result, queryClient, user: userEvent.setup(options) }
}
