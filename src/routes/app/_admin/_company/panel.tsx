import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { PanelScreen } from '@/screens/panel/PanelScreen'

export const Route = createFileRoute('/app/_admin/_company/panel')({
  head: () => ({ meta: [{ title: pageTitle('Painel') }] }),
  component: PanelScreen,
})
