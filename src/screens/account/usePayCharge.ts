import { useState } from 'react'
import type { Payment } from '@/schemas/billing'
import { usePaySubscription } from '@/services/account'
import { notify } from '@/ui/notify'

/**
 * "Pagar": asks the API for the charge's checkout (POST /subscriptions/{id}) and leaves for it.
 * `onCheckout` is the route's explicit permission to leave the app for the payment page.
 */
export function usePayCharge(onCheckout: (url: string) => void) {
  const pay = usePaySubscription()
  const [payingId, setPayingId] = useState<string | null>(null)
  const start = (payment: Pick<Payment, 'id' | 'subscriptionId'>) => {
    setPayingId(payment.id)
    pay.mutate(payment.subscriptionId, {
      onSuccess: (link) => onCheckout(link.url),
      onError: (error) => {
        setPayingId(null)
        notify.error(error.message || 'Não foi possível abrir o pagamento. Tente de novo.')
      },
    })
  }
  return { start, payingId }
}
