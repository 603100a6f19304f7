import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { AdminCompanyScreen } from '@/screens/back-office/CompanyScreen'
import { idParam } from '@/routes/app/-params'

export const Route = createFileRoute('/app/_admin/admin/companies/$companyId')({
  params: idParam('companyId'),
  head: ({ params }) => ({ meta: [{ title: pageTitle(`Empresa ${params.companyId}`) }] }),
  component: AdminCompanyRoute,
})

function AdminCompanyRoute() {
  const { companyId } = Route.useParams()
  return <AdminCompanyScreen companyId={companyId} />
}
