import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { meQueryOptions } from '@/services/account'
import { MyProfileScreen } from '@/screens/account/ProfileScreen'

export const Route = createFileRoute('/app/_admin/_company/user/my-profile')({
  loader: async ({ context: { queryClient, view } }) => {
    if (view.user) await queryClient.ensureQueryData(meQueryOptions(view.user.uid))
  },
  head: () => ({ meta: [{ title: pageTitle('Meu perfil') }] }),
  component: MyProfileScreen,
})
