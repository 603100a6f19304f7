import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { referralsQueryOptions, referralSummaryQueryOptions } from '@/services/account'
import { MyReferralsScreen } from '@/screens/account/ReferralsScreen'
import { REFERRALS_PAGE_SIZE, referralsSearchSchema } from '@/screens/account/referrals-search'

export const Route = createFileRoute('/app/_admin/_company/user/my-referrals')({
  validateSearch: referralsSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.pagina ?? 1 }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (!view.user) return
    await Promise.all([
      queryClient.ensureQueryData(referralSummaryQueryOptions(view.user.uid)),
      queryClient.ensureQueryData(
        referralsQueryOptions(view.user.uid, {
          limit: REFERRALS_PAGE_SIZE,
          offset: (deps.page - 1) * REFERRALS_PAGE_SIZE,
        }),
      ),
    ])
  },
  head: () => ({ meta: [{ title: pageTitle('Indicações') }] }),
  component: MyReferrals,
})

function MyReferrals() {
  const { pagina } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <MyReferralsScreen
      page={pagina ?? 1}
      onPageChange={(page) =>
        void navigate({
          search: (previous) => ({ ...previous, pagina: page > 1 ? page : undefined }),
        })
      }
    />
  )
}
