import { describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { StatusHistoryEntry } from '@/schemas/company'
import { statusHistoryQueryOptions } from '@/services/back-office'
import { HISTORY_PAGE_SIZE, StatusHistory } from '@/screens/back-office/StatusHistory'

// The status history (docs/product.md §4) shows every change, newest first, a page at a time.
const change = (day: number): StatusHistoryEntry => ({
  from: day % 2 ? 'active' : 'overdue',
  to: day % 2 ? 'overdue' : 'active',
  at: `2026-10-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  by: 'uid-admin',
  byName: 'Helena Admin',
  ...(day === 1 ? { reason: 'A mais antiga' } : {}),
})

describe('StatusHistory', () => {
  it('pages the changes and reaches the oldest', async () => {
    const all = Array.from({ length: 12 }, (_, i) => change(12 - i))
    const queryClient = new QueryClient()
    for (const page of [1, 2]) {
      const options = statusHistoryQueryOptions('cmp-x', {
        limit: HISTORY_PAGE_SIZE,
        offset: (page - 1) * HISTORY_PAGE_SIZE,
      })
      queryClient.setQueryData(options.queryKey, {
        data: all.slice((page - 1) * HISTORY_PAGE_SIZE, page * HISTORY_PAGE_SIZE),
        total: all.length,
      })
    }
    const onPage = vi.fn()
    const { rerender } = render(
      <QueryClientProvider client={queryClient}>
        <Suspense fallback="…">
          <StatusHistory companyId="cmp-x" page={1} onPage={onPage} />
        </Suspense>
      </QueryClientProvider>,
    )
    const table = screen.getByRole('table', { name: /Histórico de situações/ })
    expect(within(table).getAllByRole('row')).toHaveLength(HISTORY_PAGE_SIZE + 1)
    const pages = screen.getByRole('navigation', { name: 'Páginas do histórico' })
    await userEvent.click(within(pages).getByRole('button', { name: /Próxima/ }))
    expect(onPage).toHaveBeenCalledWith(2)

    rerender(
      <QueryClientProvider client={queryClient}>
        <Suspense fallback="…">
          <StatusHistory companyId="cmp-x" page={2} onPage={onPage} />
        </Suspense>
      </QueryClientProvider>,
    )
    const second = screen.getByRole('table', { name: /Histórico de situações/ })
    expect(within(second).getAllByRole('row')).toHaveLength(3)
    expect(within(second).getByText('A mais antiga')).toBeVisible()
  })
})
