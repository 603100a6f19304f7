import { NotFoundPage } from '@/screens/errors/NotFoundPage'
import { SiteLayout } from '../layout/SiteLayout'

/** The 404 page inside the site's layout (unknown path, city or CNAE). */
export function SiteNotFound() {
  return <NotFoundPage embedded />
}

/** For paths no route matches: the same page with the site's header and footer. */
export default function SiteNotFoundWithLayout() {
  return (
    <SiteLayout>
      <NotFoundPage embedded />
    </SiteLayout>
  )
}
