import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { DisabledScreen } from '@/screens/account/DisabledScreen'

export const Route = createFileRoute('/app/_bare/user/disabled')({
  head: () => ({ meta: [{ title: pageTitle('Empresa desativada') }] }),
  component: DisabledScreen,
})
