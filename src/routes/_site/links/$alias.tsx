import { createFileRoute } from '@tanstack/react-router'
import { resolveLink } from '@/services/links/api'
import { PublicErrorPage } from '@/screens/public/pages/PublicErrorPage'
import { ReferralPage } from '@/screens/public/pages/ReferralPage'
import { SiteNotFound } from '@/screens/public/pages/SiteNotFound'
import { loadRecord } from '../-content'
import { pageHead } from '../-head'

// A referral link (SPEC section 7 `GET /links/{alias}`): its code goes to sign-up as indicatedBy.
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
