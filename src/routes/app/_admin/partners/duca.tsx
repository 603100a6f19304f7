import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { DucaPartnerScreen } from '@/screens/partners/DucaPartnerScreen'

export const Route = createFileRoute('/app/_admin/partners/duca')({
  head: () => ({ meta: [{ title: pageTitle('Duca') }] }),
  component: DucaPartnerScreen,
})
