import { createFileRoute, redirect } from '@tanstack/react-router'
import type { PageContent } from '@/schemas/content'
import { slugify } from '@/schemas/slug'
import { fetchCnae } from '@/services/site/cnaes/api'
import { CnaePageScreen } from '@/screens/site/pages/CnaePageScreen'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { loadRecord, loadStory } from '../../-content'
import { cnaeHead } from '../../-page-heads'
import { cnaeParams } from './-cnae'

export const Route = createFileRoute('/_site/tools/cnae/$slug')({
  params: cnaeParams,
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ params, abortController }) => {
    const [cnae, template] = await Promise.all([
      loadRecord(() => fetchCnae(params.code, abortController.signal)),
      loadStory<PageContent>('modelos/cnae'),
    ])
    // Any other text after the code (old, shortened or mistyped) goes to the canonical address.
    const text = slugify(cnae.text)
    if (params.text !== text)
      throw redirect({
        to: '/tools/cnae/$slug',
        params: { slug: `${cnae.code}-${text}`, code: cnae.code, text },
        replace: true,
      })
    return { cnae, template }
  },
  staleTime: 60 * 60_000,
  head: ({ loaderData }) => cnaeHead(loaderData?.cnae, loaderData?.template),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  const { cnae, template } = Route.useLoaderData()
  return <CnaePageScreen cnae={cnae} template={template} />
}
