import { z } from 'zod'

// An NFS-e request's statuses, apart from the invoices' schemas (invoice.ts re-exports them): the
// invoices list's address is parsed in the app's first chunk.

export const nfsRequestStatuses = [
  'pending',
  'processing',
  'issued',
  'rejected',
  'cancelled',
] as const
export const nfsRequestStatusSchema = z.enum(nfsRequestStatuses, {
  error: 'Status inválido (use pending, processing, issued, rejected ou cancelled)',
})
export type NfsRequestStatus = z.infer<typeof nfsRequestStatusSchema>
