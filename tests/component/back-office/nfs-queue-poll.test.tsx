import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { NfsRequestWithCompany } from '@/schemas/invoice'
import { nfsQueueQueryOptions } from '@/services/back-office'
import { API, issuedRequest } from '../invoices/support'

// The back office's NFS-e queue while a row awaits the Receita (src/services/invoices/receita.ts):
// asked again until the server's check settles it, then no more — as the owner's list.

const issued: NfsRequestWithCompany = { ...issuedRequest('nfs-fila', 91), company: null }
const awaiting: NfsRequestWithCompany = { ...issued, status: 'awaiting' }
const stored = { request: awaiting, reads: 0 }

const server = setupServer(
  http.get(`${API}/nfs/requests/search`, () => {
    stored.reads += 1
    return HttpResponse.json({ data: [stored.request], total: 1 })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => vi.useRealTimers())

describe('the back office’s NFS-e queue', () => {
  it('asks again while a row awaits the Receita, and stops once it is settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const observer = new QueryObserver(queryClient, nfsQueueQueryOptions({}))
    const seen: string[] = []
    const unsubscribe = observer.subscribe((result) => {
      if (result.data) seen.push(result.data.data[0]!.status)
    })
    await vi.waitFor(() => expect(stored.reads).toBe(1))

    await vi.advanceTimersByTimeAsync(3_000)
    await vi.waitFor(() => expect(stored.reads).toBe(2))

    stored.request = issued
    await vi.advanceTimersByTimeAsync(3_000)
    await vi.waitFor(() => expect(seen.at(-1)).toBe('issued'))
    const settled = stored.reads
    await vi.advanceTimersByTimeAsync(9_000)
    expect(stored.reads).toBe(settled)
    unsubscribe()
    queryClient.clear()
  })
})
