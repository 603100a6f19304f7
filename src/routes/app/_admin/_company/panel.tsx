import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { plansQueryOptions, paymentsQueryOptions } from '@/services/account'
import { anualBillingQueryOptions, billingByCategoryQueryOptions } from '@/services/panel'
import { guidesQueryOptions, monthQueryOptions } from '@/services/simples'
import { addMonths } from '@/kernel/dates'
import { todayInBrazil } from '@/schemas/finance-common'
import { PanelScreen } from '@/screens/panel/PanelScreen'
import {
  PANEL_PAYMENTS,
  panelSearchSchema,
  periodParam,
  periodSearchValue,
} from '@/screens/panel/search'
import { canPreviewPanels } from '@/screens/panel/preview-flag'
import { reconciliationSummaryQueryOptions } from '@/services/bank-statements'
import { companyQueryOptions } from '@/services/companies'
import { dasnQueryOptions } from '@/services/year-end'
import { orNotFound } from '@/routes/app/-params'
import { goToCheckout } from '../user/-checkout'

export const Route = createFileRoute('/app/_admin/_company/panel')({
  validateSearch: panelSearchSchema,
  loaderDeps: ({ search }) => ({
    periodo: search.periodo,
    empresa: search.empresa,
    competencia: search.competencia,
  }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    // The flagged admin's preview of a client's panel (`?empresa=`): an unknown id is a 404.
    const previewing =
      view.isSystemAdmin && canPreviewPanels(view.user?.email) && deps.empresa !== undefined
    const company = previewing
      ? await orNotFound(queryClient.ensureQueryData(companyQueryOptions(deps.empresa!)))
      : view.company
    if (company) {
      // Each card shows its own skeleton and error: their reports are asked for now, in
      // parallel, without holding the page (the cards read them with useSuspenseQuery).
      const period = deps.periodo ? periodParam(deps.periodo) : todayInBrazil().slice(0, 4)
      void queryClient.prefetchQuery(anualBillingQueryOptions(company.id))
      void queryClient.prefetchQuery(billingByCategoryQueryOptions(company.id, period))
      void queryClient.prefetchQuery(paymentsQueryOptions(company.id, PANEL_PAYMENTS))
      void queryClient.prefetchQuery(reconciliationSummaryQueryOptions({ companyId: company.id }))
      // The Simples card's month (ME, EPP: the last one by default), the MEI's DAS-MEI of this
      // month, and the guides to pay.
      const month = todayInBrazil().slice(0, 7)
      if (company.size === 'ME' || company.size === 'EPP')
        void queryClient.prefetchQuery(
          monthQueryOptions(company.id, deps.competencia ?? addMonths(month, -1)),
        )
      if (company.size === 'MEI') {
        void queryClient.prefetchQuery(monthQueryOptions(company.id, month))
        void queryClient.prefetchQuery(dasnQueryOptions(company.id, Number(month.slice(0, 4))))
      }
      if (company.size === 'ME' || company.size === 'EPP' || company.size === 'MEI')
        void queryClient.prefetchQuery(guidesQueryOptions(company.id))
    }
    // The plans name the company card's plan: asked for now, not waited for (the card shows
    // the company at once and its plan's name when they come).
    void queryClient.prefetchQuery(plansQueryOptions())
  },
  head: () => ({ meta: [{ title: pageTitle('Painel') }] }),
  component: Panel,
})

function Panel() {
  const { periodo, empresa, competencia } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PanelScreen
      period={periodo === undefined ? undefined : periodParam(periodo)}
      onPeriodChange={(next) =>
        void navigate({
          search: (previous) => ({ ...previous, periodo: periodSearchValue(next) }),
          replace: true,
        })
      }
      competence={competencia}
      onCompetenceChange={(next) =>
        void navigate({
          search: (previous) => ({ ...previous, competencia: next }),
          replace: true,
        })
      }
      onCheckout={goToCheckout}
      previewCompanyId={empresa}
    />
  )
}
