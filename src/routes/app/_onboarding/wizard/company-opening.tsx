import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { TrackWizardScreen } from '@/screens/onboarding/TrackWizardScreen'

export const Route = createFileRoute('/app/_onboarding/wizard/company-opening')({
  head: () => ({ meta: [{ title: pageTitle('Abertura da empresa') }] }),
  component: () => <TrackWizardScreen trackId="create-company" />,
})
