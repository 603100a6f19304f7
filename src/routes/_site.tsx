import { Outlet, createFileRoute } from '@tanstack/react-router'
import { SiteLayout } from '@/screens/site/layout/SiteLayout'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'

// The institutional layout (SPEC section 2): every public page, with the site's header, navigation
// and footer. Pathless: it adds no segment to the address.
export const Route = createFileRoute('/_site')({
  component: () => (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  ),
  notFoundComponent: SiteNotFound,
})
