import { useSuspenseQuery } from '@tanstack/react-query'
import { meQueryOptions } from '@/services/account'
import { useSessionView } from '@/services/session'
import type { Person } from './partner-values'

/**
 * The signed-in person as the first partner: name, e-mail and mobile from our own record of the
 * user (the wizard's loader reads it), not the identity service's, which keeps a mobile only for
 * the first account that gave it (Firebase phone numbers are unique).
 */
export function useSignedInPerson(): Person {
  const { user } = useSessionView()
  const { data: me } = useSuspenseQuery(meQueryOptions(user?.uid ?? ''))
  return {
    name: me.name || user?.displayName || '',
    email: me.email || user?.email || '',
    phone: me.phone ?? user?.phoneNumber ?? null,
  }
}
