import { Outlet, createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '@/screens/layouts/AuthLayout'
import { layoutBoundaries } from '@/routes/app/-boundaries'

/** Auth layout (docs/product.md §2): /app/login. */
export const Route = createFileRoute('/app/_auth')({
  ...layoutBoundaries,
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
})
