import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { backOfficeKeys } from '../../src/services/back-office/keys'
import { bankKeys } from '../../src/services/bank-statements/keys'
import { documentKeys } from '../../src/services/documents/keys'
import { invoiceKeys } from '../../src/services/invoices/keys'
import { simplesKeys } from '../../src/services/simples/keys'
import { invalidateAfter, invalidationMap } from '../../src/services/invalidation'

// The client's one invalidation map (src/services/invalidation.ts) against a real query cache:
// after a command, exactly what the server's reactions may have changed is stale — the months a
// paid guide pays and the queue included — and another company's data is left alone.

const ANA = 'cmp-ana'
const EVA = 'cmp-eva'

/** A cache holding one query under each key family of both companies, all fresh. */
function cache() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  const keys = {
    reconciliation: bankKeys.reconciliationSummary(ANA, '2026-10'),
    accounts: bankKeys.accountList({ companyId: ANA }),
    transactions: bankKeys.transactions(ANA, 'acc-1'),
    invoices: invoiceKeys.requests(ANA),
    documents: documentKeys.list({ companyId: ANA }),
    month: simplesKeys.month(ANA, '2026-10'),
    queue: simplesKeys.queue({ period: '2026-10' }),
    nfsQueue: backOfficeKeys.nfsQueue({ status: 'pending' }),
    nfsRequest: backOfficeKeys.nfsRequest('nfs-1'),
    evaMonth: simplesKeys.month(EVA, '2026-10'),
    evaDocuments: documentKeys.list({ companyId: EVA }),
  }
  for (const key of Object.values(keys)) client.setQueryData(key, { fresh: true })
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort()
  return { client, stale }
}

describe('the invalidation map', () => {
  it('a match confirmed or undone refreshes the lines, invoices, guides, the month and the queue', async () => {
    const { client, stale } = cache()
    await invalidateAfter(client, 'reconciliation-changed', ANA)
    expect(stale()).toEqual(['documents', 'invoices', 'month', 'queue', 'reconciliation'])
  })

  it('an import also refreshes the accounts; a guide paid by hand its documents, month and queue', async () => {
    const imported = cache()
    await invalidateAfter(imported.client, 'statement-imported', ANA)
    expect(imported.stale()).toEqual([
      'accounts',
      'documents',
      'invoices',
      'month',
      'queue',
      'reconciliation',
    ])
    const paid = cache()
    await invalidateAfter(paid.client, 'document-status-changed', ANA)
    expect(paid.stale()).toEqual(['documents', 'month', 'queue'])
  })

  it('an NFS-e request issued, cancelled or settled by the Receita refreshes both sides of it, the documents and the month', async () => {
    const { client, stale } = cache()
    await invalidateAfter(client, 'nfse-request-changed', ANA)
    expect(stale()).toEqual(['documents', 'invoices', 'month', 'nfsQueue', 'nfsRequest'])
  })

  it("never touches another company's queries", async () => {
    for (const command of Object.keys(invalidationMap) as (keyof typeof invalidationMap)[]) {
      const { client, stale } = cache()
      await invalidateAfter(client, command, ANA)
      expect(stale()).not.toContain('evaMonth')
      expect(stale()).not.toContain('evaDocuments')
      expect(stale().length).toBeGreaterThan(0)
    }
  })
})
