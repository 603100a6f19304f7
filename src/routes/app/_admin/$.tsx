import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '@/screens/errors/NotFoundPage'

/**
 * An address under /app that no page has: the signed-in 404 inside the admin layout (header and
 * menu), after the sign-in gate of ./route.tsx — so a signed-out visitor signs in first.
 */
export const Route = createFileRoute('/app/_admin/$')({
  component: NotFoundPage,
})
