import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { adminUserQueryOptions } from '@/services/back-office'
import { AdminUserScreen } from '@/screens/back-office/UserScreen'
import { idParam, orNotFound } from '@/routes/app/-params'

export const Route = createFileRoute('/app/_admin/admin/users/$userId')({
  params: idParam('userId'),
  // An unknown id is the 404 page.
  loader: async ({ context: { queryClient }, params: { userId } }) => {
    const user = await orNotFound(queryClient.ensureQueryData(adminUserQueryOptions(userId)))
    return { title: user.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Usuário') }] }),
  component: AdminUserRoute,
})

function AdminUserRoute() {
  return <AdminUserScreen userId={Route.useParams().userId} />
}
