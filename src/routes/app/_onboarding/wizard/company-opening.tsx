import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { TrackWizardScreen } from '@/screens/onboarding/TrackWizardScreen'
import { goToCheckout, loadWizard } from '../-wizard'
import { wizardSearchSchema } from '../-wizard-search'

export const Route = createFileRoute('/app/_onboarding/wizard/company-opening')({
  validateSearch: wizardSearchSchema,
  loader: ({ context }) => loadWizard(context),
  head: () => ({ meta: [{ title: pageTitle('Abertura da empresa') }] }),
  component: OpeningWizardRoute,
})

function OpeningWizardRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <TrackWizardScreen
      trackId="create-company"
      viewing={search.etapa}
      payment={search.pagamento}
      onView={(etapa) => void navigate({ to: '/app/wizard/company-opening', search: { etapa } })}
      onCheckout={goToCheckout}
    />
  )
}
