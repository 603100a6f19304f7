import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { MyInvitesScreen } from '@/screens/account/InvitesScreen'

export const Route = createFileRoute('/app/_admin/user/my-invites')({
  head: () => ({ meta: [{ title: pageTitle('Convites') }] }),
  component: MyInvitesScreen,
})
