import { z } from 'zod'

// A year-end declaration's statuses, apart from the year's schemas (year-end.ts re-exports them):
// the year-end queue's address is parsed in the app's first chunk.

export const declarationStatuses = ['to-complete', 'ready', 'delivered', 'late'] as const
export const declarationStatusSchema = z.enum(declarationStatuses)
export type DeclarationStatus = z.infer<typeof declarationStatusSchema>

export const declarationStatusLabels: Record<DeclarationStatus, string> = {
  'to-complete': 'A completar',
  ready: 'Pronta para entregar',
  delivered: 'Entregue',
  late: 'Atrasada',
}
