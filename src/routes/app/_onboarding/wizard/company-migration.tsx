import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { TrackWizardScreen } from '@/screens/onboarding/TrackWizardScreen'

export const Route = createFileRoute('/app/_onboarding/wizard/company-migration')({
  head: () => ({ meta: [{ title: pageTitle('Troca de contador') }] }),
  component: () => <TrackWizardScreen trackId="migrate-company" />,
})
