import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { TrackWizardScreen } from '@/screens/onboarding/TrackWizardScreen'
import { goToCheckout, loadWizard } from '../-wizard'
import { wizardSearchSchema } from '../-wizard-search'

export const Route = createFileRoute('/app/_onboarding/wizard/company-migration')({
  validateSearch: wizardSearchSchema,
  loader: ({ context }) => loadWizard(context),
  head: () => ({ meta: [{ title: pageTitle('Troca de contador') }] }),
  component: MigrationWizardRoute,
})

function MigrationWizardRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <TrackWizardScreen
      trackId="migrate-company"
      viewing={search.etapa}
      payment={search.pagamento}
      onView={(etapa) => void navigate({ to: '/app/wizard/company-migration', search: { etapa } })}
      onCheckout={goToCheckout}
    />
  )
}
