import { PageHeader } from '@/ui/Layout'
import { OrderQueue } from './OrderQueue'
import type { OrdersSearch } from './orders-search'

/** /app/admin/companies/migration-orders: companies moving their accounting to us, newest first. */
export function MigrationOrdersScreen(props: {
  search: OrdersSearch
  onSearchChange: (next: OrdersSearch) => void
}) {
  return (
    <>
      <PageHeader
        title="Pedidos de migração"
        description="Empresas trocando de contador: os sócios, o contador anterior com a carta de transferência, a assinatura e a ativação."
      />
      <OrderQueue trackId="migrate-company" {...props} />
    </>
  )
}
