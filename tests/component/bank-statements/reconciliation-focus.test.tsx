import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReconciliationRow } from '@/schemas/reconciliation'
import { ReconciliationLines } from '@/screens/bank-statements/ReconciliationLines'

// "Confirmar" on a suggestion and "Desfazer" on a match take the line out of its list (the list
// is read again once the server answers): the button that had focus goes with it, and focus goes
// to the list, where the next line now is (src/screens/bank-statements/ReconciliationLines.tsx),
// never to <body>. The same lines serve the owner's Conciliação and the accountant's tab.

/** What the server answers each action with: the line leaves the list the page shows. */
const settle = vi.hoisted(() => ({ current: (_transactionId: string) => {} }))
const answered =
  (after: unknown) =>
  (input: { transactionId: string }, handlers: { onSuccess?: (value: unknown) => void } = {}) => {
    handlers.onSuccess?.(after)
    // The list drawn again without the line, a moment later (its refetch).
    setTimeout(() => settle.current(input.transactionId), 0)
  }
vi.mock('@/services/bank-statements', () => ({
  useConfirmReconciliation: () => ({
    mutate: answered({}),
    isPending: false,
    variables: undefined,
  }),
  useUndoReconciliation: () => ({ mutate: answered({ status: 'unmatched' }), isPending: false }),
  useExplainCredits: () => ({ mutate: vi.fn(), isPending: false }),
}))
vi.mock('@/services/documents', () => ({
  useDocuments: () => ({ data: undefined, isPending: false }),
}))
vi.mock('@/services/invoices', () => ({
  useInvoiceRequests: () => ({ data: undefined, isPending: false }),
}))
vi.mock('@/services/simples', () => ({
  monthQueryOptions: () => ({ queryKey: ['month'], queryFn: () => new Promise(() => {}) }),
}))
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, search: _search, ...props }: Record<string, unknown>) => (
    <a href={String(to)} {...props}>
      {children as React.ReactNode}
    </a>
  ),
}))

const invoice = {
  id: 'nfs-1',
  number: 77,
  status: 'issued',
  takerName: 'Estúdio Nova Luz Ltda',
  takerDocument: '11222333000181',
  date: '2026-10-10',
  issuedAt: '2026-10-10T12:00:00.000Z',
  totalValue: 1850,
  amountDue: 1850,
  issWithheld: false,
} as const

function line(id: string, description: string, status: 'suggested' | 'matched') {
  return {
    transaction: { id, date: '2026-10-15', description, amount: 1850 },
    account: null,
    status,
    side: 'credit',
    match:
      status === 'matched'
        ? {
            kind: 'invoice',
            invoiceIds: [invoice.id],
            auto: false,
            confirmedAt: '2026-10-16T12:00:00.000Z',
            reasons: ['mesmo valor'],
          }
        : null,
    suggestions:
      status === 'suggested'
        ? [
            {
              kind: 'invoice',
              id: invoice.id,
              invoiceIds: [invoice.id],
              score: 80,
              reasons: ['mesmo valor'],
            },
          ]
        : [],
    memoDocument: null,
    invoices: [invoice],
    guides: [],
    confirmer: { name: 'Ana Paula Ribeiro', accountant: false },
  } as unknown as ReconciliationRow
}

/** The page's lines, drawn again without the one an action took out. */
function Page({ rows: first }: { rows: ReconciliationRow[] }) {
  const [rows, setRows] = useState(first)
  settle.current = (transactionId) =>
    setRows((now) => now.filter((row) => row.transaction.id !== transactionId))
  return <ReconciliationLines companyId="cmp-1" rows={rows} label="Sugestões" />
}

function renderLines(rows: ReconciliationRow[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <Page rows={rows} />
    </QueryClientProvider>,
  )
}

describe('an action that takes a reconciliation line out of its list', () => {
  it('"Confirmar": focus goes to the list, where the next line now is', async () => {
    renderLines([
      line('t-1', 'TED RECEBIDA - ESTUDIO', 'suggested'),
      line('t-2', 'PIX RECEBIDO', 'suggested'),
    ])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Confirmar: TED RECEBIDA - ESTUDIO/ }))
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'TED RECEBIDA - ESTUDIO' })).toBeNull(),
    )
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Sugestões' }))
  })

  it('"Desfazer": focus goes to the list, never to <body>', async () => {
    renderLines([line('t-3', 'PIX RECEBIDO - ESTUDIO', 'matched')])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Desfazer a conciliação de PIX/ }))
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'PIX RECEBIDO - ESTUDIO' })).toBeNull(),
    )
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Sugestões' }))
  })
})
