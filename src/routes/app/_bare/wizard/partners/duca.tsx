import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { myDucaQueryOptions } from '@/services/partners'
import { DucaApplicationScreen } from '@/screens/onboarding/DucaApplicationScreen'

export const Route = createFileRoute('/app/_bare/wizard/partners/duca')({
  loader: ({ context: { queryClient, view } }) =>
    view.user ? queryClient.ensureQueryData(myDucaQueryOptions(view.user.uid)) : undefined,
  head: () => ({ meta: [{ title: pageTitle('Cadastro no programa Duca') }] }),
  component: DucaApplicationRoute,
})

function DucaApplicationRoute() {
  const navigate = useNavigate()
  return <DucaApplicationScreen onDone={() => void navigate({ to: '/app/partners/duca' })} />
}
