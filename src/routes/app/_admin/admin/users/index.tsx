import { createFileRoute, redirect } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { adminUsersQueryOptions } from '@/services/back-office'
import { companyQueryOptions } from '@/services/companies'
import { AdminUsersScreen } from '@/screens/back-office/UsersScreen'
import { usersListInput, usersSearchSchema } from '@/screens/back-office/users-search'

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status

export const Route = createFileRoute('/app/_admin/admin/users/')({
  validateSearch: usersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    if (deps.companyId) {
      // A company that is no longer there: the list of everyone instead of an error.
      await queryClient.ensureQueryData(companyQueryOptions(deps.companyId)).catch((error) => {
        if (statusOf(error) === 404)
          throw redirect({ to: '/app/admin/users', search: { ...deps, companyId: undefined } })
        throw error
      })
    }
    await queryClient.ensureQueryData(adminUsersQueryOptions(usersListInput(deps)))
  },
  head: () => ({ meta: [{ title: pageTitle('Usuários') }] }),
  component: AdminUsersRoute,
})

function AdminUsersRoute() {
  return <AdminUsersScreen search={Route.useSearch()} />
}
