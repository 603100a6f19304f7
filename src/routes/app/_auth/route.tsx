import { Outlet, createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '@/screens/layouts/AuthLayout'

/** Auth layout (SPEC section 2): /app/login. */
export const Route = createFileRoute('/app/_auth')({
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
})
