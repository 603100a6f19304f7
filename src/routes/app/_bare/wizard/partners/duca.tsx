import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { DucaWizardScreen } from '@/screens/onboarding/DucaApplicationScreen'

export const Route = createFileRoute('/app/_bare/wizard/partners/duca')({
  head: () => ({ meta: [{ title: pageTitle('Cadastro no programa Duca') }] }),
  component: DucaWizardScreen,
})
