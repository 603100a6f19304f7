import { PageHeader } from '@/ui/Layout'
import { OrderQueue } from './OrderQueue'
import type { OrdersSearch } from './orders-search'

/** /app/admin/companies/opening-orders: companies being opened, newest first. */
export function OpeningOrdersScreen(props: {
  search: OrdersSearch
  onSearchChange: (next: OrdersSearch) => void
}) {
  return (
    <>
      <PageHeader
        title="Pedidos de abertura"
        description="Empresas em abertura: o cadastro de cada uma, a guia de registro, o comprovante, o CNPJ e a ativação."
      />
      <OrderQueue trackId="create-company" {...props} />
    </>
  )
}
