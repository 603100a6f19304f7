import type { QueryClient } from '@tanstack/react-query'
import { meQueryOptions } from '@/services/account'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { navigateTo } from '@/guards/navigation'

/** The company and its track in the cache before the wizard renders (one without a company starts empty). */
export async function loadWizard({
  queryClient,
  view,
}: {
  queryClient: QueryClient
  view: { companyId: string | null; user: { uid: string } | null }
}) {
  const companyId = view.companyId
  if (!companyId) return
  await Promise.all([
    queryClient.ensureQueryData(companyQueryOptions(companyId)),
    queryClient.ensureQueryData(companyStepsQueryOptions(companyId)),
    // The partner steps start from the person's own record (name, e-mail, mobile).
    view.user && queryClient.ensureQueryData(meQueryOptions(view.user.uid)),
  ])
}

/** Leaves the app for the payment's checkout page (an address outside it, allowed explicitly). */
export const goToCheckout = (url: string) =>
  navigateTo(
    {
      navigate: (href) => window.location.assign(href),
      assign: (href) => window.location.assign(href),
    },
    url,
    { allowExternal: true },
  )
