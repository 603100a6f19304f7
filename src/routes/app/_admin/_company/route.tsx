import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { AreaError } from '@/screens/errors/AreaError'
import { GateBanners } from '@/screens/layouts/GateBanners'

/** Admin layout pages that also need the company-requirements gate (SPEC section 6). */
export const Route = createFileRoute('/app/_admin/_company')({
  beforeLoad: ({ context, location }) =>
    enforceGates(['auth', 'company-requirements'], { view: context.view, location }),
  errorComponent: AreaError,
  component: CompanyArea,
})

function CompanyArea() {
  const { banners } = Route.useRouteContext()
  return (
    <>
      <GateBanners banners={banners} />
      <Outlet />
    </>
  )
}
