import { Outlet, createFileRoute, useRouterState } from '@tanstack/react-router'
import { SiteLayout } from '@/screens/site/layout/SiteLayout'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'

// The institutional layout (docs/product.md §2): every public page, with the site's header, navigation
// and footer. Pathless: it adds no segment to the address. The build renders the same layout
// into every prerendered page (src/entries/prerender/entry-prerender.tsx); this route serves the client-side app
// (the dev server, the editors' preview, referral links).
export const Route = createFileRoute('/_site')({
  component: Layout,
  notFoundComponent: SiteNotFound,
})

function Layout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <SiteLayout pathname={pathname}>
      <Outlet />
    </SiteLayout>
  )
}
