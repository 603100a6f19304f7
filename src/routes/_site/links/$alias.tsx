import { createFileRoute } from '@tanstack/react-router'
import { resolveLink } from '@/services/site/links/api'
import { PublicErrorPage } from '@/screens/site/pages/PublicErrorPage'
import { ReferralPage } from '@/screens/site/pages/ReferralPage'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { loadRecord } from '../-content'
import { pageHead } from '../-head'

// A referral link (docs/product.md §7 `GET /links/{alias}`): its code goes to sign-up as indicatedBy.
export const Route = createFileRoute('/_site/links/$alias')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ params, abortController }) =>
    loadRecord(() => resolveLink(params.alias, abortController.signal)),
  head: ({ params }) =>
    pageHead({ title: 'Indicação', path: `/links/${params.alias}`, noindex: true }),
  component: Page,
  errorComponent: PublicErrorPage,
  notFoundComponent: SiteNotFound,
})

function Page() {
  return <ReferralPage link={Route.useLoaderData()} />
}
