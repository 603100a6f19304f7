import type { NfsRequestStatus } from '@/schemas/invoice'
import { trackLabels } from '@/schemas/glossary'

/** "Abertura de empresa": a track's name on its own (the labels are written for sentences). */
export const trackTitle = (trackId: keyof typeof trackLabels) =>
  trackLabels[trackId].charAt(0).toUpperCase() + trackLabels[trackId].slice(1)

/** The badge tone of each moment of an NFS-e request's life. */
export const nfsStatusTones: Record<
  NfsRequestStatus,
  'warning' | 'info' | 'success' | 'danger' | 'neutral'
> = {
  pending: 'warning',
  processing: 'info',
  awaiting: 'info',
  issued: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
  substituted: 'neutral',
}
