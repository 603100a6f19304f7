import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { invitesQueryOptions, receivedInvitesQueryOptions } from '@/services/account'
import { MyInvitesScreen } from '@/screens/account/InvitesScreen'
import {
  INVITES_PAGE_SIZE,
  invitesSearchSchema,
  type InviteTab,
} from '@/screens/account/invites-search'

export const Route = createFileRoute('/app/_admin/user/my-invites')({
  validateSearch: invitesSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.aba ?? 'pendentes', page: search.pagina ?? 1 }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (!view.user) return
    await Promise.all([
      queryClient.ensureQueryData(receivedInvitesQueryOptions(view.user.uid)),
      view.company &&
        queryClient.ensureQueryData(
          invitesQueryOptions({
            companyId: view.company.id,
            status: deps.tab === 'aceitos' ? 'accepted' : 'pending',
            limit: INVITES_PAGE_SIZE,
            offset: (deps.page - 1) * INVITES_PAGE_SIZE,
          }),
        ),
    ])
  },
  head: () => ({ meta: [{ title: pageTitle('Convites') }] }),
  component: MyInvites,
})

function MyInvites() {
  const { aba, pagina } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <MyInvitesScreen
      tab={aba ?? 'pendentes'}
      page={pagina ?? 1}
      onTabChange={(tab: InviteTab) =>
        void navigate({ search: (previous) => ({ ...previous, aba: tab, pagina: undefined }) })
      }
      onPageChange={(page) =>
        void navigate({
          search: (previous) => ({ ...previous, pagina: page > 1 ? page : undefined }),
        })
      }
    />
  )
}
