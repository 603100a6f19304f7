import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { companyStatusSchema } from '@/schemas/company'
import { pageTitle } from '@/lib/title'
import { AdminCompaniesScreen } from '@/screens/back-office/CompaniesScreen'

const searchSchema = z.object({
  query: z.coerce.string().trim().max(100).optional().catch(undefined),
  status: companyStatusSchema.optional().catch(undefined),
  offset: z.coerce.number().int().min(0).optional().catch(undefined),
})

export const Route = createFileRoute('/app/_admin/admin/companies/')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: pageTitle('Empresas') }] }),
  component: AdminCompaniesRoute,
})

function AdminCompaniesRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <AdminCompaniesScreen
      search={search}
      onSearchChange={(next) =>
        void navigate({
          to: '/app/admin/companies',
          search: {
            query: next.query || undefined,
            status: next.status,
            offset: next.offset || undefined,
          },
        })
      }
    />
  )
}
