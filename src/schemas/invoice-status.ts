import { z } from 'zod'

// An NFS-e request's statuses, apart from the invoices' schemas (invoice.ts re-exports them): the
// invoices list's address is parsed in the app's first chunk.

export const nfsRequestStatuses = [
  'pending',
  'processing',
  'awaiting',
  'issued',
  'rejected',
  'cancelled',
  'substituted',
] as const
export const nfsRequestStatusSchema = z.enum(nfsRequestStatuses, {
  error:
    'Status inválido (use pending, processing, awaiting, issued, rejected, cancelled ou substituted)',
})
export type NfsRequestStatus = z.infer<typeof nfsRequestStatusSchema>
