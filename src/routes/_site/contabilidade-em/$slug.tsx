import { createFileRoute } from '@tanstack/react-router'
import { CityPage } from '@/screens/site/pages/CityPage'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { cityParams } from '../-city'
import { cityHead } from '../-page-heads'
import { loadCityPage } from '../-city-loader'

export const Route = createFileRoute('/_site/contabilidade-em/$slug')({
  params: cityParams,
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ params }) => loadCityPage('contabilidade-em', params),
  staleTime: 60 * 60_000,
  head: ({ loaderData }) => cityHead('contabilidade-em', loaderData),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  const { city, template } = Route.useLoaderData()
  return <CityPage city={city} template={template} prefix="contabilidade-em" />
}
