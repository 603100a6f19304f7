import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { OpeningOrdersScreen } from '@/screens/back-office/OpeningOrdersScreen'

export const Route = createFileRoute('/app/_admin/admin/companies/opening-orders')({
  head: () => ({ meta: [{ title: pageTitle('Pedidos de abertura') }] }),
  component: OpeningOrdersScreen,
})
