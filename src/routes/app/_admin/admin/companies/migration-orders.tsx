import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { MigrationOrdersScreen } from '@/screens/back-office/MigrationOrdersScreen'

export const Route = createFileRoute('/app/_admin/admin/companies/migration-orders')({
  head: () => ({ meta: [{ title: pageTitle('Pedidos de migração') }] }),
  component: MigrationOrdersScreen,
})
