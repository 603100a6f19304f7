import { type StepId } from '@/schemas/track'
import { stepLabels, trackLabels } from '@/schemas/glossary'
import type { Order } from '@/schemas/order'

const relative = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' })

/** How long ago an order started: "há 3 dias", "há 5 horas", "agora". */
export function formatAge(iso: string, now = Date.now()): string {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000)
  if (minutes < 1) return 'agora'
  if (minutes < 60) return relative.format(-minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (hours < 24) return relative.format(-hours, 'hour')
  const days = Math.round(hours / 24)
  if (days < 60) return relative.format(-days, 'day')
  return relative.format(-Math.round(days / 30), 'month')
}

/** The order's current step in words ("Concluído" once the track is done). */
export const currentStepText = (order: Pick<Order, 'track'>) =>
  order.track.currentStep ? stepLabels[order.track.currentStep as StepId] : 'Cadastro concluído'

/** "Pedido de abertura de empresa". */
export const orderTitle = (trackId: keyof typeof trackLabels) => `Pedido de ${trackLabels[trackId]}`
