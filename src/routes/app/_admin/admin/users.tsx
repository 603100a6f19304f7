import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { AdminUsersScreen } from '@/screens/back-office/UsersScreen'

export const Route = createFileRoute('/app/_admin/admin/users')({
  head: () => ({ meta: [{ title: pageTitle('Usuários') }] }),
  component: AdminUsersScreen,
})
