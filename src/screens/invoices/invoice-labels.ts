import type { NfsRequestStatus } from '@/schemas/invoice'

type Tone = 'info' | 'success' | 'warning' | 'danger' | 'neutral'

export const requestStatusTones: Record<NfsRequestStatus, Tone> = {
  pending: 'warning',
  processing: 'info',
  awaiting: 'info',
  issued: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
  substituted: 'neutral',
}

/** Who moved a request, for people: the client, the accountant, or a schedule. */
export function actorLabel(by: string, createdBy: string) {
  if (by === 'system') return 'Agendamento automático'
  if (by === createdBy) return 'Pedido pela empresa'
  return 'Contabilidade'
}
