import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { AdminCompaniesScreen } from '@/screens/admin/AdminScreens'

export const Route = createFileRoute('/app/_admin/admin/companies/')({
  head: () => ({ meta: [{ title: pageTitle('Empresas') }] }),
  component: AdminCompaniesScreen,
})
