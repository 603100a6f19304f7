import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { myCompaniesQueryOptions } from '@/services/companies'
import { DisabledScreen } from '@/screens/account/DisabledScreen'

export const Route = createFileRoute('/app/_bare/user/disabled')({
  // The other companies the person can switch to are listed under the reason.
  loader: async ({ context: { queryClient, view } }) => {
    if (view.user) await queryClient.ensureQueryData(myCompaniesQueryOptions(view.user.uid))
  },
  head: () => ({ meta: [{ title: pageTitle('Empresa desativada') }] }),
  component: DisabledScreen,
})
