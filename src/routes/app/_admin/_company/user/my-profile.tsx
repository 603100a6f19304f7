import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { MyProfileScreen } from '@/screens/account/ProfileScreen'

export const Route = createFileRoute('/app/_admin/_company/user/my-profile')({
  head: () => ({ meta: [{ title: pageTitle('Meu perfil') }] }),
  component: MyProfileScreen,
})
