import { createFileRoute } from '@tanstack/react-router'
import { todayInBrazil } from '@/kernel/dates'
import { pageTitle } from '@/lib/title'
import { selicQueryOptions } from '@/services/simples'
import { SelicScreen } from '@/screens/back-office/simples/SelicScreen'

export const Route = createFileRoute('/app/_admin/admin/selic/')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(selicQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle('Taxa Selic') }] }),
  component: SelicRoute,
})

function SelicRoute() {
  return <SelicScreen today={todayInBrazil()} />
}
