import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { GateBanners } from '@/screens/layouts/GateBanners'
import { layoutBoundaries } from '@/routes/app/-boundaries'

/** Admin layout pages that also need the company-requirements gate (docs/product.md §6). */
export const Route = createFileRoute('/app/_admin/_company')({
  ...layoutBoundaries,
  beforeLoad: ({ context, location }) =>
    enforceGates(['auth', 'company-requirements'], { view: context.view, location }),
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
